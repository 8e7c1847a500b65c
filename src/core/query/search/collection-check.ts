/**
 * Checks, before searching, that the query vector fits the collection: which dense vector to use,
 * its size, and (when the collection records it) the embedder that built it. Mixing embedders
 * silently returns garbage, so it is a 409 instead.
 */
import { isRetrieverError, RetrieverError } from '../../common/errors';
import type { CollectionInfo, EmbedderDescriptor } from '../ports';

/**
 * Picks the dense vector name: the configured one, else the unnamed vector, else the only named one.
 * Returns null for the unnamed vector.
 */
export function resolveDenseVector(info: CollectionInfo, configured: string | undefined): string | null {
  const names = Object.keys(info.denseVectors);
  if (configured) {
    if (!(configured in info.denseVectors)) {
      throw new RetrieverError('config_error', `QDRANT_VECTOR_NAME "${configured}" is not a dense vector of "${info.name}"`, {
        variables: ['QDRANT_VECTOR_NAME'],
        available_vectors: names.map((n) => n || '(unnamed)'),
      });
    }
    return configured || null;
  }
  if ('' in info.denseVectors) return null;
  if (names.length === 1) return names[0] as string;
  throw new RetrieverError(
    names.length === 0 ? 'mode_unavailable' : 'config_error',
    names.length === 0
      ? `Collection "${info.name}" has no dense vector: use mode=keyword`
      : `Collection "${info.name}" has several dense vectors; set QDRANT_VECTOR_NAME to one of ${names.join(', ')}`,
    names.length === 0 ? { mode: 'semantic' } : { variables: ['QDRANT_VECTOR_NAME'], available_vectors: names },
  );
}

/** Throws `embedder_mismatch` / `dimension_mismatch` when the vector cannot be compared with the collection's. */
export function checkQueryVector(info: CollectionInfo, vectorName: string | null, embedder: EmbedderDescriptor, length: number): void {
  const recorded = info.metadata.embedder as Partial<EmbedderDescriptor> & { model_id?: string } | undefined;
  const recordedModel = recorded?.model_id ?? recorded?.model;
  if (recorded && recordedModel && (recorded.kind !== embedder.kind || recordedModel !== embedder.model)) {
    throw new RetrieverError(
      'embedder_mismatch',
      `Collection "${info.name}" was indexed with ${recorded.kind} model "${recordedModel}" but queries are embedded with ${embedder.kind} model "${embedder.model}": ${mismatchRemedy(recorded.kind, recordedModel, embedder.kind)}`,
      { index_embedder: { kind: recorded.kind, model: recordedModel }, query_embedder: { kind: embedder.kind, model: embedder.model } },
    );
  }
  const expected = info.denseVectors[vectorName ?? '']?.size;
  if (expected !== undefined && expected !== length) {
    throw new RetrieverError(
      'dimension_mismatch',
      `Query vector has ${length} dimensions but collection "${info.name}" expects ${expected}; embed with the model the collection was built with` +
        (embedder.kind === 'lsa' ? ' (COHERE_API_KEY is not set, so queries use the local model)' : ''),
      { expected, got: length, embedder: embedder.model },
    );
  }
}

/**
 * What the operator changes. The usual cause on a Qdrant deployment is a missing Cohere key (a
 * `wrangler secret put` forgotten, or set for another environment): the Worker then falls back to
 * the embedded index's local model, whose name alone ("lsa-128-…") would not tell them so.
 */
function mismatchRemedy(recordedKind: string | undefined, recordedModel: string, queryKind: EmbedderDescriptor['kind']): string {
  if (recordedKind === 'cohere' && queryKind === 'lsa') {
    return `COHERE_API_KEY must be set (without it queries use the local model), with EMBED_MODEL "${recordedModel}"`;
  }
  if (recordedKind === 'cohere') {
    return `set EMBED_MODEL to "${recordedModel}", or re-ingest the book with this model (npm run ingest -- <docs> --recreate)`;
  }
  // Both local, from different builds of the book (the model is trained anew on each): unsetting
  // COHERE_API_KEY, which is already unset, cannot help. ingest writes Qdrant collections with Cohere
  // only, so a local-model collection there is an older or foreign one.
  if (queryKind === 'lsa') {
    return 'both are the local model, from different builds of the book: build the index again from the same docs (npm run build:index), or re-ingest a Qdrant collection with Cohere (npm run ingest -- <docs> --recreate)';
  }
  return 'the collection was built by the local model: unset COHERE_API_KEY, or re-ingest the book with Cohere (npm run ingest -- <docs> --recreate)';
}

/** Throws `mode_unavailable` when the collection has no BM25 sparse vector for keyword/hybrid search. */
export function checkSparseVector(info: CollectionInfo, sparseName: string, mode: string): void {
  if (sparseName in info.sparseVectors) return;
  const available = Object.keys(info.sparseVectors);
  throw new RetrieverError(
    'mode_unavailable',
    `mode=${mode} needs the BM25 sparse vector "${sparseName}", which collection "${info.name}" does not have. ` +
      (available.length
        ? `Set QDRANT_SPARSE_VECTOR_NAME to one of ${available.join(', ')}.`
        : 'Re-ingest with `npm run ingest -- <docs-dir> --recreate` (it adds a "bm25" sparse vector), or use mode=semantic.'),
    { mode, sparse_vector: sparseName, available_sparse_vectors: available },
  );
}

/**
 * Why a search in the default `mode` could not run against this collection with this embedder,
 * found without a query: the checks every search makes (dense vector name and size, recorded
 * embedder, BM25 sparse vector), for `/health`. Null when a search would get past them.
 *
 * @example
 * collectionProblem(info, { mode: 'hybrid', vectorName: undefined, sparseName: 'bm25', embedder })?.code; // 'embedder_mismatch'
 */
export function collectionProblem(
  info: CollectionInfo,
  search: { mode: string; vectorName: string | undefined; sparseName: string; embedder: EmbedderDescriptor },
): RetrieverError | null {
  try {
    if (search.mode !== 'keyword') {
      const using = resolveDenseVector(info, search.vectorName);
      // An embedder whose size is known only after a call is checked by its model alone.
      const size = search.embedder.dimension ?? info.denseVectors[using ?? '']?.size ?? 0;
      checkQueryVector(info, using, search.embedder, size);
    }
    if (search.mode !== 'semantic') checkSparseVector(info, search.sparseName, search.mode);
    return null;
  } catch (error) {
    if (isRetrieverError(error)) return error;
    throw error;
  }
}
