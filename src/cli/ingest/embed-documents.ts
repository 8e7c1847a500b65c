/**
 * Document vectors for ingestion: BM25 sparse vectors (always, computed exactly as Qdrant's bm25)
 * and dense vectors from the LSA model trained on this book or from Cohere (`search_document`,
 * batches of ≤ 96 as the API allows, with the Worker's retry policy).
 */
import { expectedEmbedDimension, type Config } from '../../core/common/config/parse-config';
import { cohereEmbedderFor } from '../../core/query/embedders/cohere-embedder';
import { cohereTransportFor } from '../../core/common/upstream/cohere-transport';
import { RetrieverError } from '../../core/common/errors';
import type { IndexEmbedderDescriptor } from '../../core/query/local-index/index-types';
import { embedStemsWithLsa, type LsaModel } from '../../core/query/local-index/lsa-model';
import { trainLsaOnStems } from '../../core/build-time/local-index/lsa-train';
import { createDeadline } from '../../core/common/http/deadline';
import { analyzeText, bm25DocumentVectorFromTokens, extraTokens } from '../../core/common/bm25/index';
import type { SparseVector } from '../../core/common/types';

/**
 * BM25 vectors of texts, the average length they were normalised by (the corpus average, or
 * `fixedAvgLen` when given: an existing collection's, so its points stay comparable) and the
 * distinct stems they hold (the book's words as the embedded index records them).
 */
export function bm25Vectors(texts: readonly string[], fixedAvgLen?: number): { vectors: SparseVector[]; avgLen: number; stems: string[] } {
  const words = texts.map((text) => analyzeText(text));
  // The tokens the search adds to a question (extra-tokens.ts: stopwords written in capitals, runs
  // joined by hyphens, acronyms the stemmer folds, modals used as nouns, words with an inner
  // apostrophe read whole, short names joined by "&") are indexed too, the same way, for the embedded
  // index and a Qdrant collection alike; they stay out of `stems`, the book's words that questions
  // are read against.
  const tokens = words.map((list, i) => [...list, ...extraTokens(texts[i]!)]);
  const total = tokens.reduce((sum, list) => sum + list.length, 0);
  const avgLen = fixedAvgLen ?? (tokens.length && total ? total / tokens.length : 1);
  return { vectors: tokens.map((list) => bm25DocumentVectorFromTokens(list, avgLen)), avgLen, stems: [...new Set(words.flat())] };
}

/**
 * Trains LSA on the book and embeds every chunk with it (`dims` null: as many as the book's size
 * calls for; `seed`: the randomized SVD's, only for measuring how much a figure owes to it).
 */
export function lsaVectors(texts: string[], dims: number | null, seed?: number): { model: LsaModel; vectors: Float32Array[]; descriptor: IndexEmbedderDescriptor } {
  // Each chunk analyzed once: the model is trained on these stems and embeds them.
  const docs = texts.map((text) => analyzeText(text));
  const model = trainLsaOnStems(docs, { ...(dims === null ? {} : { dims }), ...(seed === undefined ? {} : { seed }) });
  return {
    model,
    vectors: docs.map((stems) => embedStemsWithLsa(model, stems)),
    descriptor: { kind: 'lsa', model: 'lsa', dims: model.dims, model_id: model.modelId },
  };
}

/**
 * What to tell the reader when `--dims` asked for more dimensions than the book allows: the LSA
 * model has at most one fewer than the book's chunks, no more than its distinct words, and no more
 * than its term matrix's rank (trainLsa). Null when the model has the dimensions asked for (or none
 * were asked for: the default already follows the book's size).
 *
 * @example
 * lsaDimsNotice(1000, 262, { chunks: 263, words: 4000 });
 * // '--dims 1000: used 262 dimensions, the most a book of 263 chunks allows (one fewer than its chunks)'
 */
export function lsaDimsNotice(requested: number | null, used: number, book: { chunks: number; words: number }): string | null {
  if (requested === null || used >= requested) return null;
  const why =
    used === book.chunks - 1
      ? `the most a book of ${book.chunks} chunks allows (one fewer than its chunks)`
      : used === book.words
        ? `the most a book of ${book.words} distinct words allows`
        : `the rank of the book's term matrix (its chunks repeat one another's words)`;
  return `--dims ${requested}: used ${used} dimensions, ${why}`;
}

/** Cohere document embeddings in batches of 96, reporting progress per batch. */
export async function cohereVectors(
  texts: string[],
  config: Config,
  onBatch: (done: number) => void = () => {},
): Promise<{ vectors: Float32Array[]; descriptor: IndexEmbedderDescriptor }> {
  const cohere = cohereTransportFor(config, {
    fetch: (input, init) => fetch(input, init),
    // Ingestion may take minutes; each call still has its own timeout, and 429s back off.
    deadline: createDeadline(6 * 3600 * 1000),
    timeoutMs: 60_000,
    maxAttempts: 6,
  });
  if (!cohere) throw new RetrieverError('config_error', 'Cohere embeddings need COHERE_API_KEY', { variables: ['COHERE_API_KEY'] });
  const embedder = cohereEmbedderFor(config, cohere);
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += 96) {
    vectors.push(...(await embedder.embedTexts(texts.slice(start, start + 96), 'search_document')));
    onBatch(vectors.length);
  }
  const dims = vectors[0]?.length ?? expectedEmbedDimension(config) ?? 0;
  return { vectors, descriptor: { kind: 'cohere', model: config.EMBED_MODEL, dims, model_id: config.EMBED_MODEL } };
}
