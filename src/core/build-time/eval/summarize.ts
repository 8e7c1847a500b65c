/**
 * Turns the runs of a query set into a validation report: per-query metrics, the summary means,
 * and PASS/FAIL against thresholds. The caller (the CLI) runs the retrieval and times it; this
 * file only judges.
 */
import { hitAtK, metadataCompleteness, missingMetadata, ndcgAtK, noResultsPass, precisionAtK, reciprocalRank } from './metrics';
import type { QueryItem } from './query-set';
import { inLabelledSection, passageRank, passageSummary } from './passages';
import { type EvalResult, judgeRanking, readText } from './relevance';
import { labelledChunks, shortPages } from './short-pages';
import type { CriterionResult, QueryReport, ReportSummary, TopHit, ValidationCriteria, ValidationReport } from './validation-report';

/** One executed query: its ranking (best first), wall-clock latency, or the error it raised. */
export interface QueryRun {
  item: QueryItem;
  results: readonly EvalResult[];
  latencyMs: number;
  /** Set when retrieval failed; the query then fails and its metrics count as 0. */
  error?: string;
  /**
   * The retriever's own verdict that its results are weak (`summary.confidence.low_confidence`).
   * An `expect_no_results` query passes when the retriever says so: a RAG app then answers
   * "not in the book" instead of citing the passages.
   */
  flaggedLowConfidence?: boolean;
}

/** The default bar: P@3 ≥ 0.7, 80 % of queries pass, every result has complete metadata. */
export const DEFAULT_CRITERIA: ValidationCriteria = { minP3: 0.7, minHitRate: 0.8, minMetadata: 1.0 };

/** Options of {@link summarizeQuery} and {@link summarizeRuns}. */
export interface SummarizeOptions {
  criteria?: Partial<ValidationCriteria>;
  /** hit@k cut-off for items without their own `k`. Default 5. */
  defaultK?: number;
  /** See `noResultsPass`: also pass `expect_no_results` queries whose scores all fall below this. */
  noResultsScoreBelow?: number;
  /** How many top results to list per query. Default 5. */
  topN?: number;
  /** Every chunk of the book, when the searcher can list them: counts the chunks each question's labels name (`short-pages.ts`). */
  bookChunks?: readonly EvalResult[];
}

/**
 * Nearest-rank percentile: the smallest value with at least p % of the values at or below it,
 * i.e. sorted[ceil(p/100 · n) − 1] (p = 0 gives the minimum). No interpolation, so the answer is
 * always a latency that was actually observed. Null for an empty list.
 *
 * @example
 * nearestRankPercentile([15, 20, 35, 40, 50], 40); // 20 (rank ceil(2) = 2)
 */
export function nearestRankPercentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
}

/**
 * Judges one run.
 *
 * @example
 * summarizeQuery({ item, results, latencyMs: 42 }).pass;
 */
export function summarizeQuery(run: QueryRun, options: SummarizeOptions = {}): QueryReport {
  const { item, latencyMs } = run;
  const results = run.error === undefined ? run.results : [];
  const k = item.k ?? options.defaultK ?? 5;
  const labels = item.expected ?? {};
  const labelled = !item.expect_no_results;

  const completeness = results.map((r) => metadataCompleteness(r));
  const missing = new Set(results.flatMap((r) => missingMetadata(r)));
  const top1 = results[0]?.score ?? null;
  const hit = labelled ? hitAtK(results, labels, k) : null;
  const verdicts = labelled ? judgeRanking(results, labels) : [];

  const report: QueryReport = {
    id: item.id,
    query: item.query,
    category: item.category ?? null,
    expect_no_results: item.expect_no_results,
    k,
    top: results.slice(0, options.topN ?? 5).map((r, i) => ({
      rank: i + 1,
      score: r.score,
      chapter: readText(r, 'chapter'),
      file_path: readText(r, 'file_path'),
      relevant: verdicts[i]?.relevant ?? false,
      duplicate: (verdicts[i]?.relevant ?? false) && !(verdicts[i]?.credited ?? false),
      passage: labelled && inLabelledSection(r, labels),
    })),
    p3: labelled ? precisionAtK(results, labels, 3) : null,
    p5: labelled ? precisionAtK(results, labels, 5) : null,
    hit_at_k: hit,
    rr: labelled ? reciprocalRank(results, labels) : null,
    ndcg5: labelled ? ndcgAtK(results, labels, 5) : null,
    metadata: {
      completeness: mean(completeness),
      complete: completeness.filter((c) => c === 1).length,
      total: results.length,
      missing: [...missing],
    },
    latency_ms: latencyMs,
    top1_score: top1,
    low_confidence: run.error === undefined ? (run.flaggedLowConfidence ?? null) : null,
    pass:
      run.error === undefined &&
      (labelled ? hit === true : run.flaggedLowConfidence === true || noResultsPass(results, options.noResultsScoreBelow)),
  };
  if (labelled && (labels.sections?.length ?? 0) > 0) report.passage_rank = passageRank(results, labels);
  if (labelled && options.bookChunks) report.relevant_chunks = labelledChunks(options.bookChunks, labels);
  if (run.error !== undefined) report.error = run.error;
  return report;
}

/**
 * Judges every run, summarises, and checks the criteria. `expect_no_results` queries are left
 * out of the precision / MRR / nDCG means (they have no relevant page) but count in `hit_rate`,
 * in the pass/fail counts and in the metadata check of whatever they returned.
 *
 * @example
 * const report = summarizeRuns(runs, { criteria: { minP3: 0.6 } });
 * report.pass; // false when any criterion misses
 */
export function summarizeRuns(runs: readonly QueryRun[], options: SummarizeOptions = {}): ValidationReport {
  const queries = runs.map((run) => summarizeQuery(run, options));
  const labelled = queries.filter((q) => !q.expect_no_results);
  const pick = (key: 'p3' | 'p5' | 'rr' | 'ndcg5') => mean(labelled.map((q) => q[key] ?? 0));
  const top1s = queries.flatMap((q) => (q.top1_score === null ? [] : [q.top1_score]));
  const latencies = queries.map((q) => q.latency_ms);
  const checked = queries.reduce((s, q) => s + q.metadata.total, 0);
  const complete = queries.reduce((s, q) => s + q.metadata.complete, 0);
  const passed = queries.filter((q) => q.pass).length;

  const summary: ReportSummary = {
    queries: queries.length,
    labelled: labelled.length,
    expect_no_results: queries.length - labelled.length,
    passed,
    failed: queries.length - passed,
    errors: queries.filter((q) => q.error !== undefined).length,
    low_confidence: queries.filter((q) => q.low_confidence === true).length,
    mean_p3: pick('p3'),
    mean_p5: pick('p5'),
    mrr: pick('rr'),
    mean_ndcg5: pick('ndcg5'),
    hit_rate: queries.length === 0 ? null : passed / queries.length,
    labelled_hit_rate: mean(labelled.map((q) => (q.hit_at_k ? 1 : 0))),
    passages: passageSummary(queries.flatMap((q) => (q.passage_rank === undefined ? [] : [q.passage_rank]))),
    top1_score: top1s.length === 0
      ? null
      : { min: Math.min(...top1s), mean: mean(top1s) ?? 0, max: Math.max(...top1s) },
    latency_ms: latencies.length === 0
      ? null
      : { p50: nearestRankPercentile(latencies, 50) ?? 0, p95: nearestRankPercentile(latencies, 95) ?? 0 },
    metadata_integrity: checked === 0 ? null : complete / checked,
    results_checked: checked,
  };

  const bar = { ...DEFAULT_CRITERIA, ...options.criteria };
  const criterion = (key: keyof ValidationCriteria, label: string, actual: number | null): CriterionResult => ({
    key,
    label,
    actual,
    required: bar[key],
    // A tiny epsilon so 0.7 computed as 0.7000000000000001 − 1e-16 still meets 0.7.
    pass: actual === null || actual + 1e-9 >= bar[key],
  });
  const criteria = [
    criterion('minP3', 'mean P@3', summary.mean_p3),
    criterion('minHitRate', 'hit rate', summary.hit_rate),
    criterion('minMetadata', 'metadata integrity', summary.metadata_integrity),
  ];
  // A missed P@3 bar says when short labelled pages alone explain it (short-pages.ts).
  const p3 = criteria.find((c) => c.key === 'minP3');
  const short = p3 && !p3.pass ? shortPages(labelled, bar.minP3) : null;
  if (p3 && short) p3.short_pages = short;
  return { queries, summary, criteria, pass: criteria.every((c) => c.pass) };
}
