/**
 * Field access shared by the summary and the prompt formatter. Results reach them in two shapes:
 * API results (`SearchResult`: fields at the top level, the rest under `metadata`) and store
 * points (fields under `payload`); reading all three lets the same helpers run before and after
 * the pipeline maps points to results. The stages that work on store points before they are mapped
 * (group_by, page diversity, expansion) read them with {@link pointPage} and {@link pointChunkIndex},
 * through the payload field map, so a collection's aliases (`url`, `position`) mean what they mean
 * in its results.
 */
import type { PayloadFieldMap } from '../../common/config/payload-fields';
import type { Payload } from '../../common/types';

/** Anything with a score and, at the top level or under `payload`, the chunk's metadata. */
export interface ResultLike {
  score: number;
  id?: string | number;
  payload?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The value of `name` on the result itself, else in `payload`, else in `metadata`; undefined when absent or null. */
export function readField(result: ResultLike, name: string): unknown {
  for (const value of [result[name], result.payload?.[name], result.metadata?.[name]]) {
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** `readField` as a non-empty string (numbers are stringified), else undefined. */
export function readText(result: ResultLike, name: string): string | undefined {
  const value = readField(result, name);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The document a result comes from: `file_path`, else the API's `source` (`file_path:start-end`)
 * without the line range, else `source_url` without its `#fragment` (chunks of one page usually
 * differ only by the heading anchor); undefined when none is set.
 *
 * @example
 * sourceKey({ score: 1, source_url: 'https://book.dev/ros2/nodes#topics' }); // → 'https://book.dev/ros2/nodes'
 */
export function sourceKey(result: ResultLike): string | undefined {
  const file = readText(result, 'file_path');
  if (file !== undefined) return file;
  const located = readText(result, 'source');
  if (located !== undefined) return located.replace(/:\d+(-\d+)?$/, '');
  const url = readText(result, 'source_url');
  return url === undefined ? undefined : url.replace(/#.*$/s, '');
}

/**
 * The chunk's file path in a payload (`file_path`, else `source_file` or `path`), else undefined.
 *
 * @example
 * payloadFilePath({ path: 'ros2/qos.md' }); // → 'ros2/qos.md'
 */
export function payloadFilePath(payload: Payload): string | undefined {
  const path = payload.file_path ?? payload.source_file ?? payload.path;
  return typeof path === 'string' && path !== '' ? path : undefined;
}

/** The first payload key of `keys` that holds a value, as result-mapping.ts picks a field. */
function firstPresent(payload: Payload, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = payload[key];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/**
 * The page a store point comes from: its file path, else its source URL (read through `fields`,
 * so `url` or a PAYLOAD_FIELDS name counts) without the `#fragment` (a page's chunks differ by
 * their heading anchor); undefined when the payload has neither.
 *
 * @example
 * pointPage({ url: 'https://book.dev/ros2/nodes#topics' }, DEFAULT_PAYLOAD_FIELDS); // → 'https://book.dev/ros2/nodes'
 */
export function pointPage(payload: Payload, fields: PayloadFieldMap): string | undefined {
  const file = payloadFilePath(payload);
  if (file !== undefined) return file;
  const url = firstPresent(payload, fields.source_url);
  return typeof url === 'string' && url.trim() !== '' ? url.replace(/#.*$/s, '') : undefined;
}

/**
 * A store point's chunk index read through `fields` (`chunk_index`, `position`, …): the value the
 * result's `chunk_index` shows, when it is an integer ≥ 0; else undefined.
 *
 * @example
 * pointChunkIndex({ position: 3 }, DEFAULT_PAYLOAD_FIELDS); // → 3
 */
export function pointChunkIndex(payload: Payload, fields: PayloadFieldMap): number | undefined {
  const index = firstPresent(payload, fields.chunk_index);
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : undefined;
}

/**
 * A store point's text read through `fields` (`content`, `text`, `page_content`, …): the first
 * non-empty string among them, else undefined.
 *
 * @example
 * pointContent({ page_content: 'Nodes talk over topics.' }, DEFAULT_PAYLOAD_FIELDS); // → 'Nodes talk over topics.'
 */
export function pointContent(payload: Payload, fields: PayloadFieldMap): string | undefined {
  for (const key of fields.content) {
    const value = payload[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}
