/**
 * Ranking metrics over hand-labelled relevance (see `relevance.ts` for what "relevant" and
 * "credited" mean). All take the ranking best first and the query's expected labels.
 */
import { RetrieverError } from '../../common/errors';
import type { ExpectedLabels } from './query-set';
import { type EvalResult, judgeRanking, pageLabelCount, readField } from './relevance';

function assertK(k: number): void {
  if (!Number.isInteger(k) || k < 1) {
    throw new RetrieverError('invalid_request', `k must be a positive integer, got ${k}`, { params: ['k'] });
  }
}

/**
 * Precision@k: distinct relevant chunks among the top k (`judgeRanking`: every chunk of a relevant
 * page is relevant, a chunk returned twice is credited once), divided by k. Always divided by k,
 * also when fewer than k results came back: a retriever that returns one relevant chunk where five
 * were asked for has filled 1 of 5 slots, and dividing by the returned count would reward
 * returning less.
 *
 * @example
 * // ranks: chunk 1 of page A, chunk 2 of page A, irrelevant → 2 distinct relevant chunks / 3
 * precisionAtK(results, { file_paths: ['a.md'] }, 3); // 0.666…
 */
export function precisionAtK(results: readonly EvalResult[], expected: ExpectedLabels, k: number): number {
  assertK(k);
  const credited = judgeRanking(results.slice(0, k), expected).filter((j) => j.credited).length;
  return credited / k;
}

/**
 * Hit@k: true when at least one of the top k results is relevant.
 *
 * @example
 * hitAtK(results, { chapters: ['ros2'] }, 5); // true when any top-5 chunk is from chapter "ros2"
 */
export function hitAtK(results: readonly EvalResult[], expected: ExpectedLabels, k: number): boolean {
  assertK(k);
  return judgeRanking(results.slice(0, k), expected).some((j) => j.relevant);
}

/**
 * Reciprocal rank: 1 / rank of the first relevant result (ranks are 1-based), 0 when none is
 * relevant within the first `k` (default: the whole ranking).
 *
 * @example
 * // only the third result is relevant
 * reciprocalRank(results, labels); // 1/3
 */
export function reciprocalRank(
  results: readonly EvalResult[],
  expected: ExpectedLabels,
  k: number = Number.POSITIVE_INFINITY,
): number {
  if (k !== Number.POSITIVE_INFINITY) assertK(k);
  const index = judgeRanking(results, expected).findIndex((j) => j.relevant);
  return index === -1 || index + 1 > k ? 0 : 1 / (index + 1);
}

/**
 * How many relevant pages an ideal ranking would hold, for the ideal DCG. The corpus is not
 * enumerated, so the best available knowledge is used: the pages the labels name directly
 * (URLs + file paths), or — if more — the distinct relevant pages found anywhere in the returned
 * ranking (chapter/module labels can match pages nobody listed). Taking the maximum keeps
 * nDCG ≤ 1. With chapter/module labels only, nDCG therefore measures the ORDER of what was
 * retrieved and cannot penalise relevant pages that were never retrieved; precision and hit@k
 * cover that.
 */
export function idealRelevantCount(results: readonly EvalResult[], expected: ExpectedLabels): number {
  const found = judgeRanking(results, expected).filter((j) => j.credited).length;
  return Math.max(pageLabelCount(expected), found);
}

/**
 * nDCG@k with binary gains: a credited result gains 1, a duplicate chunk of an already-credited
 * page or an irrelevant result gains 0. DCG = Σ gain_i / log2(i + 1) over ranks i = 1..k; the
 * ideal DCG puts min(k, idealRelevantCount) gains of 1 at the top. 0 when nothing is relevant.
 *
 * @example
 * // credited at ranks 2 and 4, three labelled pages:
 * // (1/log2 3 + 1/log2 5) / (1 + 1/log2 3 + 1/log2 4) ≈ 0.4982
 * ndcgAtK(results, { file_paths: ['b.md', 'c.md', 'e.md'] }, 5);
 */
export function ndcgAtK(results: readonly EvalResult[], expected: ExpectedLabels, k = 5): number {
  assertK(k);
  const ideal = Math.min(k, idealRelevantCount(results, expected));
  if (ideal === 0) return 0;
  let dcg = 0;
  judgeRanking(results.slice(0, k), expected).forEach((j, i) => {
    if (j.credited) dcg += 1 / Math.log2(i + 2);
  });
  let idcg = 0;
  for (let i = 0; i < ideal; i++) idcg += 1 / Math.log2(i + 2);
  return dcg / idcg;
}

/**
 * The metadata every result should carry so a RAG answer can cite it, each with the payload
 * keys accepted for it (existing ingestion pipelines name them differently: `text` vs
 * `content`, `url` vs `source_url`, `page_title`, `section_title`). `file_path` is NOT required:
 * books ingested from a website have no file path. Pass your own list to require it.
 */
export const REQUIRED_METADATA_FIELDS: Readonly<Record<string, readonly string[]>> = {
  content: ['content', 'text'],
  source_url: ['source_url', 'url'],
  chapter: ['chapter'],
  section: ['section', 'section_title'],
  title: ['title', 'page_title'],
  chunk_index: ['chunk_index'],
};

/** Present and non-empty: not null/undefined, non-blank string, finite number (0 counts), non-empty array/object. */
function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * The required fields (canonical names) a result lacks or has empty.
 *
 * @example
 * missingMetadata({ score: 1, payload: { content: 'x', chapter: '' } }); // ["source_url", "chapter", …]
 */
export function missingMetadata(
  result: EvalResult,
  fields: Readonly<Record<string, readonly string[]>> = REQUIRED_METADATA_FIELDS,
): string[] {
  return Object.entries(fields)
    .filter(([, keys]) => !keys.some((key) => isFilled(readField(result, key))))
    .map(([name]) => name);
}

/**
 * Fraction of the required fields present and non-empty, 0..1 (1 when `fields` is empty).
 *
 * @example
 * metadataCompleteness({ score: 1, payload: { content: 'x', chapter: 'ros2', chunk_index: 0 } }); // 3/6
 */
export function metadataCompleteness(
  result: EvalResult,
  fields: Readonly<Record<string, readonly string[]>> = REQUIRED_METADATA_FIELDS,
): number {
  const total = Object.keys(fields).length;
  if (total === 0) return 1;
  return (total - missingMetadata(result, fields).length) / total;
}

/**
 * Verdict for an `expect_no_results` query. By default it passes only when the ranking is empty
 * (the product applies its score threshold before returning). Given `scoreBelow`, it also passes
 * when every returned score is below that threshold — for runs made without a server threshold.
 *
 * @example
 * noResultsPass([]); // true
 * noResultsPass([{ score: 0.21 }], 0.3); // true
 */
export function noResultsPass(results: readonly EvalResult[], scoreBelow?: number): boolean {
  if (results.length === 0) return true;
  if (scoreBelow === undefined) return false;
  return results.every((r) => r.score < scoreBelow);
}
