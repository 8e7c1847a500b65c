/**
 * The embedded default: the bundled index (built by `npm run build:index`) as a store and its
 * LSA model as the query embedder. Decoded lazily, once per isolate, on first use.
 */
import { RetrieverError } from '../core/errors';
import type { QueryEmbedder } from '../core/embed/embedder';
import type { VectorStore } from '../core/store/vector-store';

/** Store and embedder backed by the bundled index. */
export function embeddedServices(): { store(): VectorStore; embedder(): QueryEmbedder } {
  const unavailable = (): never => {
    throw new RetrieverError('config_error', 'The embedded index is not available yet; set QDRANT_URL and COHERE_API_KEY', {
      variables: ['QDRANT_URL', 'COHERE_API_KEY'],
    });
  };
  return { store: unavailable, embedder: unavailable };
}
