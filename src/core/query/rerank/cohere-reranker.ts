/**
 * Cohere `POST /v2/rerank` over injected fetch. Reranking is an improvement, not a dependency:
 * callers catch its errors and fall back to the un-reranked order with a warning.
 */
import { RetrieverError } from '../../common/errors';
import type { Deadline } from '../../common/http/deadline';
import { upstreamFetch, type FetchLike } from '../../common/http/upstream-fetch';

/** Settings for the reranker. */
export interface CohereRerankOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  fetch: FetchLike;
  deadline: Deadline;
  timeoutMs: number;
  onAttempt?: () => void;
}

/** Index into `documents` and its relevance, best first. */
export interface RerankScore {
  index: number;
  relevance_score: number;
}

/**
 * Reranks `documents` for `query`, returning the top `topN`.
 *
 * @example
 * const ranked = await cohereRerank('what is tf2', ['tf2 frames…', 'gazebo…'], 2, options);
 */
export async function cohereRerank(query: string, documents: string[], topN: number, options: CohereRerankOptions): Promise<RerankScore[]> {
  if (documents.length === 0) return [];
  const response = await upstreamFetch(
    `${options.baseUrl.replace(/\/+$/, '')}/v2/rerank`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json', 'x-client-name': 'edge-retriever' },
      body: JSON.stringify({ model: options.model, query, documents, top_n: Math.min(topN, documents.length) }),
    },
    {
      fetch: options.fetch,
      deadline: options.deadline,
      timeoutMs: options.timeoutMs,
      service: 'Cohere rerank',
      failureCode: 'rerank_failed',
      unreachableCode: 'rerank_failed',
      // A reranker that is slow to recover is not worth the user's wait: one retry at most.
      maxAttempts: 2,
      ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
    },
  );
  // Wire format is snake_case (the SDK's V2RerankResponse type is its camelCase rendering).
  const json = (await response.json().catch(() => null)) as { results?: { index?: unknown; relevance_score?: unknown }[] } | null;
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
