/**
 * The book's word statistics that the term rule (`term-evidence.ts`) reads, from either store:
 *
 * - the embedded index: its BM25 document frequencies, the LSA vocabulary and the lexicon filter;
 * - a Qdrant collection: the `vocabulary` entry that ingest records in the collection metadata
 *   ({@link StoredVocabulary}). The Worker reads collection metadata with the collection facts —
 *   off the hot path, remembered per isolate and in KV — so the rule costs no Qdrant call.
 *   Collections ingested before it have no entry: their searches simply go without the rule.
 */
import { tokenId } from '../../common/bm25/index';
import type { EmbeddedIndex } from '../local-index/index-types';
import type { BookVocabulary } from '../ports';
import { lexiconHas, type LexiconFilter } from '../../common/text/lexicon-filter';

/** Key of the entry in a Qdrant collection's metadata. */
export const VOCABULARY_METADATA_KEY = 'vocabulary';

/**
 * The JSON form recorded in a collection's metadata (built by `build-time/book-vocabulary-encode.ts`):
 * the book's stems (space-separated, sorted), their document frequencies in the same order, and
 * the lexicon filter's bits as little-endian base64.
 */
export interface StoredVocabulary {
  format: 1;
  documents: number;
  terms: string;
  df: number[];
  lexicon: { bits: string; hashes: number } | null;
}

/**
 * The share of the book's chunks that use a stem (0 in an empty book).
 *
 * @example
 * chunkShare(vocabulary)('topic'); // 0.12 when 12 of 100 chunks say "topic" or "topics"
 */
export function chunkShare(v: BookVocabulary): (stem: string) => number {
  return (stem) => (v.n > 0 ? v.df(stem) / v.n : 0);
}

const fromIndex = new WeakMap<EmbeddedIndex, BookVocabulary>();

/**
 * The vocabulary of the embedded index (remembered per index).
 *
 * @example
 * assessQueryTerms(indexVocabulary(index), 'how do I bake a cake?');
 */
export function indexVocabulary(index: EmbeddedIndex): BookVocabulary {
  let v = fromIndex.get(index);
  if (v) return v;
  const { dfTerms, dfCounts, N } = index.bm25;
  const df = (stem: string): number => {
    const id = tokenId(stem);
    let lo = 0;
    let hi = dfTerms.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = dfTerms[mid]!;
      if (t === id) return dfCounts[mid]!;
      if (t < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0;
  };
  v = { n: N, df, isOrdinary: ordinaryTest(index.lexicon), bookStems: [...(index.lsa?.vocab ?? []), ...index.otherStems] };
  fromIndex.set(index, v);
  return v;
}

// Without a lexicon (an index built before it existed) every unknown word counts as ordinary:
// the rule then only uses coverage.
const ordinaryTest = (lexicon: LexiconFilter | null) => (stem: string): boolean => (lexicon ? lexiconHas(lexicon, stem) : true);

const fromMetadata = new WeakMap<object, BookVocabulary | null>();

/**
 * The vocabulary recorded in a collection's metadata, or null when there is none or it is
 * unreadable (a collection ingested before it, or by another tool). Decoded once per metadata
 * object, i.e. once per isolate and facts refresh.
 *
 * @example
 * const vocabulary = storedVocabulary(info.metadata);
 * const terms = vocabulary ? assessQueryTerms(vocabulary, q) : undefined;
 */
export function storedVocabulary(metadata: Record<string, unknown>): BookVocabulary | null {
  const stored = metadata[VOCABULARY_METADATA_KEY];
  if (typeof stored !== 'object' || stored === null) return null;
  if (fromMetadata.has(stored)) return fromMetadata.get(stored)!;
  const v = decodeStored(stored as Partial<StoredVocabulary>);
  fromMetadata.set(stored, v);
  return v;
}

function decodeStored(s: Partial<StoredVocabulary>): BookVocabulary | null {
  if (s.format !== 1 || typeof s.documents !== 'number' || !(s.documents > 0) || typeof s.terms !== 'string' || !Array.isArray(s.df)) return null;
  const stems = s.terms.length ? s.terms.split(' ') : [];
  if (stems.length !== s.df.length) return null;
  const counts = new Map<string, number>();
  stems.forEach((stem, i) => {
    const count = s.df![i];
    if (typeof count === 'number' && count > 0) counts.set(stem, count);
  });
  const recorded = s.lexicon && typeof s.lexicon.bits === 'string' && Number.isInteger(s.lexicon.hashes) && s.lexicon.hashes > 0 ? s.lexicon : null;
  // Decoded when a query first has a word the book lacks: the ~90 KB filter is most of the
  // entry's decoding time. Damaged base64 reads as no lexicon (every unknown word ordinary).
  let isOrdinary: ((stem: string) => boolean) | null = null;
  const lexicon = (): LexiconFilter | null => {
    try {
      return recorded ? { bits: wordsFromBase64(recorded.bits), hashes: recorded.hashes } : null;
    } catch {
      return null;
    }
  };
  return { n: s.documents, df: (stem) => counts.get(stem) ?? 0, isOrdinary: (stem) => (isOrdinary ??= ordinaryTest(lexicon()))(stem), bookStems: stems };
}

/** Little-endian 32-bit words from base64 (whatever the host's byte order). */
function wordsFromBase64(text: string): Uint32Array {
  const binary = atob(text);
  const words = new Uint32Array(binary.length >> 2);
  for (let i = 0; i < words.length; i++) {
    const o = i * 4;
    words[i] = (binary.charCodeAt(o) | (binary.charCodeAt(o + 1) << 8) | (binary.charCodeAt(o + 2) << 16) | (binary.charCodeAt(o + 3) << 24)) >>> 0;
  }
  return words;
}
