/**
 * A book owner's synonyms: the words readers use for the book's own terms ("rename my computer" for
 * a section on the hostname). No offline resource knows them — WordNet, word vectors and a small
 * sentence encoder were measured and none bridged such pairs (docs/retrieval-quality.md) — but the
 * person who ingests the book often does, and every search engine that serves a site search lets
 * them say so. The file uses the Solr / Elasticsearch synonym format:
 *
 *     # a comment
 *     hostname, computer name, machine name      ← equivalent: a chunk with any is found by all
 *     rename computer, change computer name => hostname   ← readers' words => the book's words
 *
 * It works on the DOCUMENT side, at ingest: a chunk that uses a phrase gets the words it lacks of the
 * phrases that stand for it appended to the text that is BM25-indexed and embedded by Cohere (never
 * to the `content` readers see; the local model learns them as aliases instead, synonymAliases),
 * and its payload lists them with the book phrase each stands for (`synonyms`, `synonym_of`), so a
 * changed file rewrites exactly the chunks it changes and a highlight can mark the book's word.
 * Queries are untouched, so Qdrant and the embedded store answer alike and need no new round trip.
 * Phrases match as stems in order, stopwords skipped, the way BM25 reads them: "hostnames" is a use
 * of "hostname", and "computer name" matches "the computer's name" but not "name of the computer".
 */
import { analyzeText } from '../../common/bm25/index';
import { RetrieverError } from '../../common/errors';
import { synonymPairs } from '../../common/text/synonym-pairs';
import { ownText } from './ingest-plan';
import type { Chunk } from './types';

/** One line of the file: chunks using a `book` phrase are also indexed under the `reader` phrases. */
export interface SynonymRule {
  /** 1-based line in the file, for messages. */
  line: number;
  /** Phrases the book may use. For an equivalence line, every member. */
  book: string[];
  /** Phrases to index a matching chunk under. For an equivalence line, every member. */
  reader: string[];
}

/** Phrases per line and lines per file above which the file is refused (a mistake, not a thesaurus). */
const MAX_PHRASES_PER_LINE = 64;
const MAX_RULES = 20_000;
/**
 * Reader phrases one chunk gains at most (in rule order): past that, a chunk's own words would be a
 * minority of its BM25 length, and a file that broad is a mistake to report, not to index.
 */
export const MAX_PHRASES_PER_CHUNK = 64;

/** A synonyms file read: its rules, and a note per phrase left out. */
export interface ParsedSynonyms {
  rules: SynonymRule[];
  /** Phrases BM25 cannot search ("where", "and or not": stopwords only), left out with their line. */
  skipped: { line: number; message: string }[];
}

/**
 * Parses a synonyms file. A line that is not a rule (two "=>", one phrase alone, a side left empty)
 * throws `config_error` naming it: the owner meant something else. A phrase of stopwords only
 * ("where") can never match, as BM25 drops those words; it is left out and noted, and so is a line
 * that has nothing left.
 *
 * @example
 * parseSynonyms('hostname, computer name\nrename computer => hostname').rules;
 * // [{ line: 1, book: ['hostname', 'computer name'], reader: ['hostname', 'computer name'] },
 * //  { line: 2, book: ['hostname'], reader: ['rename computer'] }]
 */
export function parseSynonyms(text: string, source = 'synonyms file'): ParsedSynonyms {
  const rules: SynonymRule[] = [];
  const skipped: ParsedSynonyms['skipped'] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const body = raw.replace(/(^|\s)#.*$/, '').trim();
    if (body === '') return;
    const fail = (why: string): never => {
      throw new RetrieverError('config_error', `${source}, line ${line}: ${why} (got "${raw.trim().slice(0, 80)}")`, { line });
    };
    const sides = body.split('=>');
    if (sides.length > 2) fail('use "=>" at most once');
    const [left, right] = sides.map(phrasesOf) as [string[], string[] | undefined];
    if (right === undefined && left.length < 2) fail('an equivalence needs two or more phrases separated by commas');
    if (right !== undefined && (left.length === 0 || right.length === 0)) fail('"=>" needs phrases on both sides');
    if (left.length + (right?.length ?? 0) > MAX_PHRASES_PER_LINE) fail(`more than ${MAX_PHRASES_PER_LINE} phrases`);
    const searchable = (phrases: string[]) =>
      phrases.filter((phrase) => {
        if (analyzeText(phrase).length > 0) return true;
        const message = `"${phrase}" is left out: it has no word search reads (stopwords and punctuation only)`;
        if (!skipped.some((note) => note.line === line && note.message === message)) skipped.push({ line, message });
        return false;
      });
    const reader = searchable(left);
    const book = right === undefined ? reader : searchable(right);
    if (book.length === 0 || reader.length === 0 || (right === undefined && reader.length < 2)) {
      skipped.push({ line, message: 'this line adds nothing without those phrases' });
      return;
    }
    rules.push({ line, book, reader });
    if (rules.length > MAX_RULES) fail(`more than ${MAX_RULES} rules`);
  });
  return { rules, skipped };
}

function phrasesOf(side: string): string[] {
  return [...new Set(side.split(',').map((phrase) => phrase.trim().replace(/\s+/g, ' ')).filter(Boolean))];
}

/** What matching a file's rules against a book's texts found (see {@link matchSynonyms}). */
export interface SynonymMatches {
  /** Per text, the reader phrases (cut to the words it lacks) it is also indexed under. */
  added: string[][];
  /** Per text, the book phrase each of its `added` phrases stands for. */
  sources: string[][];
  /** Rules no text uses: a typo, or a term of another book. */
  unused: SynonymRule[];
  /** Texts that had more than MAX_PHRASES_PER_CHUNK phrases (each keeps the first). */
  capped: number;
  /** Per rule (same order), how many texts gained words from it: a rule that reaches most of a book tells none of its chunks apart. */
  reach: number[];
}

/**
 * The reader phrases each text is also indexed under — those of every rule one of whose book
 * phrases the text uses, minus phrases the text already uses, each cut to the words whose stems the
 * text lacks ("main function" is "function" in a text that says "main"); in rule order, each once, at
 * most MAX_PHRASES_PER_CHUNK — with, for each, the book phrase of the text it stands for
 * (`sources`), the rules no text uses (a typo, or a term of another book), and how many texts had
 * more phrases than that.
 *
 * @example
 * matchSynonyms(['Changing hostname: run hostnamectl'], parseSynonyms('rename computer => hostname').rules).added;
 * // [['rename computer']]
 */
export function matchSynonyms(texts: readonly string[], rules: readonly SynonymRule[]): SynonymMatches {
  if (rules.length === 0) return { added: texts.map(() => []), sources: texts.map(() => []), unused: [], capped: 0, reach: [] };
  const stemsOf = new Map<string, string[]>();
  const stems = (phrase: string): string[] => {
    let cached = stemsOf.get(phrase);
    if (!cached) stemsOf.set(phrase, (cached = analyzeText(phrase)));
    return cached;
  };
  // Book phrases by their first stem, so a text is checked only against phrases it could contain
  // (a 20,000-rule file over a 3,800-chunk book: seconds, not minutes).
  const byFirstStem = new Map<string, { rule: number; phrase: string }[]>();
  rules.forEach((rule, index) => {
    for (const phrase of rule.book) {
      const first = stems(phrase)[0]!;
      const list = byFirstStem.get(first) ?? [];
      list.push({ rule: index, phrase });
      byFirstStem.set(first, list);
    }
  });
  const matched = new Set<number>();
  const reach = rules.map(() => 0);
  let capped = 0;
  const sources: string[][] = [];
  const added = texts.map((text) => {
    const words = analyzeText(text);
    const present = new Set(words);
    const uses = (phrase: string) => stems(phrase).every((stem) => present.has(stem)) && containsRun(words, stems(phrase));
    // Each rule the text uses, with the first of its book phrases found (in text order).
    const hits = new Map<number, string>();
    for (const stem of present) for (const { rule, phrase } of byFirstStem.get(stem) ?? []) if (!hits.has(rule) && uses(phrase)) hits.set(rule, phrase);
    const phrases = new Map<string, string>();
    for (const rule of [...hits.keys()].sort((a, b) => a - b)) {
      matched.add(rule);
      let gave = false;
      for (const phrase of rules[rule]!.reader) {
        if (uses(phrase)) continue;
        // Only the words the text lacks: re-adding "file" to every chunk that says "file" would
        // weigh the book's own word up wherever a rule touches, and move unrelated answers.
        const fresh = newWords(phrase, present);
        gave ||= fresh !== '';
        if (fresh && !phrases.has(fresh)) phrases.set(fresh, hits.get(rule)!);
      }
      if (gave) reach[rule]!++;
    }
    if (phrases.size > MAX_PHRASES_PER_CHUNK) capped++;
    const kept = [...phrases].slice(0, MAX_PHRASES_PER_CHUNK);
    sources.push(kept.map(([, source]) => source));
    return kept.map(([phrase]) => phrase);
  });
  return { added, sources, unused: rules.filter((_, index) => !matched.has(index)), capped, reach };
}

/** The words of `phrase` whose stems `present` lacks, in order ('' when none). */
function newWords(phrase: string, present: ReadonlySet<string>): string {
  return phrase
    .split(/\s+/)
    .filter((word) => analyzeText(word).some((stem) => !present.has(stem)))
    .join(' ');
}

/** Whether `run` occurs in `words` as consecutive items. */
function containsRun(words: readonly string[], run: readonly string[]): boolean {
  if (run.length === 1) return words.includes(run[0]!);
  outer: for (let i = 0; i + run.length <= words.length; i++) {
    for (let j = 0; j < run.length; j++) if (words[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * `chunks` with each one's reader phrases in its payload's `synonyms` and the book phrase each
 * stands for in `synonym_of`, so a highlight can mark the book's word (both absent when there are none,
 * so a book ingested without a file keeps byte-identical payloads), the rules no chunk uses, how
 * many chunks reached the limit of phrases, and how many chunks each rule reached. A chunk is matched on its own text (`ownText`: title,
 * headings and content).
 *
 * @example
 * const { chunks: expanded, unused } = withSynonyms(chunks, rules);
 */
export function withSynonyms(chunks: readonly Chunk[], rules: readonly SynonymRule[]): Omit<SynonymMatches, 'added' | 'sources'> & { chunks: Chunk[] } {
  const bare = chunks.map((chunk) => {
    const { synonyms: _previous, synonym_of: _sources, ...payload } = chunk.payload;
    return { ...chunk, payload };
  });
  const { added, sources, unused, capped, reach } = matchSynonyms(bare.map(ownText), rules);
  return {
    chunks: bare.map((chunk, i) => (added[i]!.length ? { ...chunk, payload: { ...chunk.payload, synonyms: added[i]!, synonym_of: sources[i]! } } : chunk)),
    unused,
    capped,
    reach,
  };
}

/**
 * The local model's aliases from chunks `withSynonyms` made (see lsa-aliases.ts), added to `base`
 * (the other spellings' aliases): each stem of a stored reader phrase → the stems of the book phrase
 * it stands for. The model is trained on the book's own text and learns a reader's word as the
 * direction of the book's, as it learns other spellings: trained on the appended words instead, it
 * lost more on the books a file did not help (docs/retrieval-quality.md). A stem the book already
 * uses keeps its own row.
 *
 * @example
 * synonymAliases([{ payload: { synonyms: ['rename'], synonym_of: ['hostname'] } }]);
 * // Map { 'renam' => ['hostnam'] }
 */
export function synonymAliases(chunks: readonly Pick<Chunk, 'payload'>[], base: ReadonlyMap<string, readonly string[]> = new Map()): Map<string, string[]> {
  const aliases = new Map([...base].map(([alias, stems]) => [alias, [...stems]]));
  for (const { payload } of chunks) {
    for (const { reader, book } of synonymPairs(payload)) {
      for (const stem of reader) {
        const list = aliases.get(stem) ?? [];
        for (const target of book) if (target !== stem && !list.includes(target)) list.push(target);
        if (list.length) aliases.set(stem, list);
      }
    }
  }
  return aliases;
}
