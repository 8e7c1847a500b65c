/**
 * Field access shared by the summary and the prompt formatter. Results reach them in two shapes:
 * API results (`SearchResult`: fields at the top level, the rest under `metadata`) and store
 * points (fields under `payload`); reading all three lets the same helpers run before and after
 * the pipeline maps points to results.
 */

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
