/**
 * What an ingest run will change: new and changed chunks to write, stale points to delete, the
 * rest left alone. Point ids are deterministic (file path + chunk index) and payloads carry a
 * content hash, so re-running on unchanged docs writes nothing.
 */
import type { Chunk } from './types';

/** Already-indexed point: its content hash and file. */
export interface IndexedPoint {
  hash: unknown;
  file: unknown;
}

/** The diff between the docs and the index. */
export interface IngestPlan {
  added: Chunk[];
  changed: Chunk[];
  unchanged: number;
  /** Ids of indexed points no chunk produces any more (deleted files, shrunk files). */
  stale: string[];
}

/**
 * Diffs chunks against what is indexed.
 *
 * @example
 * planIngest(chunks, new Map([['id-1', { hash: 'abc', file: 'a.md' }]]));
 */
export function planIngest(chunks: readonly Chunk[], indexed: ReadonlyMap<string, IndexedPoint>): IngestPlan {
  const plan: IngestPlan = { added: [], changed: [], unchanged: 0, stale: [] };
  const wanted = new Set<string>();
  for (const chunk of chunks) {
    wanted.add(chunk.id);
    const existing = indexed.get(chunk.id);
    if (!existing) plan.added.push(chunk);
    else if (existing.hash !== chunk.payload.content_hash || existing.file !== chunk.payload.file_path) plan.changed.push(chunk);
    else plan.unchanged++;
  }
  for (const id of indexed.keys()) if (!wanted.has(id)) plan.stale.push(id);
  plan.stale.sort();
  return plan;
}

/**
 * The text that is embedded and BM25-indexed for a chunk: title and heading breadcrumb first, so
 * a chunk deep in a section still matches queries about its topic, then the chunk itself.
 */
export function indexingText(chunk: Chunk): string {
  const { title, headings, content } = chunk.payload;
  const trail = headings.filter((heading) => heading !== title);
  return [title, ...trail].filter(Boolean).join(' > ') + '\n\n' + content;
}
