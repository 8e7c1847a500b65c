/**
 * What an ingest run will change: new and changed chunks to write, stale points to delete, the
 * rest left alone. Point ids are deterministic (file path + chunk index) and payloads carry a
 * content hash, so re-running on unchanged docs writes nothing. When the stored payload is known
 * it is compared whole: a chunk's title, heading breadcrumb, tags or URL can change while its
 * content does not (front matter or a parent heading edited), and title and headings are part of
 * the embedded text.
 */
import type { Chunk } from './types';

/** Already-indexed point: its content hash and file, and its whole payload when it was read. */
export interface IndexedPoint {
  hash: unknown;
  file: unknown;
  payload?: unknown;
}

/** The diff between the docs and the index. */
export interface IngestPlan {
  added: Chunk[];
  /** Chunks whose indexed text changed: embedded and written again. */
  changed: Chunk[];
  /**
   * Chunks whose payload changed but whose indexed text (title, headings, content, synonyms) did
   * not — lines shifted by an edit above them, a tag or URL changed: their vectors stay, only the
   * payload is written, so an inserted line does not re-embed the rest of the page.
   */
  relabeled: Chunk[];
  unchanged: number;
  /** Ids of indexed points no chunk produces any more (deleted files, shrunk files). */
  stale: string[];
}

/**
 * Diffs chunks against what is indexed.
 *
 * @example
 * planIngest(chunks, new Map([['id-1', { hash: 'abc', file: 'a.md', payload: storedPayload }]]));
 */
export function planIngest(chunks: readonly Chunk[], indexed: ReadonlyMap<string, IndexedPoint>): IngestPlan {
  const plan: IngestPlan = { added: [], changed: [], relabeled: [], unchanged: 0, stale: [] };
  const wanted = new Set<string>();
  for (const chunk of chunks) {
    wanted.add(chunk.id);
    const existing = indexed.get(chunk.id);
    if (!existing) plan.added.push(chunk);
    else if (existing.hash !== chunk.payload.content_hash || existing.file !== chunk.payload.file_path) plan.changed.push(chunk);
    else if (existing.payload !== undefined && !sameJson(existing.payload, chunk.payload)) (sameIndexedText(existing.payload, chunk) ? plan.relabeled : plan.changed).push(chunk);
    else plan.unchanged++;
  }
  for (const id of indexed.keys()) if (!wanted.has(id)) plan.stale.push(id);
  plan.stale.sort();
  return plan;
}

/** The stored payload's indexed text is the chunk's (so are its vectors); false when it cannot be read. */
function sameIndexedText(stored: unknown, chunk: Chunk): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  const payload = stored as Chunk['payload'];
  if (typeof payload.content !== 'string' || !Array.isArray(payload.headings)) return false;
  return indexingText({ ...chunk, payload }) === indexingText(chunk);
}

/** Structural equality of JSON values; object key order is ignored (stores may reorder keys). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
}

/**
 * A chunk's own text: title and heading breadcrumb first, so a chunk deep in a section still matches
 * queries about its topic, then the chunk itself. The local model is trained on it.
 */
export function ownText(chunk: Chunk): string {
  const { title, headings, content } = chunk.payload;
  const trail = headings.filter((heading) => heading !== title);
  return [title, ...trail].filter(Boolean).join(' > ') + '\n\n' + content;
}

/**
 * The text that is BM25-indexed and embedded by Cohere for a chunk: its own text, then the readers'
 * words the book owner's synonyms file gives for its terms (synonyms.ts).
 */
export function indexingText(chunk: Chunk): string {
  const { synonyms } = chunk.payload;
  return synonyms?.length ? `${ownText(chunk)}\n\n${synonyms.join(', ')}` : ownText(chunk);
}
