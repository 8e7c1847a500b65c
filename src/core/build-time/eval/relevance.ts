/**
 * Relevance judged by the hand-written LABELS of a query, never by embedding similarity: the
 * validator must be able to say "the retriever is wrong" even when it is confidently wrong.
 *
 * A label names the pages that answer the query. The MOST SPECIFIC kind of label given decides
 * (file paths and URLs, else chapters, else modules): a query labelled with its page and its
 * module is judged by the page, so "any chunk of the right module" does not pass for an answer.
 * Every distinct chunk of a relevant page is a relevant result; only a chunk returned twice is
 * credited once (see `judgeRanking`). Page identity (`file_path`, else the normalised URL, else
 * the point id) is still reported for the text report.
 */
import type { Payload, PointId } from '../../common/types';
import type { ExpectedLabels } from './query-set';

/**
 * One ranked hit. Fields are read from `payload` first, then from the top level, so both the
 * store's `{id, score, payload}` and a flattened API result can be judged.
 */
export interface EvalResult {
  id?: PointId;
  score: number;
  payload?: Payload;
  [field: string]: unknown;
}

/** The verdict on one ranked result. */
export interface Judgement {
  /** Matches at least one expected label. */
  relevant: boolean;
  /** Relevant AND the first time this chunk appears in the ranking. */
  credited: boolean;
  /** Page identity used for de-duplication (`file:…`, `url:…`, `id:…` or `rank:…`). */
  page: string;
}

/** Reads a field from the payload, falling back to the result itself. */
export function readField(result: EvalResult, name: string): unknown {
  const fromPayload = result.payload?.[name];
  return fromPayload ?? result[name];
}

/** A scalar field as trimmed text; null when missing, empty or not a string/number. */
export function readText(result: EvalResult, name: string): string | null {
  const value = readField(result, name);
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * Normalises a URL for label comparison: drops the `#fragment` (anchors point into the same
 * page) and trailing slashes (`/docs/a/` and `/docs/a` are one page). Scheme, host, path case and
 * query string are kept: they can name different pages.
 *
 * @example
 * normalizeUrl('https://book.dev/docs/ros2/#nodes'); // "https://book.dev/docs/ros2"
 */
export function normalizeUrl(url: string): string {
  const hash = url.indexOf('#');
  const noFragment = (hash === -1 ? url : url.slice(0, hash)).trim();
  return noFragment.replace(/\/+$/, '');
}

/** Both URL fields a payload may carry (`source_url` in most pipelines, `url` in some). */
function resultUrls(result: EvalResult): string[] {
  const urls: string[] = [];
  for (const name of ['source_url', 'url']) {
    const value = readText(result, name);
    if (value !== null) urls.push(normalizeUrl(value));
  }
  return urls;
}

/**
 * A page's path as labels name it: `./` and a `.md`/`.mdx` extension are optional, backslashes are
 * slashes. Results and labels compare by it (here and in `bench:quality`).
 *
 * @example
 * pagePath('./01-ros2\\02-topics.mdx'); // '01-ros2/02-topics'
 */
export function pagePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\.mdx?$/i, '');
}

/** A file-path label names a result's page: `intro`, `./intro.md` and `intro.mdx` are one page. */
function samePage(label: string, filePath: string): boolean {
  return pagePath(label) === pagePath(filePath);
}

/** Chapter and module names are typed by hand in the labels, so case and padding are forgiven. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * True when the result matches the query's most specific labels: file paths (see `samePage`) or
 * URLs (normalised, see `normalizeUrl`) when any are given; else chapters; else modules (names
 * case-insensitive).
 *
 * @example
 * isRelevant({ score: 0.8, payload: { chapter: 'ROS2' } }, { chapters: ['ros2'] }); // true
 * isRelevant({ score: 0.8, payload: { module: 'm', file_path: 'b.md' } }, { modules: ['m'], file_paths: ['a.md'] }); // false
 */
export function isRelevant(result: EvalResult, expected: ExpectedLabels): boolean {
  const pageLabels = (expected.file_paths?.length ?? 0) + (expected.urls?.length ?? 0);
  if (pageLabels > 0) {
    const filePath = readText(result, 'file_path');
    if (filePath !== null && (expected.file_paths ?? []).some((label) => samePage(label, filePath))) return true;
    const wanted = new Set((expected.urls ?? []).map(normalizeUrl));
    return resultUrls(result).some((u) => wanted.has(u));
  }
  if (expected.chapters && expected.chapters.length > 0) {
    const chapter = readText(result, 'chapter');
    return chapter !== null && expected.chapters.some((c) => sameName(c, chapter));
  }
  const module = readText(result, 'module');
  return module !== null && (expected.modules ?? []).some((m) => sameName(m, module));
}

/**
 * The page a result belongs to (reported next to each judged result).
 *
 * @example
 * pageKey({ score: 1, payload: { source_url: 'https://b.dev/a/#x' } }, 0); // "url:https://b.dev/a"
 */
export function pageKey(result: EvalResult, rankIndex: number): string {
  const filePath = readText(result, 'file_path');
  if (filePath !== null) return `file:${filePath}`;
  const url = resultUrls(result)[0];
  if (url !== undefined && url !== '') return `url:${url}`;
  if (result.id !== undefined) return `id:${String(result.id)}`;
  return `rank:${rankIndex}`;
}

/**
 * The chunk a result is: point id, else `chunk_id`, else `file_path#chunk_index`, else its rank.
 *
 * @example
 * chunkKey({ id: 7, score: 1 }, 0); // "id:7"
 */
export function chunkKey(result: EvalResult, rankIndex: number): string {
  if (result.id !== undefined) return `id:${String(result.id)}`;
  const chunkId = readText(result, 'chunk_id');
  if (chunkId !== null) return `chunk:${chunkId}`;
  const filePath = readText(result, 'file_path');
  const index = readText(result, 'chunk_index');
  return filePath !== null && index !== null ? `chunk:${filePath}#${index}` : `rank:${rankIndex}`;
}

/**
 * Judges a whole ranking, best first. Each distinct relevant chunk is credited — several chunks
 * of one relevant page are several relevant results (a RAG prompt gets each of them), as the
 * issue asks ("precision counts distinct relevant results … when several chunks come from one
 * relevant page"); only the same chunk returned twice is credited once, so a retriever cannot
 * pad its precision with repeats.
 */
export function judgeRanking(results: readonly EvalResult[], expected: ExpectedLabels): Judgement[] {
  const credited = new Set<string>();
  return results.map((result, index) => {
    const chunk = chunkKey(result, index);
    const relevant = isRelevant(result, expected);
    const first = relevant && !credited.has(chunk);
    if (first) credited.add(chunk);
    return { relevant, credited: first, page: pageKey(result, index) };
  });
}

/**
 * How many distinct pages the labels name directly: distinct normalised URLs plus distinct file
 * paths. Chapter and module labels name an unknown number of pages, so they add nothing here.
 * Assumes a page is labelled once (by URL or by file path, not both).
 */
export function pageLabelCount(expected: ExpectedLabels): number {
  const urls = new Set((expected.urls ?? []).map(normalizeUrl));
  const files = new Set((expected.file_paths ?? []).map(pagePath));
  return urls.size + files.size;
}
