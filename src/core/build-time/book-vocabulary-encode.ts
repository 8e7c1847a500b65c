/**
 * Build time: the book's word statistics in the JSON form ingest records in a Qdrant collection's
 * metadata, so the Worker's term rule ("the book does not cover this") works on Qdrant as it does
 * on the embedded index (layout and reader: `query/book-terms/book-vocabulary.ts`).
 */
import { acronymTokens, analyzeText, apostropheWords, joinedStopwords } from '../common/bm25/index';
import type { StoredVocabulary } from '../query/book-terms/book-vocabulary';
import type { LexiconFilter } from '../common/text/lexicon-filter';

/**
 * Encodes the document frequencies of `texts` (one per chunk, analysed exactly as BM25 indexes
 * them — pass the texts with their spelling variants, as the sparse vectors are made) and the
 * lexicon filter of ordinary English words.
 *
 * @example
 * const vocabulary = encodeBookVocabulary(withSpellings(texts, spellings), lexiconFor(texts));
 * // → { format: 1, documents: 263, terms: 'abl abov …', df: [3, 1, …], lexicon: { bits: '…', hashes: 7 } }
 */
export function encodeBookVocabulary(texts: readonly string[], lexicon: LexiconFilter | null): StoredVocabulary {
  const df = new Map<string, number>();
  // With the runs of stopwords joined by hyphens ("o-o") the sparse vectors index whole, so the term
  // rule reads them on Qdrant as on the embedded index (whose df comes from those vectors); so are
  // the words written with an inner apostrophe, read whole ("on'yomi" as "onyomi"), and the acronyms
  // the stemmer folds ("acronym:pers"), which the search asks for alone when the book has them.
  for (const text of texts) for (const stem of new Set([...analyzeText(text), ...joinedStopwords(text), ...apostropheWords(text), ...acronymTokens(text)])) df.set(stem, (df.get(stem) ?? 0) + 1);
  // One space-separated string keeps the entry small; the analyser splits on spaces, and a stem
  // that held one anyway would be left out rather than split the list.
  const stems = [...df.keys()].filter((stem) => !stem.includes(' ')).sort();
  return {
    format: 1,
    documents: texts.length,
    terms: stems.join(' '),
    df: stems.map((stem) => df.get(stem)!),
    lexicon: lexicon ? { bits: wordsToBase64(lexicon.bits), hashes: lexicon.hashes } : null,
  };
}

/** Base64 of 32-bit words, little-endian whatever the host's byte order. */
function wordsToBase64(words: Uint32Array): string {
  let binary = '';
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    binary += String.fromCharCode(w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, w >>> 24);
  }
  return btoa(binary);
}
