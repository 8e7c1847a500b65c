/**
 * BM25 sparse vectors computed exactly as Qdrant's server-side `bm25` inference does, so vectors made
 * at ingest (Node) and at query time (Worker) agree with what the server would produce.
 */
export { analyzeText } from './analyze';
export { tokenizeWords } from './tokenize';
export { ENGLISH_STOPWORDS, isStopword } from './stopwords';
export { stemWord } from './stemmer';
