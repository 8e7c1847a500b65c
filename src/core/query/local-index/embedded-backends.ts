/**
 * Store and query embedder over a decoded embedded index — shared by the Worker (bundled index)
 * and the CLI (index file).
 */
import { RetrieverError } from '../../common/errors';
import type { QueryEmbedder, VectorStore } from '../ports';
import { createEmbeddedStore } from './embedded-store';
import type { EmbeddedIndex } from './index-types';
import { embedWithLsa } from './lsa-model';

const stores = new WeakMap<EmbeddedIndex, Map<string, VectorStore>>();

/** The embedded store answering for `collection` (one per index and name, reused across requests). */
export function embeddedStore(index: EmbeddedIndex, collection: string): VectorStore {
  let byName = stores.get(index);
  if (!byName) stores.set(index, (byName = new Map()));
  let store = byName.get(collection);
  if (!store) byName.set(collection, (store = createEmbeddedStore(index, { collection })));
  return store;
}

/**
 * The local query embedder: the LSA model shipped in the index. An index whose vectors came from
 * Cohere cannot be queried without Cohere, which is a 409 rather than silently wrong results.
 */
export function localEmbedder(index: EmbeddedIndex): QueryEmbedder {
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
