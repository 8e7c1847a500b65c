/**
 * BM25 sparse vectors computed exactly as Qdrant's server-side `bm25` inference does (word
 * tokenizer, English stopwords and Snowball stemmer, murmur3 token ids, k=1.2, b=0.75), so vectors
 * made at ingest (Node) and at query time (Worker) agree with what the server would produce.
 */
export { ACRONYM_PREFIX, acronymPluralStems, acronymTokens } from './acronym-tokens';
export { ampersandNameRuns, ampersandNames } from './ampersand-names';
export { analyzeText } from './analyze';
export { apostropheWords } from './apostrophe-words';
export {
  BM25_B,
  BM25_DEFAULT_AVG_LEN,
  BM25_K,
  bm25DocumentVector,
  bm25DocumentVectorFromTokens,
  bm25QueryVector,
  bm25SearchVector,
  qdrantIdf,
} from './bm25-vectors';
export { capitalStopwordShare, capitalStopwords } from './capital-stopwords';
export { extraTokens } from './extra-tokens';
export { framePhrases } from './frame-phrases';
export { joinedStopwordRuns, joinedStopwords } from './joined-stopwords';
export { murmur3X86_32, tokenId } from './murmur3';
export { nounStopwords } from './noun-stopwords';
export { stemWord } from './stemmer';
export { ENGLISH_STOPWORDS, isStopword } from './stopwords';
export { splitWords, tokenizeWords, WORD_RUNS } from './tokenize';
