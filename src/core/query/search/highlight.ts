/**
 * The sentence of a result that best matches the question, as search engines show under a link:
 * a chunk is a whole section, and its first lines are often an introduction, so a preview cut from
 * its start hides the line that answers. Picked by the question's words (their stems, weighed by
 * their rarity in the book when it is known), never by a model, so it costs ~0.07 ms a result and
 * says exactly why the chunk matched; a chunk found by the local model alone, with none of the
 * question's words, has no highlight. A chunk whose only match is a heading in its text highlights
 * the first sentence under that heading (highlight-under-heading.ts), with no `terms`.
 */
import { isStopword, WORD_RUNS } from '../../common/bm25/index';
import { mathPlain } from '../../common/text/math-plain';
import { ENDS_WITH_COLON, introducesTable, labelText, opensRunIn, withItemsParted, withWhatItIntroduces, withWhatLeadsIn } from './highlight-lead-in';
import { withWholeNumbers } from './highlight-numbers';
import { candidateSpans, type CandidateSpan } from './highlight-spans';
import { firstUnderMatchedHeading } from './highlight-under-heading';
import { asksJoined, chunkWordKey, entryTermReader, isCalloutKindWord, joinedRuns, stemsPerSpan, WORD_AT } from './highlight-words';
import { insideRanges, linkTargetRanges } from './link-targets';
import { matchedKey } from './question-weights';

/** Longest highlight, in characters (about two sentences). */
export const HIGHLIGHT_CHARS = 240;
/** How much less a pair of sentences counts than one holding the same words (per extra sentence). */
const PAIR_PENALTY = 0.25;
// Up to this length a sentence a book hard-wraps stays whole and is cut around its first match, as
// the same sentence on one line is: a wrapped 250-character sentence had shown one line of it ("In
// the event the crowd was smaller than feared,"). Longer, it is read line by line.
const WRAPPED_SENTENCE_CHARS = 2 * HIGHLIGHT_CHARS;

// A definition list's detail line under its term (`**Term**` then `: What it is.`).
const DEFINITION_DETAIL = /[ \t]*\r?\n[ \t]{0,3}:[ \t]+/g;

/** The part of a result's `content` that matches the question best. */
export interface Highlight {
  /** The sentence (or two), whitespace collapsed, TeX math as plain text, cut to {@link HIGHLIGHT_CHARS} around its first match ("…" where cut). */
  text: string;
  /** Where the sentence(s) lie in `content`: `content.slice(start, end)`. */
  start: number;
  end: number;
  /** The words of `text` that match the question, lowercased, for bold or `<mark>`. */
  terms: string[];
  /** The heading `text` lies under when it is a later one than the chunk's `section` (highlight-heading.ts); absent otherwise. */
  section?: string;
  /** That heading's link: use it instead of the result's `section_url` (absent with `section`). */
  section_url?: string | null;
}

// The stem each word of the results counts as, per question (its results share most words).
const stemsByQuestion = new WeakMap<ReadonlyMap<string, number>, Map<string, string>>();

/** `text` with whitespace collapsed, cut to `max` characters around `focus` (an index into it). */
function window(text: string, focus: number, max: number): string {
  if (text.length <= max) return text;
  let from = Math.max(0, Math.min(focus - Math.floor(max / 3), text.length - max));
  if (from > 0) from = text.indexOf(' ', from) + 1 || from;
  let to = Math.min(text.length, from + max - 2);
  if (to < text.length) to = Math.max(text.lastIndexOf(' ', to), from + 1);
  return `${from > 0 ? '…' : ''}${text.slice(from, to).trim()}${to < text.length ? '…' : ''}`;
}

/** What {@link highlightPassage} may be told besides the question's weights. */
export interface HighlightOptions {
  /** Longest highlight, in characters: {@link HIGHLIGHT_CHARS} if left out. */
  max?: number;
  /** The question as written: a number it writes with a point or comma is one of `terms` (withWholeNumbers). */
  question?: string;
  /** Spans of `content` that earlier results already show word for word: no sentence overlapping one is picked (distinct-highlights.ts). */
  besides?: readonly { start: number; end: number }[];
}

/**
 * The best-matching sentence of `content` for a question weighed by {@link questionWeights}: the
 * sentence (or list item, table row, code line; never a heading), or two neighbouring ones that fit
 * in `max` characters, holding the most weight of the question's stems (each once; a pair counts
 * {@link PAIR_PENALTY} less), the first of equals. When no sentence holds a word of the question
 * but a heading does, the first span under that heading, `terms` empty; null when neither does.
 *
 * @example
 * highlightPassage('## Topics\n\nNodes talk. A topic is a named channel.', questionWeights('what is a topic'));
 * // { text: 'A topic is a named channel.', start: 23, end: 50, terms: ['topic'] }
 * highlightPassage('Step 1.1 sets the dough aside.', questionWeights('step 1'), { question: 'step 1' })!.terms; // ['step', '1']
 */
export function highlightPassage(content: string, weights: ReadonlyMap<string, number>, { max = HIGHLIGHT_CHARS, question, besides }: HighlightOptions = {}): Highlight | null {
  if (!content || weights.size === 0) return null;
  let stems = stemsByQuestion.get(weights);
  if (!stems) stemsByQuestion.set(weights, (stems = new Map()));
  const spans = candidateSpans(content, WRAPPED_SENTENCE_CHARS);
  const found = stemsPerSpan(content, spans, weights, stems);
  const weightOf = (list: readonly string[]): number => list.reduce((sum, stem) => sum + weights.get(stem)!, 0);
  let best: { score: number; start: number; end: number; code: boolean; kind: number } | null = null;
  // Whether the span opens with a word of the question: of equals, the line that leads with the
  // term defines it ("- **Mitosis**: one division, two cells"), where the first of a glossary's two
  // lines holding "mitosis" was "- **Meiosis**: … unlike mitosis".
  // An article or other function word before it still leads ("A topic is a named channel").
  const leads = (start: number): boolean => {
    WORD_AT.lastIndex = start;
    for (let first = WORD_AT.exec(content); first; first = WORD_AT.exec(content)) {
      const word = first[0].toLowerCase();
      const stem = stems.get(word);
      if (stem !== undefined && !isCalloutKindWord(content, first.index) && chunkWordKey(first[0], word, stem, weights) !== null) return true;
      if (!isStopword(word)) return false;
    }
    return false;
  };
  // `table`: the span (or pair) starts with a table row; `code`: in a code block; `last`: its last span.
  const consider = (score: number, start: number, end: number, table: boolean, code: boolean, last: number): void => {
    if (score <= 0 || (best && score < best.score) || besides?.some((shown) => start < shown.end && end > shown.start)) return;
    // Of equals, prose before a code line before a table row (prose reads better: "TEMPO 1308/1311
    // 1SM BR OVC004" of a sample forecast came before the list item that says what TEMPO means),
    // before a label over a table, which says nothing alone (introducesTable), then the one that
    // leads with a word of the question, then the first. Who leads is read only for a tie: most
    // candidates are none.
    const kind = table ? 2 : code ? 1 : introducesTable(content, spans, last) ? 3 : 0;
    if (best && score === best.score && !(kind < best.kind) && !(kind === best.kind && leads(start) && !leads(best.start))) return;
    best = { score, start, end, code, kind };
  };
  // Whether the question names the term an entry of a glossary opens with (`entry`, rare: read only then).
  const namesTerm = entryTermReader(content, spans, weights, stems);
  // Whether span `i` and the next may be read as a pair (see below).
  const joinsNext = (i: number): boolean => {
    const at = spans[i]!;
    const next = spans[i + 1];
    if (!next || next.gap || next.span[1] - at.span[0] > max || at.row !== next.row || (at.itemTail && next.opensItem)) return false;
    const leadIn = ENDS_WITH_COLON.test(content.slice(at.span[0], at.span[1]));
    return (!next.entry || namesTerm(next) || leadIn) && (leadIn || !opensRunIn(content, spans, i + 1));
  };
  for (let i = 0; i < spans.length; i++) {
    const { span, row, code } = spans[i]!;
    const own = weightOf(found[i]!);
    consider(own, span[0], span[1], row, code, i);
    // Two neighbouring sentences when they fit: each may hold a different part of the question, but
    // the second must earn its length (the pair counts PAIR_PENALTY less). Never a table's last row
    // and the prose after it: they are not one thought ("| 69–71 °C | … full-bodied beer | Hold the
    // temperature for 60 minutes." beat the row that answers a question about a dry beer).
    // Nor an item's later sentence and the next item: they are two items' halves ("The most useful
    // everyday mode. **S (Shutter priority)**: you pick the shutter speed" answered a question about
    // the aperture mode, whose item that first sentence ends).
    // Nor a glossary's entry and the span above it, unless the question names the entry's term: the
    // entry defines another term ("Pioneer species: … such as lichens on rock. Quadrat: a square frame
    // … for counting organisms." for "are lichens one organism or two"). A comparison that names both
    // terms still reads the two entries as one, and a lead-in ("three kinds of work:") its first entry.
    // Nor a sentence and the run-in head opening the next paragraph (opensRunIn): the head names what
    // follows it, and "… can also be a sign. **Liquid at the bottom.**" hid the leachate's answer.
    // A short label on a line of its own (a tab's "Assisted braking (GriGri):", "To clean the
    // filter:") is one thought with what it introduces: when it holds a word of the question, that
    // pair pays no penalty. "feed rope on a grigri" was highlighted on the tube-device panel's "feed
    // the rope", the GriGri panel under its label (the one word "grigri") losing as a penalised
    // pair. A label matching nothing is left out, as before ("**Note:**" over a box's text).
    if (joinsNext(i)) {
      const next = spans[i + 1]!;
      const added = weightOf(found[i + 1]!.filter((stem) => !found[i]!.includes(stem)));
      // The label test reads text, so only for a pair that counts.
      const whole = own > 0 && added > 0 && isLabelLine(content, spans[i]!, next);
      if (added > 0) consider(whole ? own + added : (own + added) / (1 + PAIR_PENALTY), span[0], next.span[1], row, code, i + 1);
    }
  }
  // No sentence holds a word of the question but a heading does: the first under it (`terms` empty).
  // With the next when the two fit, as a pair is: a first line alone can be a term over its
  // definition ("**Ctrl+F**") or a short opener ("Falls will happen during development."). A lead-in
  // is not paired: withWhatItIntroduces brings as many of its items as fit, a pair only the first.
  if (!best) {
    if (besides) return null; // the caller keeps the highlight it has
    const i = firstUnderMatchedHeading(content, spans, weights, stems);
    if (i < 0) return null;
    const { span, code } = spans[i]!;
    const paired = joinsNext(i) && !ENDS_WITH_COLON.test(content.slice(span[0], span[1]));
    best = { score: 0, start: span[0], end: paired ? spans[i + 1]!.span[1] : span[1], code, kind: 0 };
  }
  const { start: bestStart, end: bestEnd, code } = best;
  const end = withWhatItIntroduces(content, spans, bestStart, bestEnd, max);
  const start = withWhatLeadsIn(content, spans, bestStart, end, max);
  const [from, to] = code ? [start, end] : withWholeFormulas(content, start, end);
  // A quotation the book wraps repeats its "> " on each line: inside the text it read as a stray
  // ">" ("hew a way > through naked held-up hands"); the first line's stays, for a reader to drop.
  // So does a later list item's bullet (withItemsParted), except in code, where "- " is the code's own;
  // and a definition list's ": " under its term joins it as a colon ("Banneton : A basket" read so).
  const raw = content.slice(from, to);
  const unbulleted = code ? raw : withItemsParted(raw);
  const lines = unbulleted.replace(/\n[ \t]*(?:>[ \t]*)+/g, ' ');
  // TeX math reads as plain text ("σ/√n" for `$\sigma/\sqrt{n}$`): every client shows the highlight
  // as text, and a statistics book's previews were full of backslashes. Code keeps its dollars.
  const whole = (code ? lines : mathPlain(lines.replace(DEFINITION_DETAIL, ': '))).replace(/\s+/g, ' ').trim();
  const matchedAt = (text: string): { at: number; terms: string[] } => {
    let at = -1;
    const terms = new Set<string>();
    // A code block holds no link: `handlers[kind](payload)` indexes and calls.
    const inLinkTarget = insideRanges(code ? [] : linkTargetRanges(text));
    for (const match of text.matchAll(WORD_RUNS)) {
      if (inLinkTarget(match.index) || (!code && isCalloutKindWord(text, match.index))) continue;
      const word = match[0].toLowerCase();
      const stem = stems.get(word);
      if (stem === undefined || matchedKey(match[0], stem, weights) === null) continue;
      if (at < 0) at = match.index;
      terms.add(word);
    }
    for (const { index, run } of asksJoined(weights) ? joinedRuns(text) : []) {
      if (!weights.has(run)) continue;
      if (at < 0 || index < at) at = index;
      terms.add(run);
    }
    return { at, terms: [...terms] };
  };
  const text = window(whole, Math.max(0, matchedAt(whole).at), max);
  return { text, start: from, end: to, terms: withWholeNumbers(text, matchedAt(text).terms, question) };
}

/**
 * Whether `at` is a label ({@link labelText}: not a row or code, a few words ending with a colon) on a
 * line of its own, with the span it introduces on a later line, joined to it (no heading or
 * fence between).
 */
function isLabelLine(content: string, at: CandidateSpan, next: CandidateSpan | undefined): boolean {
  if (!next || next.gap) return false;
  const text = labelText(content, at);
  if (text === null) return false;
  const [start, end] = at.span;
  const before = content.slice(content.lastIndexOf('\n', start - 1) + 1, start);
  if (!/^[ \t]*(?:>[ \t]*)*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?$/.test(before) || !content.slice(end, next.span[0]).includes('\n')) return false;
  // A text that opens with its label's own words ("European labels:" over "European labels usually
  // name the appellation") says it already: with the label, the highlight read the words twice. Whole
  // words: "Car:" over "Careful drivers …" is a label ("careful" repeats no word of it).
  const name = bare(text.replace(ENDS_WITH_COLON, ''));
  if (name === '') return false;
  const opening = bare(content.slice(next.span[0], next.span[0] + name.length + 8));
  return !(opening.startsWith(name) && !WORD_START.test(opening.slice(name.length)));
}

// A letter or digit: a word goes on.
const WORD_START = /^[\p{L}\p{N}]/u;

/** `text` lowercased without emphasis marks, its whitespace collapsed. */
function bare(text: string): string {
  return text.replace(/[*_]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

// A display formula, `$$` opening its line. Its full stop ("$$\n\int f\,dx = F(x) + C .\n$$", as a
// maths book ends a sentence in a formula) ended the sentence inside it, and the highlight, holding
// one `$$`, showed the raw TeX: "$$ \int f(x)\,dx = F(x) + C .".
// No blank line inside: a `$$` left unclosed (a slip) is never paired with a later display's.
const DISPLAY_MATH = /^[ \t>]*\$\$(?:[^$\n]|\n(?![ \t>]*\n))+?\$\$/gm;

/** `[start, end)` widened to hold whole each display formula it cuts. */
function withWholeFormulas(content: string, start: number, end: number): [number, number] {
  if (!content.includes('$$')) return [start, end];
  for (const match of content.matchAll(DISPLAY_MATH)) {
    const [a, b] = [match.index, match.index + match[0].length];
    if (a >= end) break;
    if (b > start && (a < start || b > end)) [start, end] = [Math.min(start, a), Math.max(end, b)];
  }
  return [start, end];
}
