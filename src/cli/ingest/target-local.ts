/**
 * `--target local`: builds the embedded index file the Worker bundles (dense vectors, BM25
 * vectors, payloads and — for LSA — the query model), reporting what changed since the last build.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Config } from '../../core/common/config/parse-config';
import { decodeIndex } from '../../core/query/local-index/index-format';
import { encodeIndex } from '../../core/build-time/local-index/index-encode';
import { indexingText, ownText, planIngest, type IndexedPoint, type IngestPlan } from '../../core/build-time/ingest/ingest-plan';
import { synonymAliases } from '../../core/build-time/ingest/synonyms';
import type { Chunk } from '../../core/build-time/ingest/types';
import { bm25Vectors, cohereVectors, lsaDimsNotice, lsaVectors } from './embed-documents';
import { lexiconFor } from './english-lexicon';
import { vocabularyBridges, withSpellings } from './vocabulary-bridges';
import { withAliases } from '../../core/build-time/local-index/lsa-aliases';
import { FIELDS_SPARSE_VECTOR, fieldVectors } from '../../core/query/local-index/field-index';
import type { Payload } from '../../core/common/types';
import type { Progress } from './progress';
import { usageError } from '../cli-failure';
import { gzipSize } from './worker-size';

/** Result of a local build. */
export interface LocalTargetResult {
  plan: IngestPlan;
  bytes: number;
  /** Gzip size, what counts toward the Worker size limits (0 for a dry run). */
  gzipBytes: number;
  embedder: string;
  written: boolean;
  /** Set when the LSA model has fewer dimensions than `--dims` asked for, saying why. */
  dimsNotice: string | null;
}

/** Builds (or, with dryRun, only plans) the embedded index at `out`. */
export async function ingestLocal(
  chunks: Chunk[],
  options: { out: string; collection: string; embedder: 'cohere' | 'lsa'; dims: number | null; seed?: number; dryRun: boolean; recreate: boolean; config: Config | null },
  progress: Progress,
): Promise<LocalTargetResult> {
  const previous = options.recreate ? null : await readExisting(options.out);
  const plan = planIngest(chunks, previous ?? new Map());
  if (options.dryRun) return { plan, bytes: 0, gzipBytes: 0, embedder: options.embedder, written: false, dimsNotice: null };

  const texts = chunks.map(indexingText);
  // British ↔ American spellings: BM25 indexes both, LSA learns the other as an alias.
  const bridges = vocabularyBridges(texts);
  const sparse = bm25Vectors(withSpellings(texts, bridges.spellings));
  let dense;
  let dimsNotice: string | null = null;
  if (options.embedder === 'lsa') {
    // The model learns how the book's words go together across its chunks: one chunk teaches it nothing.
    if (chunks.length < 2) {
      throw usageError(`the book makes ${chunks.length} chunk: the local model needs at least 2 (two sections, or one long enough to split)`, 'add a page or a section, or ingest it into Qdrant with Cohere (--target qdrant)');
    }
    // Trained on the book's own text; other spellings and the synonyms file's readers' words are
    // learnt as aliases, which leave its rows and document vectors as trained.
    const trained = lsaVectors(chunks.map(ownText), options.dims, options.seed);
    dimsNotice = lsaDimsNotice(options.dims, trained.model.dims, { chunks: chunks.length, words: trained.model.vocab.length });
    const model = withAliases(trained.model, synonymAliases(chunks, bridges.aliases));
    dense = { ...trained, model, descriptor: { ...trained.descriptor, model_id: model.modelId } };
  } else {
    progress.start('embedding', texts.length);
    dense = { ...(await cohereVectors(texts, options.config as Config, (n) => progress.update(n))), model: null };
    progress.stop();
  }
  const bytes = encodeIndex({
    collection: options.collection,
    embedder: dense.descriptor,
    ids: chunks.map((chunk) => chunk.id),
    payloads: chunks.map((chunk) => ({ ...chunk.payload })),
    dense: { name: '', vectors: dense.vectors },
    sparse: { name: 'bm25', vectors: sparse.vectors },
    bm25: { avgLen: sparse.avgLen },
    lsa: dense.model,
    lexicon: lexiconFor(texts),
    fields: { name: FIELDS_SPARSE_VECTOR, ...fieldVectors(chunks.map((chunk) => chunk.payload as unknown as Payload)) },
    stems: sparse.stems,
  });
  await writeIfChanged(options.out, bytes);
  return { plan, bytes: bytes.byteLength, gzipBytes: gzipSize(bytes), embedder: dense.descriptor.model_id, written: true, dimsNotice };
}

/**
 * A running `wrangler dev` reloads when its index file changes: leave an identical file alone, and
 * replace a changed one atomically (write aside, then rename) so no reader sees half a file.
 */
async function writeIfChanged(path: string, bytes: Uint8Array): Promise<void> {
  const current = await readFile(path).catch(() => null);
  if (current && Buffer.compare(current, bytes) === 0) return;
  const aside = `${path}.tmp-${process.pid}`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(aside, bytes);
    await rename(aside, path);
  } catch (error) {
    // A path that cannot take the file (a folder, a read-only place) is the caller's to change,
    // not a bug: say so, and leave no half-written file behind.
    await rm(aside, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw usageError(`cannot write the index to ${path} (${WRITE_ERRORS[code] ?? code})`, 'pass --out a file path in a folder you can write, e.g. --out generated/indexes/book.bin');
  }
}

const WRITE_ERRORS: Record<string, string> = {
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of the path is a file',
  ENOENT: 'no such folder',
};

async function readExisting(path: string): Promise<Map<string, IndexedPoint> | null> {
  let buffer: Buffer;
  try {
    buffer = await readFile(path);
  } catch {
    return null;
  }
  try {
    const index = decodeIndex(buffer);
    const points = new Map<string, IndexedPoint>();
    index.ids.forEach((id, i) => {
      const payload = index.payload(i);
      points.set(String(id), { hash: payload.content_hash, file: payload.file_path, payload });
    });
    return points;
  } catch {
    return null; // an unreadable old index is simply rebuilt
  }
}
