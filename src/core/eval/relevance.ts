/**
 * Relevance judged by the hand-written LABELS of a query, never by embedding similarity: the
 * validator must be able to say "the retriever is wrong" even when it is confidently wrong.
 *
 * Relevance is per PAGE. A page is identified by `file_path`, else by the normalised
 * `source_url` / `url`, else by the point id (then every chunk is its own page, because nothing
 * says two chunks share one). Only the FIRST returned chunk of a relevant page is "credited";
 * later chunks of the same page are duplicates (see `judgeRanking`).
 */
import type { Payload, PointId } from '../types';
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
  /** Relevant AND the first time its page appears in the ranking. */
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

/** Chapter and module names are typed by hand in the labels, so case and padding are forgiven. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * True when the result matches ANY expected label: chapter or module (case-insensitive), URL
 * (normalised, see `normalizeUrl`) or file path (exact).
 *
 * @example
 * isRelevant({ score: 0.8, payload: { chapter: 'ROS2' } }, { chapters: ['ros2'] }); // true
 */
export function isRelevant(result: EvalResult, expected: ExpectedLabels): boolean {
  const chapter = readText(result, 'chapter');
  if (chapter !== null && expected.chapters?.some((c) => sameName(c, chapter))) return true;

  const module = readText(result, 'module');
  if (module !== null && expected.modules?.some((m) => sameName(m, module))) return true;

  if (expected.urls && expected.urls.length > 0) {
    const wanted = new Set(expected.urls.map(normalizeUrl));
    if (resultUrls(result).some((u) => wanted.has(u))) return true;
  }

  const filePath = readText(result, 'file_path');
  return filePath !== null && (expected.file_paths?.includes(filePath) ?? false);
}

/**
 * The page a result belongs to, for de-duplicating several chunks of one page.
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
 * Judges a whole ranking, best first. A relevant result is credited only when its page has not
 * been credited higher up, so five chunks of one relevant page count once: otherwise a retriever
 * that returns the same page 5× would score P@5 = 1 while giving the reader a single source —
 * the standard per-document judgement of TREC-style evaluation, where a document is relevant
 * once, not once per passage.
 */
export function judgeRanking(results: readonly EvalResult[], expected: ExpectedLabels): Judgement[] {
  const credited = new Set<string>();
  return results.map((result, index) => {
    const page = pageKey(result, index);
    const relevant = isRelevant(result, expected);
    const first = relevant && !credited.has(page);
    if (first) credited.add(page);
    return { relevant, credited: first, page };
  });
}

/**
 * How many distinct pages the labels name directly: distinct normalised URLs plus distinct file
 * paths. Chapter and module labels name an unknown number of pages, so they add nothing here.
 * Assumes a page is labelled once (by URL or by file path, not both).
 */
export function pageLabelCount(expected: ExpectedLabels): number {
  const urls = new Set((expected.urls ?? []).map(normalizeUrl));
  const files = new Set(expected.file_paths ?? []);
  return urls.size + files.size;
}
