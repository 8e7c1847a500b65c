/**
 * Cohere embeddings over the Cohere transport. Only the types of `cohere-ai` are used: its runtime
 * costs ~150 KiB gzip in the Worker and a 5 s first request (see README, "Dependencies").
 */
import type { Cohere } from 'cohere-ai';
import { expectedEmbedDimension, type Config } from '../../common/config/parse-config';
import { RetrieverError } from '../../common/errors';
import type { CohereTransport } from '../../common/upstream/cohere-transport';
import type { EmbedderDescriptor, QueryEmbedder } from '../ports';

/** Settings for a Cohere embedder. */
export interface CohereEmbedderOptions {
  cohere: CohereTransport;
  model: string;
  /** `output_dimension`, for embed-v4.0 only. */
  dimension?: number;
  expectedDimension: number | null;
}

type EmbedInputType = 'search_query' | 'search_document';

/** A Cohere embedder that also embeds documents (ingest). */
export type CohereEmbedder = QueryEmbedder & { embedTexts(texts: string[], inputType: EmbedInputType): Promise<Float32Array[]> };

/**
 * Embeds texts with Cohere `POST /v2/embed`; `embedQuery` uses `input_type: "search_query"`.
 *
 * @example
 * const embedder = createCohereEmbedder({ cohere, model: 'embed-english-v3.0', expectedDimension: 1024 });
 * const vector = await embedder.embedQuery('what is a ROS 2 topic?');
 */
export function createCohereEmbedder(options: CohereEmbedderOptions): CohereEmbedder {
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
    const json = await options.cohere.post('/v2/embed', wire, { service: 'Cohere', failureCode: 'embedding_failed' });
    return parseEmbedResponse(json, texts.length, options.expectedDimension);
  };
  return {
    descriptor,
    cacheable: true,
    embedTexts,
    embedQuery: async (text) => (await embedTexts([text], 'search_query'))[0] as Float32Array,
    embedQueries: (texts) => embedTexts(texts, 'search_query'),
  };
}

/** The embedder the configuration names (EMBED_MODEL, EMBED_DIMENSION): one place for the Worker and ingest. */
export function cohereEmbedderFor(config: Config, cohere: CohereTransport): CohereEmbedder {
  return createCohereEmbedder({
    cohere,
    model: config.EMBED_MODEL,
    ...(config.EMBED_DIMENSION ? { dimension: config.EMBED_DIMENSION } : {}),
    expectedDimension: expectedEmbedDimension(config),
  });
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
