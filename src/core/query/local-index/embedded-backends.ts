/**
 * Store and query embedder over a decoded embedded index — shared by the Worker (bundled index)
 * and the CLI (index file).
 */
import { RetrieverError } from '../../common/errors';
import type { QueryEmbedder, VectorStore } from '../ports';
import { createEmbeddedStore } from './embedded-store';
import type { EmbeddedIndex } from './index-types';
import { embedWithLsa, lsaKnows, type LsaModel } from './lsa-model';
import { withoutMeaningVerb } from '../search/question-frame';

const stores = new WeakMap<EmbeddedIndex, Map<string, VectorStore>>();

/** The embedded store answering for `collection` (one per index and name, reused across requests). */
export function embeddedStore(index: EmbeddedIndex, collection: string): VectorStore {
  let byName = stores.get(index);
  if (!byName) stores.set(index, (byName = new Map()));
  let store = byName.get(collection);
  if (!store) byName.set(collection, (store = createEmbeddedStore(index, { collection })));
  return store;
}

// A book has a fixed set of heading lines: each is embedded once per isolate and model, not once per
// request (a search context, and with it the embedder, is made per request).
const labelsByModel = new WeakMap<LsaModel, Map<string, Float32Array>>();

function labelVectors(model: LsaModel): Map<string, Float32Array> {
  let labels = labelsByModel.get(model);
  if (!labels) labelsByModel.set(model, (labels = new Map()));
  return labels;
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
  const labels = labelVectors(model);
  return {
    descriptor: { kind: 'lsa', model: model.modelId, dimension: model.dims },
    cacheable: false,
    // The verb of "what does OTE mean" names no topic, and BM25 already weighs it nothing: the model
    // placed it near the chunks that say "means" (question-frame.ts). Labels are no questions.
    embedQuery: async (text) => embedWithLsa(model, withoutMeaningVerb(text, (stem) => lsaKnows(model, stem))),
    embedLabel: (text) => {
      let vector = labels.get(text);
      if (!vector) labels.set(text, (vector = embedWithLsa(model, text)));
      return vector;
    },
  };
}

/**
 * Cohere as the query embedder of the embedded index, when the index was built with that model.
 * The index is local, so a mismatch is certain before any call: a 409 at once, rather than a
 * Cohere call per search whose vector is then refused (and `/health` reports it, since its
 * embedder probe builds the embedder). Typical cause: COHERE_API_KEY set for a Qdrant deployment
 * while QDRANT_URL is not, so the bundled index (built with the local model) is searched.
 */
export function cohereEmbedderForIndex(index: EmbeddedIndex, cohere: QueryEmbedder): QueryEmbedder {
  const { kind, model_id: model } = index.embedder;
  if (kind === 'cohere' && model === cohere.descriptor.model) return cohere;
  throw new RetrieverError(
    'embedder_mismatch',
    `The embedded index was built with ${kind} model "${model}", but COHERE_API_KEY makes queries use cohere model "${cohere.descriptor.model}": ` +
      (kind === 'lsa' ? 'set QDRANT_URL to search your Qdrant collection, or unset COHERE_API_KEY to use the local model' : 'set EMBED_MODEL to the model the index was built with'),
    { index_embedder: { kind, model }, query_embedder: { kind: 'cohere', model: cohere.descriptor.model }, variables: ['COHERE_API_KEY', 'QDRANT_URL'] },
  );
}
