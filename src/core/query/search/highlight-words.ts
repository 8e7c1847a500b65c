/**
 * Which words of a result match the question, for the highlight (highlight.ts): a chunk's words
 * are read only where they may be the question's (they open with the first letters of one of its
 * stems), each counted by the key it matches, none in a link's target, which the reader never sees.
 */
import { ampersandNameRuns, isStopword, joinedStopwordRuns, WORD_RUNS } from '../../common/bm25/index';
import type { Span } from '../../common/text/sentence-spans';
import { inflectionVariants, spellingVariants, withoutAccents } from '../../common/text/word-variants';
import { CALLOUT_KINDS, QUOTE_MARKS, type CandidateSpan } from './highlight-spans';
import { insideRanges, linkTargetRanges } from './link-targets';
import { matchedKey, questionStem } from './question-weights';

// The tokenizer's own pattern: V8 reuses its compiled code (a new Unicode-class pattern costs ~0.5 ms
// to compile on an isolate's first search).
export const WORD_AT = new RegExp(WORD_RUNS.source, 'gu');
// A Latin letter with a mark, precomposed ("á", "ñ"; not "×" or "÷") or as a combining mark.
const ACCENTED = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0300-\u036f]/;

/** Whether `ch` is a word character (ASCII by its code; anything else by the tokenizer's pattern). */
function isWordChar(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  WORD_AT.lastIndex = 0;
  return WORD_AT.exec(ch)?.index === 0;
}

/** {@link openingsOf} per question weights: each result's highlight of one search reads the same map. */
const openingsByWeights = new WeakMap<ReadonlyMap<string, number>, ReadonlySet<string>>();

/** The first three letters a word of a chunk opens with when it may be one of the question's (see {@link candidateWords}). */
function openingsOf(weights: ReadonlyMap<string, number>): ReadonlySet<string> {
  const known = openingsByWeights.get(weights);
  if (known) return known;
  // A word ending in a consonant and "y" stems to "i" ("dry" → "dri"): its opening is read both ways.
  // The other spelling can open differently: the book's "haemoglobin" for the reader's "hemoglobin".
  // So can an -ing or -ed form the stemmer reads as another word: the book's "suing" for the reader's "sue".
  const openings = new Set([...weights.keys()].flatMap((stem) => [stem, ...spellingVariants(stem), ...inflectionVariants(stem)]).flatMap((stem) => {
    const opening = stem.slice(0, 3).toLowerCase();
    return opening.endsWith('i') ? [opening, `${opening.slice(0, -1)}y`] : [opening];
  }));
  openingsByWeights.set(weights, openings);
  return openings;
}

/**
 * The words of `content` that may be the question's, lowercased, in order: those opening with the
 * first three letters of one of its stems (a stem is a prefix of its words but for a few letters).
 * Found with the engine's string search for each opening, so the many other words of a chunk cost
 * no JavaScript and no per-question regex is compiled (measured: a fresh regex over Unicode word
 * classes costs ~1 ms to compile, a loop over every word ~0.8 ms per five results).
 */
function candidateWords(content: string, weights: ReadonlyMap<string, number>): { index: number; word: string }[] {
  const lower = content.toLowerCase();
  const openings = openingsOf(weights);
  if (lower.length !== content.length || content.normalize('NFKC') !== content || ACCENTED.test(content)) {
    // A letter whose lowercase is longer ("İ") would shift every offset, and a word NFKC reads
    // otherwise ("CO₂", indexed and asked as "co2") or without its accents ("cuál", asked as
    // "cual") opens otherwise: read word by word instead.
    const opens = (word: string) => openings.has(word.slice(0, 3)) || openings.has(word.normalize('NFKC').slice(0, 3)) || openings.has((withoutAccents(word) ?? '').slice(0, 3));
    return [...content.matchAll(WORD_RUNS)].map((m) => ({ index: m.index, word: m[0].toLowerCase() })).filter(({ word }) => opens(word));
  }
  const starts = new Set<number>();
  for (const opening of openings) {
    for (let at = lower.indexOf(opening); at >= 0; at = lower.indexOf(opening, at + 1)) {
      if (at === 0 || !isWordChar(lower[at - 1]!)) starts.add(at);
    }
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((index) => {
      // The word starting here (an opening is word characters, so the next run starts at it).
      WORD_AT.lastIndex = index;
      return { index, word: WORD_AT.exec(lower)![0] };
    });
}

// A callout's kind word as ingest writes it, capitalised before its colon at a line's start ("Tip:
// Rotate your pots.", admonitions.ts; in a quote, "> Warning: …"): it says what sort of box
// follows, not what the box says. Read as the reader's word, "Tip" matched "why are the tips of my
// leaves turning brown", and a box about turning pots was the highlight over the sentence about
// brown leaf edges, "Tip" marked. Ranking still reads it. Mid-line ("the message says Error: disk
// full") it is prose, and a word like any other.
const KIND_LABEL = new RegExp(`(?:${CALLOUT_KINDS}):`, 'y');
const LINE_OPENING = new RegExp(`^${QUOTE_MARKS}$`);

/**
 * Whether the word at `index` of `text` is a callout's kind word ("Tip" of "Tip: Use a container."),
 * which the highlight neither scores nor marks.
 *
 * @example
 * isCalloutKindWord('Tip: Turn each pot.', 0); // true
 * isCalloutKindWord('The tip: a node.', 4); // false
 */
export function isCalloutKindWord(text: string, index: number): boolean {
  KIND_LABEL.lastIndex = index;
  if (!KIND_LABEL.test(text)) return false;
  // Only quote markers between the line's start and the word (at most a few characters to read).
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  return index - lineStart <= 8 && LINE_OPENING.test(text.slice(lineStart, index));
}

/**
 * The question's key a chunk's word (`written`, lowercased `word`, stemmed `stem`) matches, or null.
 * A stopword of the chunk is no word of the question, though a question's word may stem to it:
 * the stemmer reads "AED" as "a" (and "IED" as "i"), which BM25 keeps, having dropped the article
 * "a" before stemming; the highlight marked every "a" of the chunk. A stopword the question writes
 * in capitals matches under its capital key (matchedKey), and still does.
 */
export function chunkWordKey(written: string, word: string, stem: string, weights: ReadonlyMap<string, number>): string | null {
  const key = matchedKey(written, stem, weights);
  return key === stem && isStopword(word) ? null : key;
}

/**
 * Whether the question asks for a run read whole: stopwords joined by hyphens ("o-o") or short
 * names joined by "&" ("c&r"). Only then can a chunk's own runs match, so only then are they looked
 * for (a scan with a Unicode regular expression).
 */
export function asksJoined(weights: ReadonlyMap<string, number>): boolean {
  for (const key of weights.keys()) if (key.includes('-') || key.includes('&')) return true;
  return false;
}

/**
 * The runs of `text` the keyword search reads whole (joined-stopwords.ts, ampersand-names.ts), with
 * where each starts, in order: a highlight matches them as the search does, not by their letters.
 *
 * @example
 * joinedRuns('Castle O-O; practise C&R.'); // [{ index: 7, run: 'o-o' }, { index: 21, run: 'c&r' }]
 */
export function joinedRuns(text: string): { index: number; run: string }[] {
  return [...joinedStopwordRuns(text), ...ampersandNameRuns(text)].sort((a, b) => a.index - b.index);
}

/**
 * The question's stems in each span (each once), found with one scan of `content`; `stems` caches
 * the stem each word counts as for this question. A word in a link's target is none (link-targets.ts),
 * outside a code block (`handlers[kind](payload)` is code, no link).
 *
 * @example
 * const content = 'Nodes talk. A topic is a channel.';
 * stemsPerSpan(content, [{ span: [0, 11] }, { span: [12, 33] }], questionWeights('what is a topic'), new Map()); // [[], ['topic']]
 */
export function stemsPerSpan(content: string, spans: readonly { span: Span; code?: boolean }[], weights: ReadonlyMap<string, number>, stems: Map<string, string>): string[][] {
  const found = spans.map(() => [] as string[]);
  const inLinkTarget = insideRanges(linkTargetRanges(content));
  let i = 0;
  for (const { index, word } of candidateWords(content, weights)) {
    while (i < spans.length && spans[i]!.span[1] <= index) i++;
    if (i === spans.length) break;
    if (index < spans[i]!.span[0]) continue; // between spans (a skipped heading)
    if (!spans[i]!.code && inLinkTarget(index)) continue; // a link's path, which the reader never sees (code has none)
    if (!spans[i]!.code && isCalloutKindWord(content, index)) continue; // a box's kind, not its words
    let stem = stems.get(word);
    if (stem === undefined) stems.set(word, (stem = questionStem(word, weights)));
    const key = chunkWordKey(content.slice(index, index + word.length), word, stem, weights);
    if (key !== null && !found[i]!.includes(key)) found[i]!.push(key);
  }
  // Runs the question joins ("o-o", "c&r") are no word of the scan above: they match whole.
  if (asksJoined(weights)) {
    for (const { index, run } of joinedRuns(content)) {
      const at = spans.findIndex(({ span }) => index >= span[0] && index < span[1]);
      if (at >= 0 && weights.has(run) && !found[at]!.includes(run)) found[at]!.push(run);
    }
  }
  return found;
}

/**
 * Whether the question names the term a glossary entry opens with (its `entry`, highlight-spans.ts),
 * read for every entry of `spans` in one pass over `content` the first time it is asked: stemsPerSpan
 * scans the chunk from its start, and one scan per entry took a chunk of 5,000 entries 5.6 s.
 *
 * @example
 * const namesTerm = entryTermReader(content, spans, weights, stems);
 * namesTerm(spans[3]!); // true when spans[3] opens "**Quadrat**: …" and the question says "quadrat"
 */
export function entryTermReader(content: string, spans: readonly CandidateSpan[], weights: ReadonlyMap<string, number>, stems: Map<string, string>): (entry: CandidateSpan) => boolean {
  let named: ReadonlySet<CandidateSpan> | null = null;
  return (entry) => {
    if (!named) {
      const entries = spans.filter((span) => span.entry > 0);
      const found = stemsPerSpan(content, entries.map(({ span, entry: end }) => ({ span: [span[0], end] as Span })), weights, stems);
      named = new Set(entries.filter((_, k) => found[k]!.length > 0));
    }
    return named.has(entry);
  };
}
