/**
 * A seven-sentence book's vocabulary as either store holds it (the embedded index, a Qdrant
 * collection's metadata), with a small lexicon of ordinary English words it does not use: the term
 * rule and the reading of a query in the book's words must behave the same on both.
 */
import { analyzeText, bm25DocumentVector } from '../../src/core/common/bm25/index';
import { decodeIndex } from '../../src/core/query/local-index/index-format';
import { encodeIndex } from '../../src/core/build-time/local-index/index-encode';
import { buildLexiconFilter } from '../../src/core/common/text/lexicon-filter';
import { embedWithLsa } from '../../src/core/query/local-index/lsa-model';
import { indexVocabulary, storedVocabulary } from '../../src/core/query/book-terms/book-vocabulary';
import type { BookVocabulary } from '../../src/core/query/ports';
import { encodeBookVocabulary } from '../../src/core/build-time/book-vocabulary-encode';
import { trainLsa } from '../../src/core/build-time/local-index/lsa-train';

export const TINY_BOOK_TEXTS = [
  'The pump moves water from the tank through the heater.',
  'Bleed the air out of the pump housing before the first start.',
  'The controller clamps the integral term while the heater is saturated.',
  'Replace the rubber gasket of the tank lid when it has gone hard.',
  'Write the date of every service in the log next to the bench.',
  'The heater keeps the water in the tank at the target temperature.',
  'Check the distribution manifold and the β2 valve once a year.',
];
// Ordinary English words that this little book does not use.
const ENGLISH = ['dump', 'travel', 'versus', 'holiday', 'kitchen', 'cake', 'recipe', 'garden', 'flower', 'seal', 'swap', 'machine', 'naples', 'best', 'my', 'new', 'get', 'rid', 'wait', 'hardest'];

const lexicon = () => buildLexiconFilter(ENGLISH.flatMap((w) => analyzeText(w)));

/**
 * The book's embedded index, as `ingest --target local` writes it: with the local model, or with
 * another embedder's vectors and no LSA model (`--embedder cohere`), whose vocabulary then comes
 * only from the stems the index records.
 */
function index(withLexicon: boolean, embedder: 'lsa' | 'cohere' = 'lsa') {
  const lsa = trainLsa(TINY_BOOK_TEXTS, { dims: 4 });
  return decodeIndex(
    encodeIndex({
      collection: 'tiny',
      embedder: embedder === 'lsa' ? { kind: 'lsa', model: 'lsa', dims: lsa.dims, model_id: lsa.modelId } : { kind: 'cohere', model: 'embed-english-v3.0', dims: lsa.dims, model_id: 'embed-english-v3.0' },
      ids: TINY_BOOK_TEXTS.map((_, i) => i + 1),
      payloads: TINY_BOOK_TEXTS.map((text) => ({ text })),
      dense: { vectors: TINY_BOOK_TEXTS.map((t) => embedWithLsa(lsa, t)) },
      sparse: { vectors: TINY_BOOK_TEXTS.map((t) => bm25DocumentVector(t, 8)) },
      bm25: { avgLen: 8 },
      lsa: embedder === 'lsa' ? lsa : null,
      lexicon: withLexicon ? lexicon() : null,
      stems: TINY_BOOK_TEXTS.flatMap((t) => analyzeText(t)),
    }),
  );
}

/** The same book's vocabulary as a Qdrant collection records it (through JSON, as metadata travels). */
function recorded(withLexicon: boolean): BookVocabulary {
  const metadata = JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(TINY_BOOK_TEXTS, withLexicon ? lexicon() : null) }));
  return storedVocabulary(metadata)!;
}

/** Each store's vocabulary of the tiny book, with or without the lexicon (an older index has none). */
export const TINY_BOOK_VOCABULARIES: [string, (withLexicon: boolean) => BookVocabulary][] = [
  ['the embedded index', (withLexicon) => indexVocabulary(index(withLexicon))],
  ['an embedded index of Cohere vectors (no local model)', (withLexicon) => indexVocabulary(index(withLexicon, 'cohere'))],
  ["a Qdrant collection's metadata", recorded],
];
