/**
 * `--target qdrant`: makes the collection match the docs. Creates it when missing (dense cosine
 * vector sized by the model, `bm25` sparse vector with server IDF, payload indexes, the embedder
 * in the collection metadata), embeds only new and changed chunks, upserts them with wait=true
 * and deletes points of removed or shrunk files. `--recreate` embeds the whole book first and drops
 * the old collection only then, so a failed embedding leaves it as it was.
 */
import { expectedEmbedDimension, type Config } from '../../core/common/config/parse-config';
import { isRetrieverError, RetrieverError } from '../../core/common/errors';
import { indexingText, planIngest, type IngestPlan } from '../../core/build-time/ingest/ingest-plan';
import type { Chunk } from '../../core/build-time/ingest/types';
import { createDeadline } from '../../core/common/http/deadline';
import {
  collectionExists,
  createCollection,
  ensurePayloadIndexes,
  deleteCollection,
  deletePoints,
  overwritePayloads,
  readIndexedPoints,
  updateCollectionMetadata,
  upsertPoints,
  type CollectionLayout,
} from '../../core/build-time/qdrant-admin';
import { createQdrantStore } from '../../core/query/stores/qdrant-store';
import { createQdrantTransport, type QdrantTransport } from '../../core/common/upstream/qdrant-transport';
import { bm25Vectors, cohereVectors } from './embed-documents';
import { vocabularyBridges, withSpellings } from './vocabulary-bridges';
import { FIELDS_SPARSE_VECTOR, fieldVectors } from '../../core/query/local-index/field-index';
import { encodeBookVocabulary } from '../../core/build-time/book-vocabulary-encode';
import { VOCABULARY_METADATA_KEY } from '../../core/query/book-terms/book-vocabulary';
import { lexiconFor } from './english-lexicon';
import type { Payload } from '../../core/common/types';
import type { Progress } from './progress';

/** Result of a Qdrant ingest. */
export interface QdrantTargetResult {
  plan: IngestPlan;
  created: boolean;
  written: boolean;
  /** What went wrong without failing the ingest (the vocabulary could not be recorded). */
  warnings: { path: string; message: string }[];
}

/** Syncs `chunks` into the configured collection. */
export async function ingestQdrant(
  chunks: Chunk[],
  options: { collection: string; dryRun: boolean; recreate: boolean; config: Config },
  progress: Progress,
): Promise<QdrantTargetResult> {
  const { config } = options;
  const qdrant = createQdrantTransport({
    url: config.QDRANT_URL as string,
    apiKey: config.QDRANT_API_KEY,
    collection: options.collection,
    fetch: (input, init) => fetch(input, init),
    deadline: createDeadline(6 * 3600 * 1000),
    timeoutMs: 60_000,
  });
  const exists = await collectionExists(qdrant);
  // Points are added to the existing collection; with --recreate it is rebuilt from nothing.
  const reuse = exists && !options.recreate;
  const denseName = config.QDRANT_VECTOR_NAME || null;
  const sparseName = config.QDRANT_SPARSE_VECTOR_NAME;
  const recorded: Awaited<ReturnType<typeof checkCompatible>> = reuse ? await checkCompatible(qdrant, config, denseName, sparseName) : { fields: true, indexed: [] };
  const recordedAvgLen = recorded.avgLen;
  const indexed = reuse ? await readIndexedPoints(qdrant) : new Map();
  const plan = planIngest(chunks, indexed);
  if (options.dryRun) return { plan, created: !exists, written: false, warnings: [] };

  const toWrite = [...plan.added, ...plan.changed];
  // BM25 normalises by the corpus average length, so it is computed over the whole book; an
  // existing collection keeps the average its points were made with (only some are rewritten,
  // and mixing two averages would skew scores between old and new points).
  const allTexts = chunks.map(indexingText);
  // Each chunk is indexed with the other (British ↔ American) spellings of its words, as in the
  // embedded index: document side only, so queries and older points are unaffected.
  const spelled = withSpellings(allTexts, vocabularyBridges(allTexts).spellings);
  const sparse = bm25Vectors(spelled, recordedAvgLen);
  // The book's word statistics, for the Worker's "the book does not cover this" rule: counted over
  // the texts BM25 indexes, with the same English lexicon as the embedded index.
  const vocabulary = encodeBookVocabulary(spelled, lexiconFor(allTexts));
  const sparseById = new Map(chunks.map((chunk, i) => [chunk.id, sparse.vectors[i]!]));
  // Field-aware BM25 (titles + headings), for new collections and those made with it; an older
  // collection without the vector keeps working without it (searches degrade, nothing breaks).
  const fieldsName = recorded.fields ? FIELDS_SPARSE_VECTOR : null;
  const fieldVecs = fieldVectors(chunks.map((chunk) => chunk.payload as unknown as Payload), recorded.fieldsAvgLen);
  const fieldsById = new Map(chunks.map((chunk, i) => [chunk.id, fieldVecs.vectors[i]!]));
  progress.start('embedding', toWrite.length);
  const dense = await cohereVectors(toWrite.map(indexingText), config, (n) => progress.update(n));
  progress.stop();

  const layout: CollectionLayout = {
    dimension: dense.descriptor.dims,
    denseName,
    sparseName,
    fieldsName,
    metadata: { embedder: dense.descriptor, bm25: { avg_len: sparse.avgLen, fields_avg_len: fieldVecs.avgLen }, created_by: 'edge-retriever' },
  };
  // Dropped only now that the new vectors are in hand (they are held for the upsert anyway).
  if (exists && options.recreate) await deleteCollection(qdrant);
  if (!reuse) await createCollection(qdrant, layout);
  // A collection made before an index was added gains it (strict mode refuses filters without one).
  else await ensurePayloadIndexes(qdrant, recorded.indexed);
  progress.start('upserting', toWrite.length);
  let done = 0;
  await upsertPoints(
    qdrant,
    layout,
    toWrite.map((chunk, i) => ({ id: chunk.id, dense: dense.vectors[i]!, sparse: sparseById.get(chunk.id)!, fields: fieldsById.get(chunk.id)!, payload: { ...chunk.payload } })),
    64,
    (n) => progress.update((done += n)),
  );
  progress.stop();
  // Same text, new payload (lines moved): the vectors stay, no embedding is paid for again.
  await overwritePayloads(qdrant, plan.relabeled.map((chunk) => ({ id: chunk.id, payload: { ...chunk.payload } })));
  await deletePoints(qdrant, plan.stale);
  const warnings: QdrantTargetResult['warnings'] = [];
  // The vocabulary follows the book (a collection made before it gains it), once its points do.
  // It is recorded last and best effort: the points are written, and without it only the term
  // rule is missing — a Qdrant that refuses large metadata must not fail the ingest.
  if (JSON.stringify(recorded.vocabulary) !== JSON.stringify(vocabulary)) {
    try {
      await updateCollectionMetadata(qdrant, { [VOCABULARY_METADATA_KEY]: vocabulary });
    } catch (error) {
      const why = isRetrieverError(error) ? error.message : 'unexpected error';
      warnings.push({
        path: `collection "${options.collection}"`,
        message: `the book's vocabulary (for "the book does not cover this") was not recorded: ${why}. Searches work without it; run ingest again to retry.`,
      });
    }
  }
  return { plan, created: !reuse, written: true, warnings };
}

/** Refuses vectors of another size than the collection's dense vector, with how to fix it. */
function checkDimension(collection: string, size: number, dims: number): void {
  if (dims === size) return;
  throw new RetrieverError('dimension_mismatch', `Collection "${collection}" holds ${size}-dimensional vectors; the configured model makes ${dims}`, {
    expected: size,
    got: dims,
    hint: `configure a model that makes ${size} dimensions (EMBED_MODEL, EMBED_DIMENSION), rebuild the collection at ${dims} with --recreate (re-embeds the whole book), or ingest into another --collection`,
  });
}

/**
 * Refuses a collection built for another model, vector size or layout (before anything is embedded:
 * Cohere is paid per chunk, and a collection whose vectors no query can match would 409 every
 * search); returns the BM25 average lengths it records and whether it has the titles-and-headings
 * sparse vector.
 */
async function checkCompatible(
  qdrant: QdrantTransport,
  config: Config,
  denseName: string | null,
  sparseName: string,
): Promise<{ avgLen?: number; fieldsAvgLen?: number; fields: boolean; indexed: string[]; vocabulary?: unknown }> {
  const info = await createQdrantStore(qdrant).describe();
  const recorded = info.metadata.embedder as { model_id?: string } | undefined;
  if (recorded?.model_id && recorded.model_id !== config.EMBED_MODEL) {
    throw new RetrieverError('embedder_mismatch', `Collection "${info.name}" holds ${recorded.model_id} vectors; ingesting with ${config.EMBED_MODEL} would mix models. Use --recreate or another --collection`, {
      index_embedder: recorded.model_id,
    });
  }
  if (!((denseName ?? '') in info.denseVectors)) {
    throw new RetrieverError('config_error', `Collection "${info.name}" has no dense vector "${denseName ?? '(unnamed)'}"; set QDRANT_VECTOR_NAME or use --recreate`, {
      variables: ['QDRANT_VECTOR_NAME'],
    });
  }
  // A model whose size is not known here (not in EMBED_MODEL_DIMENSIONS) is left to Qdrant's refusal.
  const expected = expectedEmbedDimension(config);
  if (expected !== null) checkDimension(info.name, info.denseVectors[denseName ?? '']!.size, expected);
  if (!(sparseName in info.sparseVectors)) {
    throw new RetrieverError('mode_unavailable', `Collection "${info.name}" has no sparse vector "${sparseName}" for BM25; use --recreate to rebuild it`, {
      variables: ['QDRANT_SPARSE_VECTOR_NAME'],
    });
  }
  const bm25 = info.metadata.bm25 as { avg_len?: unknown; fields_avg_len?: unknown } | undefined;
  const positive = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);
  const avgLen = positive(bm25?.avg_len);
  const fieldsAvgLen = positive(bm25?.fields_avg_len);
  return {
    ...(avgLen ? { avgLen } : {}),
    ...(fieldsAvgLen ? { fieldsAvgLen } : {}),
    fields: FIELDS_SPARSE_VECTOR in info.sparseVectors,
    indexed: info.filtering?.indexed ?? [],
    vocabulary: info.metadata[VOCABULARY_METADATA_KEY],
  };
}
