/**
 * Words joined by hyphens that hold a stopword. Qdrant's analyzer splits "O-O-O" (chess's
 * queenside castling) at its hyphens into "o", "o", "o", three stopwords, and drops them all: the
 * question "O-O-O" had no word to search, and no page that writes it could be found by it (a
 * synonyms line cannot help: its reader side is read the same way). Written joined, such a run
 * names one thing ("O-O", "do-it-yourself", "on-off"), so the keyword search indexes and asks for it
 * whole, as one token.
 *
 * So does a run with other words in it: the analyzer keeps only those, and they are often not what
 * the run names. A guitar book's "pull-off" (a technique) was read as "pull", a word every page about
 * strings uses ("pull the string up", "pulls them sharp"), and "what is a pull-off" found neither its
 * tablature table nor its glossary line in the top three; "hammer-on", "warm-up", "trade-off",
 * "built-in", "log-in", "cut-off" lose their stopword the same way. The run is added whole beside its
 * words, which still find it as before ("up-to-date" still by "date").
 *
 * Like the stopwords written in capitals (capital-stopwords.ts) these are extra tokens beside
 * Qdrant's own analysis ({@link analyzeText} is unchanged): ingest adds them to a chunk's BM25 vector
 * and the search to the question's, so both stores score them alike; a collection ingested before
 * has none, and the question then finds what it found before.
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
 * The runs of `text` joined by hyphens with at least one part a stopword, lowercased, in order,
 * repeats kept (they are term frequencies).
 *
 * @example
 * joinedStopwords('Castle long (O-O-O) or short (O-O).'); // ['o-o-o', 'o-o']
 * joinedStopwords('a pull-off, an up-to-date list, a steel-string guitar'); // ['pull-off', 'up-to-date']
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
    if (lower.length === match[0].length && lower.split('-').some((part) => isStopword(part))) found.push({ index: match.index, run: lower });
  }
  return found;
}
