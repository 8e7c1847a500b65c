/**
 * Checks that the embedder answers without spending an embed call: Cohere's
 * `GET /v1/models/{model}` verifies both the key and the model name.
 */
import type { Config } from '../../core/common/config/parse-config';
import type { QueryEmbedder } from '../../core/query/embedders/embedder';
import type { Deadline } from '../../core/common/http/deadline';
import { upstreamFetch } from '../../core/common/http/upstream-fetch';

/** Resolves with probe details, or throws a RetrieverError describing the failure. */
export async function probeEmbedder(embedder: QueryEmbedder, config: Config, deadline: Deadline): Promise<Record<string, unknown>> {
  if (embedder.descriptor.kind !== 'cohere') {
    return { dimension: embedder.descriptor.dimension };
  }
  const base = config.COHERE_BASE_URL.replace(/\/+$/, '');
  const response = await upstreamFetch(
    `${base}/v1/models/${encodeURIComponent(config.EMBED_MODEL)}`,
    { headers: { authorization: `Bearer ${config.COHERE_API_KEY}`, accept: 'application/json' } },
    {
      fetch: (input, init) => fetch(input, init),
      deadline,
      timeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, 3000),
      service: 'Cohere',
      failureCode: 'embedding_failed',
      unreachableCode: 'embedding_failed',
      maxAttempts: 1,
    },
  );
  const model = (await response.json()) as { endpoints?: string[] };
  return { dimension: embedder.descriptor.dimension, endpoints: model.endpoints ?? [] };
}
