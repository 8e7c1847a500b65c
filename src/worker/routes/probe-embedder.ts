/**
 * Checks that the embedder answers without spending an embed call: Cohere's
 * `GET /v1/models/{model}` verifies both the key and the model name.
 */
import { RetrieverError } from '../../core/common/errors';
import type { CohereTransport } from '../../core/common/upstream/cohere-transport';
import type { QueryEmbedder } from '../../core/query/ports';

/** Resolves with probe details, or throws a RetrieverError describing the failure. */
export async function probeEmbedder(embedder: QueryEmbedder, cohere: CohereTransport | null, timeoutMs: number): Promise<Record<string, unknown>> {
  if (embedder.descriptor.kind !== 'cohere' || !cohere) {
    return { dimension: embedder.descriptor.dimension };
  }
  const model = (await cohere.get(`/v1/models/${encodeURIComponent(embedder.descriptor.model)}`, {
    service: 'Cohere',
    failureCode: 'embedding_failed',
    maxAttempts: 1,
    timeoutMs: Math.min(timeoutMs, 3000),
  })) as { endpoints?: unknown } | null;
  // A 200 that is not JSON (a proxy's page, a cut-off body) means Cohere is not really answering.
  if (model === null) throw new RetrieverError('embedding_failed', 'Cohere answered the model check with a body that is not JSON', { upstream: 'cohere' });
  const endpoints = Array.isArray(model.endpoints) ? model.endpoints.filter((e): e is string => typeof e === 'string') : [];
  return { dimension: embedder.descriptor.dimension, endpoints };
}
