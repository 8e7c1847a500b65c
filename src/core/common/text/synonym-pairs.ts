/**
 * How a chunk's payload carries the book owner's synonyms, read in one place for both sides: ingest
 * writes them (build-time/ingest/synonyms.ts) and teaches them to the local model, and the highlight
 * reads them at query time. `synonyms` holds the reader phrases the chunk was indexed under,
 * `synonym_of` for each the book phrase of the chunk it stands for.
 */
import { analyzeText } from '../bm25/index';

/** One reader phrase and the book phrase it stands for, as stems. */
export interface SynonymPair {
  reader: readonly string[];
  book: readonly string[];
}

// A book's phrases are few and recur in many chunks and every search (a highlight reads up to 64 per
// result, ~10–20 µs each to stem), so each is stemmed once per isolate; the bound only guards memory.
const STEMS = new Map<string, readonly string[]>();
const STEMS_LIMIT = 10_000;

function stemsOf(phrase: string): readonly string[] {
  let stems = STEMS.get(phrase);
  if (!stems) {
    if (STEMS.size >= STEMS_LIMIT) STEMS.clear();
    STEMS.set(phrase, (stems = analyzeText(phrase)));
  }
  return stems;
}

/**
 * The synonym pairs of a chunk's payload, as stems; none when it has no (well-formed) synonyms.
 *
 * @example
 * synonymPairs({ synonyms: ['rename computer'], synonym_of: ['hostname'] });
 * // [{ reader: ['renam', 'comput'], book: ['hostnam'] }]
 */
export function synonymPairs(payload: { synonyms?: unknown; synonym_of?: unknown } | undefined): SynonymPair[] {
  const readers = payload?.synonyms;
  const books = payload?.synonym_of;
  if (!Array.isArray(readers) || !Array.isArray(books)) return [];
  return readers.map((phrase, i) => ({ reader: stemsOf(String(phrase)), book: stemsOf(String(books[i] ?? '')) }));
}
