/**
 * Turns a store hit into the API's result: the well-known fields pulled from whichever payload
 * keys this collection uses (missing → null, never a crash), the rest kept as `metadata`.
 */
import type { PayloadFieldMap, MappedField } from '../../common/config/payload-fields';
import type { Payload, PointId, ScoredPoint } from '../../common/types';
import { payloadFilePath } from './result-fields';

/** One result as the API returns it. */
export interface SearchResult {
  rank: number;
  id: PointId;
  score: number;
  content: string | null;
  source_url: string | null;
  /** `source_url` with the `#anchor` of the chunk's section; `source_url` when the payload has none (older collections). */
  section_url: string | null;
  chapter: string | null;
  section: string | null;
  title: string | null;
  module: string | null;
  /** The module's name as the book's sidebar shows it (ingest's `module_title`); null when the payload has none (collections ingested before it, other pipelines). */
  module_title: string | null;
  chunk_index: number | null;
  chunk_id: string | null;
  /** `file_path:start-end` when the payload has them. */
  source: string | null;
  metadata?: Payload;
  /** Strategy-specific extras (component scores, ranks, diversity, rerank score…). */
  [extra: string]: unknown;
}

/**
 * Maps hits (already in final order) to API results with 1-based ranks.
 *
 * @example
 * mapResults([{ id: 1, score: 0.9, payload: { text: 'Hi', url: 'https://x' } }], DEFAULT_PAYLOAD_FIELDS);
 * // [{ rank: 1, content: 'Hi', source_url: 'https://x', …, metadata: {} }]
 */
export function mapResults(hits: readonly ScoredPoint[], fields: PayloadFieldMap, includeMetadata = true): SearchResult[] {
  return hits.map((hit, index) => mapResult(hit, index + 1, fields, includeMetadata));
}

function mapResult(hit: ScoredPoint, rank: number, fields: PayloadFieldMap, includeMetadata: boolean): SearchResult {
  const used = new Set<string>();
  const pick = (field: MappedField): unknown => {
    for (const key of fields[field]) {
      const value = hit.payload[key];
      if (value !== undefined && value !== null && value !== '') {
        used.add(key);
        return value;
      }
    }
    return null;
  };
  const text = (field: MappedField): string | null => {
    const value = pick(field);
    return value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);
  };
  const chunkIndex = pick('chunk_index');
  const result: SearchResult = {
    rank,
    id: hit.id,
    score: hit.score,
    content: text('content'),
    source_url: text('source_url'),
    section_url: text('section_url') ?? text('source_url'),
    chapter: text('chapter'),
    section: text('section'),
    title: text('title'),
    module: text('module'),
    module_title: text('module_title'),
    chunk_index: typeof chunkIndex === 'number' && Number.isFinite(chunkIndex) ? chunkIndex : null,
    chunk_id: text('chunk_id'),
    source: sourceLocation(hit.payload),
  };
  if (includeMetadata) {
    result.metadata = Object.fromEntries(Object.entries(hit.payload).filter(([key]) => !used.has(key)));
  }
  return result;
}

/** `file_path:start-end` (or `file_path` alone) when the payload locates the chunk. */
export function sourceLocation(payload: Payload): string | null {
  const path = payloadFilePath(payload);
  if (path === undefined) return null;
  const start = payload.start_line;
  const end = payload.end_line;
  return typeof start === 'number' && typeof end === 'number' ? `${path}:${start}-${end}` : path;
}
