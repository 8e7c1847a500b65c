/**
 * The embedded default: the index bundled at build time (`npm run build:index`, a wrangler Data
 * module) as the store, and the LSA model it carries as the query embedder. The buffer is decoded
 * on first use, once per isolate, into typed-array views (no copy), so start-up stays cheap.
 */
import indexBytes from '../../generated/embedded-index.bin';
import { createEmbeddedStore } from '../core/embedded/embedded-store';
import { decodeIndex } from '../core/embedded/index-format';
import type { EmbeddedIndex } from '../core/embedded/index-types';
import { embedWithLsa } from '../core/embedded/lsa-model';
import type { QueryEmbedder } from '../core/embed/embedder';
import { RetrieverError } from '../core/errors';
import type { VectorStore } from '../core/store/vector-store';

let decoded: EmbeddedIndex | null = null;

/** The bundled index, decoded once per isolate. */
export function bundledIndex(): EmbeddedIndex {
  decoded ??= decodeIndex(indexBytes);
  return decoded;
}

/** The embedded store over the bundled index, answering for `collection`. */
export function embeddedStore(collection: string): VectorStore {
  return createEmbeddedStore(bundledIndex(), { collection });
}

/**
 * The local query embedder: the LSA model shipped in the index. An index whose vectors came from
 * Cohere cannot be queried without Cohere, which is a 409 rather than silently wrong results.
 */
export function localEmbedder(): QueryEmbedder {
  const index = bundledIndex();
  const model = index.lsa;
  if (!model) {
    throw new RetrieverError(
      'embedder_mismatch',
      `The embedded index was built with ${index.embedder.kind} model "${index.embedder.model}"; set COHERE_API_KEY to query it`,
      { index_embedder: { kind: index.embedder.kind, model: index.embedder.model }, query_embedder: { kind: 'lsa', model: null } },
    );
  }
  return {
    descriptor: { kind: 'lsa', model: model.modelId, dimension: model.dims },
    cacheable: false,
    embedQuery: async (text) => embedWithLsa(model, text),
  };
}
