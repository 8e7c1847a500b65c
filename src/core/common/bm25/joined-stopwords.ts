/**
 * Words joined by hyphens from stopwords alone. Qdrant's analyzer splits "O-O-O" (chess's
 * queenside castling) at its hyphens into "o", "o", "o", three stopwords, and drops them all: the
 * question "O-O-O" had no word to search, and no page that writes it could be found by it (a
 * synonyms line cannot help: its reader side is read the same way). Written joined, such a run
 * names one thing ("O-O", "do-it-yourself", "on-off"), so the keyword search indexes and asks for it
 * whole, as one token.
 *
 * Like the stopwords written in capitals (capital-stopwords.ts) these are extra tokens beside
 * Qdrant's own analysis ({@link analyzeText} is unchanged): ingest adds them to a chunk's BM25 vector
 * and the search to the question's, so both stores score them alike; a collection ingested before
 * has none, and the question then finds what it found before (nothing). A run with any other word
 * in it ("up-to-date") is left alone: its other words already find it.
 */
import { isStopword } from './stopwords';

const WORD = '[\\p{Alphabetic}\\p{Nd}\\p{Nl}\\p{No}]';
// Two or more word runs joined by single hyphens, not part of a longer run (a hyphen or word
// character on either side), so "O-O" is not read inside "O-O-O". Built on first use: its Unicode
// classes cost a fresh isolate ~1–2 ms to build and compile, and a text without a hyphen (most
// questions) never needs it.
let joined: RegExp | null = null;
const joinedPattern = (): RegExp =>
  (joined ??= new RegExp(`(?<![-\\p{Alphabetic}\\p{Nd}\\p{Nl}\\p{No}])${WORD}+(?:-${WORD}+)+(?![-\\p{Alphabetic}\\p{Nd}\\p{Nl}\\p{No}])`, 'gu'));

/**
 * The runs of `text` joined by hyphens whose every part is a stopword, lowercased, in order,
 * repeats kept (they are term frequencies).
 *
 * @example
 * joinedStopwords('Castle long (O-O-O) or short (O-O).'); // ['o-o-o', 'o-o']
 * joinedStopwords('an up-to-date list'); // [] ("date" is a word)
 */
export function joinedStopwords(text: string): string[] {
  return joinedStopwordRuns(text).map(({ run }) => run);
}

/**
 * {@link joinedStopwords} with where each run starts in `text` (the run lowercased, as written
 * otherwise: the same length), e.g. to mark it in a highlight.
 *
 * @example
 * joinedStopwordRuns('Write O-O.'); // [{ index: 6, run: 'o-o' }]
 */
export function joinedStopwordRuns(text: string): { index: number; run: string }[] {
  const found: { index: number; run: string }[] = [];
  // Every run holds a hyphen: without one there is nothing to find.
  if (!text.includes('-')) return found;
  for (const match of text.matchAll(joinedPattern())) {
    const lower = match[0].toLowerCase();
    // A letter whose lowercase is longer ("İ") is no stopword's: such a run is never kept.
    if (lower.length === match[0].length && lower.split('-').every((part) => isStopword(part))) found.push({ index: match.index, run: lower });
  }
  return found;
}
