/**
 * Short names joined by an ampersand: "C&R" (catch and release), "R&D", "Q&A", "P&L", "AT&T".
 * Qdrant's analyzer splits "C&R" at the "&" into "c" and "r", single letters that any chunk with a
 * "°C" or an "r" (a variable, a grade) also holds: "what does C&R stand for" in a fishing book ranked
 * a chunk of water temperatures in °C first, above the glossary line and the introduction that
 * define it. Written joined, such a run names one thing, so the keyword search indexes and asks for
 * it whole, as one token, beside its letters (which still find what they found before).
 *
 * Like the hyphen runs (joined-stopwords.ts) these are extra tokens beside Qdrant's own analysis
 * ({@link analyzeText} is unchanged): ingest adds them to a chunk's BM25 vector and the search to
 * the question's; a collection ingested before has none, and the question then finds what it did.
 */

// Parts of one to four letters, no space around the "&", not inside a longer run ("a&&b" in code or
// a URL's "x=1&y=2": a letter, digit, "&" or "=" beside the run rejects it), and no "&" that opens an
// HTML entity ("R&amp;D", "&lt;").
// Built on first use: a text without an ampersand (most questions) never needs it.
let joined: RegExp | null = null;
const joinedPattern = (): RegExp =>
  (joined ??= /(?<![&=\p{Alphabetic}\p{Nd}])\p{Alphabetic}{1,4}(?:&(?!\p{Ll}{2,8};)\p{Alphabetic}{1,4})+(?![&=\p{Alphabetic}\p{Nd}])/gu);

/**
 * The runs of `text` of short words joined by "&", lowercased, in order, repeats kept (they are
 * term frequencies).
 *
 * @example
 * ampersandNames('Practise C&R; ask in the Q&A. Salt & pepper, a&&b'); // ['c&r', 'q&a']
 */
export function ampersandNames(text: string): string[] {
  return ampersandNameRuns(text).map(({ run }) => run);
}

/**
 * {@link ampersandNames} with where each run starts in `text` (the run lowercased, as written
 * otherwise: the same length), e.g. to mark it in a highlight.
 *
 * @example
 * ampersandNameRuns('What is C&R?'); // [{ index: 8, run: 'c&r' }]
 */
export function ampersandNameRuns(text: string): { index: number; run: string }[] {
  // Every run holds an ampersand: without one there is nothing to find.
  if (!text.includes('&')) return [];
  const found: { index: number; run: string }[] = [];
  for (const match of text.matchAll(joinedPattern())) {
    const run = match[0].toLowerCase();
    // A letter whose lowercase is longer ("İ") would make the run outrun what is written: not kept,
    // as joined-stopwords.ts does.
    if (run.length === match[0].length) found.push({ index: match.index, run });
  }
  return found;
}
