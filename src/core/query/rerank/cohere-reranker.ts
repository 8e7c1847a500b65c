/**
 * Cohere `POST /v2/rerank` over the Cohere transport. Reranking is an improvement, not a dependency:
 * callers catch its errors and fall back to the un-reranked order with a warning.
 */
import { RetrieverError } from '../../common/errors';
import type { CohereTransport } from '../../common/upstream/cohere-transport';
import type { RerankScore } from '../ports';

/** Settings for the reranker. */
export interface CohereRerankOptions {
  cohere: CohereTransport;
  model: string;
}

/**
 * Reranks `documents` for `query`, returning the top `topN`.
 *
 * @example
 * const ranked = await cohereRerank('what is tf2', ['tf2 frames…', 'gazebo…'], 2, options);
 */
export async function cohereRerank(query: string, documents: string[], topN: number, options: CohereRerankOptions): Promise<RerankScore[]> {
  if (documents.length === 0) return [];
  const body = { model: options.model, query, documents, top_n: Math.min(topN, documents.length) };
  // A reranker that is slow to recover is not worth the user's wait: one retry at most.
  const answer = await options.cohere.post('/v2/rerank', body, { service: 'Cohere rerank', failureCode: 'rerank_failed', maxAttempts: 2 });
  // Wire format is snake_case (the SDK's V2RerankResponse type is its camelCase rendering).
  const json = answer as { results?: { index?: unknown; relevance_score?: unknown }[] } | null;
  const results = json?.results;
  const valid = (r: { index?: unknown; relevance_score?: unknown }): r is RerankScore =>
    Number.isInteger(r.index) && (r.index as number) >= 0 && (r.index as number) < documents.length && Number.isFinite(r.relevance_score);
  if (!Array.isArray(results) || !results.every(valid)) {
    throw new RetrieverError('rerank_failed', 'Cohere rerank returned a malformed response', { upstream: 'cohere' });
  }
  return results
    .map((r) => ({ index: r.index, relevance_score: r.relevance_score }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
}
