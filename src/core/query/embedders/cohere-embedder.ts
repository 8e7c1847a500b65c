/**
 * Cohere `POST /v2/embed` over injected fetch. Only the types of `cohere-ai` are used: its runtime
 * costs ~150 KiB gzip in the Worker and a 5 s first request (see README, "Dependencies").
 */
import type { Cohere } from 'cohere-ai';
import { RetrieverError } from '../../common/errors';
import type { Deadline } from '../../common/http/deadline';
import { upstreamFetch, type FetchLike } from '../../common/http/upstream-fetch';
import type { EmbedderDescriptor, QueryEmbedder } from './embedder';

/** Settings for a Cohere embedder. */
export interface CohereEmbedderOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  /** `output_dimension`, for embed-v4.0 only. */
  dimension?: number;
  expectedDimension: number | null;
  fetch: FetchLike;
  deadline: Deadline;
  timeoutMs: number;
  /** Attempts per call including the first (default 3; ingestion uses more). */
  maxAttempts?: number;
  onAttempt?: () => void;
}

type EmbedInputType = 'search_query' | 'search_document';

/**
 * Embeds texts with Cohere; `embedQuery` uses `input_type: "search_query"`.
 *
 * @example
 * const embedder = createCohereEmbedder({ apiKey, baseUrl: 'https://api.cohere.com', model: 'embed-english-v3.0', … });
 * const vector = await embedder.embedQuery('what is a ROS 2 topic?');
 */
export function createCohereEmbedder(options: CohereEmbedderOptions): QueryEmbedder & {
  embedTexts(texts: string[], inputType: EmbedInputType): Promise<Float32Array[]>;
} {
  const descriptor: EmbedderDescriptor = { kind: 'cohere', model: options.model, dimension: options.expectedDimension };
  const embedTexts = async (texts: string[], inputType: EmbedInputType): Promise<Float32Array[]> => {
    // The REST API is snake_case (the SDK's camelCase types describe its own serializer).
    const wire = {
      model: options.model,
      input_type: inputType,
      embedding_types: ['float'],
      texts,
      truncate: 'END',
      ...(options.dimension ? { output_dimension: options.dimension } : {}),
    };
    const response = await upstreamFetch(
      `${options.baseUrl.replace(/\/+$/, '')}/v2/embed`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'x-client-name': 'edge-retriever',
        },
        body: JSON.stringify(wire),
      },
      {
        fetch: options.fetch,
        deadline: options.deadline,
        timeoutMs: options.timeoutMs,
        service: 'Cohere',
        failureCode: 'embedding_failed',
        unreachableCode: 'embedding_failed',
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
        ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
      },
      ({ status }) =>
        status === 401 || status === 403
          ? new RetrieverError('embedding_failed', `Cohere rejected the API key (${status}); check COHERE_API_KEY`, {
              upstream: 'cohere',
              upstream_status: status,
            })
          : undefined,
    );
    return parseEmbedResponse(await response.json().catch(() => null), texts.length, options.expectedDimension);
  };
  return {
    descriptor,
    cacheable: true,
    embedTexts,
    embedQuery: async (text) => (await embedTexts([text], 'search_query'))[0] as Float32Array,
  };
}

function parseEmbedResponse(json: unknown, count: number, expected: number | null): Float32Array[] {
  const floats: unknown = (json as Partial<Cohere.EmbedByTypeResponse> | null)?.embeddings?.float;
  if (!Array.isArray(floats) || floats.length !== count) {
    throw new RetrieverError('embedding_failed', 'Cohere returned no float embeddings', { upstream: 'cohere' });
  }
  return floats.map((row) => {
    if (!Array.isArray(row) || row.length === 0 || !row.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw new RetrieverError('embedding_failed', 'Cohere returned a malformed embedding', { upstream: 'cohere' });
    }
    if (expected !== null && row.length !== expected) {
      throw new RetrieverError('embedding_failed', `Cohere returned ${row.length} dimensions, expected ${expected}`, {
        upstream: 'cohere',
      });
    }
    return Float32Array.from(row as number[]);
  });
}
