/**
 * Retrieval-quality benchmark: runs the sample book's labelled query set against the embedded
 * default (no keys: bundled index + local embedder) once per mode, and reports the summary
 * metrics, their ratio to a keyword baseline measured in the same run, and any drop below the
 * recorded baseline (bench/retrieval-quality.baseline.json), so a ranking regression shows.
 *
 * `npm run bench` calls `runRetrievalQuality()`; `npx tsx bench/retrieval-quality.ts` runs it alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReportSummary } from '../src/core/build-time/eval/validation-report';
import { WORKER_INDEX } from '../src/cli/index-paths';
import { inProcessSearcher } from '../src/cli/retrieve/run-query';
import { loadQuerySet, parseRunSpec, validateRun } from '../src/cli/retrieve/validate';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The runs `npm run bench` measures (keyword is added first as the baseline). */
export const DEFAULT_QUALITY_RUNS = ['semantic', 'hybrid', 'hybrid:rrf', 'semantic+mmr'] as const;

/** The quality metrics compared across runs and against the baseline (all "higher is better"). */
export const QUALITY_METRICS = ['mean_p3', 'mean_p5', 'mrr', 'mean_ndcg5', 'hit_rate', 'passage_mrr'] as const;
type QualityMetric = (typeof QUALITY_METRICS)[number];

/** One run's figures. */
export interface QualityRow {
  name: string;
  mean_p3: number | null;
  mean_p5: number | null;
  mrr: number | null;
  mean_ndcg5: number | null;
  hit_rate: number | null;
  /** MRR of the first result under the labelled section (`expected.sections`), over the queries that name one. */
  passage_mrr: number | null;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
  metadata_integrity: number | null;
  pass: boolean;
  /** Each quality metric divided by the keyword run's (null when that is 0 or missing). */
  vs_keyword: Record<QualityMetric, number | null>;
}

/** Options of {@link runRetrievalQuality}. */
export interface RetrievalQualityOptions {
  queriesPath?: string;
  indexPath?: string;
  /** Run specs (MODE[:FUSION][+RERANK]); `keyword` is added first when missing (it is the baseline). */
  runs?: readonly string[];
  /** Recorded figures to compare with; null to skip. Default bench/retrieval-quality.baseline.json. */
  baselinePath?: string | null;
  /** Allowed drop below the baseline before a metric counts as regressed. Default 0.005. */
  tolerance?: number;
}

/** What {@link runRetrievalQuality} returns. */
export interface RetrievalQualityResult {
  queries: number;
  rows: QualityRow[];
  /** "hybrid mean_p3 0.516 < baseline 0.540" for every metric that dropped. */
  regressions: string[];
  text: string;
}

/**
 * Runs the benchmark.
 *
 * @example
 * const { rows, regressions, text } = await runRetrievalQuality();
 * console.log(text);
 */
export async function runRetrievalQuality(options: RetrievalQualityOptions = {}): Promise<RetrievalQualityResult> {
  const items = loadQuerySet(options.queriesPath ?? resolve(ROOT, 'sample-book/queries.json'));
  const specs = [...new Set(['keyword', ...(options.runs ?? ['semantic', 'hybrid'])])].map(parseRunSpec);
  const summaries: { name: string; summary: ReportSummary; pass: boolean }[] = [];
  for (const spec of specs) {
    // `env: {}`: the embedded default whatever .dev.vars says, so the figures are comparable.
    const searcher = inProcessSearcher({ env: {}, indexPath: options.indexPath ?? resolve(ROOT, WORKER_INDEX) });
    const { report } = await validateRun(items, searcher, spec.name, { k: 5, params: spec.params });
    summaries.push({ name: spec.name, summary: report.summary, pass: report.pass });
  }
  const keyword = summaries[0]!.summary;
  const rows: QualityRow[] = summaries.map(({ name, summary, pass }) => ({
    name,
    mean_p3: summary.mean_p3,
    mean_p5: summary.mean_p5,
    mrr: summary.mrr,
    mean_ndcg5: summary.mean_ndcg5,
    hit_rate: summary.hit_rate,
    passage_mrr: summary.passages?.mrr ?? null,
    latency_p50_ms: summary.latency_ms?.p50 ?? null,
    latency_p95_ms: summary.latency_ms?.p95 ?? null,
    metadata_integrity: summary.metadata_integrity,
    pass,
    vs_keyword: Object.fromEntries(QUALITY_METRICS.map((m) => [m, ratio(metricOf(summary, m), metricOf(keyword, m))])) as Record<QualityMetric, number | null>,
  }));
  const regressions = compareWithBaseline(rows, options.baselinePath === undefined ? resolve(ROOT, 'bench/retrieval-quality.baseline.json') : options.baselinePath, options.tolerance ?? 0.005);
  return { queries: items.length, rows, regressions, text: formatRows(items.length, rows, regressions) };
}

/** A quality metric of a validation summary (passage MRR lives under `passages`). */
function metricOf(summary: ReportSummary, metric: QualityMetric): number | null {
  return metric === 'passage_mrr' ? (summary.passages?.mrr ?? null) : summary[metric];
}

function ratio(value: number | null, base: number | null): number | null {
  return value === null || base === null || base === 0 ? null : value / base;
}

function compareWithBaseline(rows: readonly QualityRow[], path: string | null, tolerance: number): string[] {
  if (path === null) return [];
  let baseline: Record<string, Partial<Record<QualityMetric, number>>>;
  try {
    baseline = (JSON.parse(readFileSync(path, 'utf8')) as { runs: typeof baseline }).runs;
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const row of rows) {
    for (const metric of QUALITY_METRICS) {
      const recorded = baseline[row.name]?.[metric];
      const now = row[metric];
      if (typeof recorded === 'number' && now !== null && now < recorded - tolerance) {
        found.push(`${row.name} ${metric} ${now.toFixed(3)} < baseline ${recorded.toFixed(3)}`);
      }
    }
  }
  return found;
}

const f3 = (v: number | null): string => (v === null ? 'n/a' : v.toFixed(3));
const fx = (v: number | null): string => (v === null ? 'n/a' : `${v.toFixed(2)}x`);
const fms = (v: number | null): string => (v === null ? 'n/a' : v.toFixed(1));

function formatRows(queries: number, rows: readonly QualityRow[], regressions: readonly string[]): string {
  const header = ['run', 'P@3', 'P@5', 'MRR', 'nDCG@5', 'hit', 'passage MRR', 'p50 ms', 'p95 ms', 'P@3 vs kw', 'MRR vs kw', 'nDCG vs kw'];
  const body = rows.map((r) => [
    r.name, f3(r.mean_p3), f3(r.mean_p5), f3(r.mrr), f3(r.mean_ndcg5), f3(r.hit_rate), f3(r.passage_mrr),
    fms(r.latency_p50_ms), fms(r.latency_p95_ms), fx(r.vs_keyword.mean_p3), fx(r.vs_keyword.mrr), fx(r.vs_keyword.mean_ndcg5),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [
    `Retrieval quality: ${queries} labelled queries (sample book), embedded default, hit@5`,
    line(header),
    ...body.map(line),
    regressions.length ? `REGRESSIONS vs baseline:\n  ${regressions.join('\n  ')}` : 'No regression vs baseline.',
  ].join('\n');
}

/** Writes the figures of `rows` as the new baseline (`--record`: a deliberate act after a ranking or book change). */
export function recordBaseline(rows: readonly QualityRow[], path = resolve(ROOT, 'bench/retrieval-quality.baseline.json')): void {
  const runs = Object.fromEntries(
    rows.map((row) => [row.name, Object.fromEntries(QUALITY_METRICS.map((m) => [m, row[m] === null ? null : Math.round(row[m] * 10_000) / 10_000]))]),
  );
  const note = 'Embedded default on sample-book/queries.json, hit@5 (recorded by `npx tsx bench/retrieval-quality.ts --record`; update deliberately when ranking or the book changes)';
  writeFileSync(path, `${JSON.stringify({ note, runs }, null, 2)}\n`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const result = await runRetrievalQuality({ runs: DEFAULT_QUALITY_RUNS });
  console.log(result.text);
  if (process.argv.includes('--record')) recordBaseline(result.rows);
  else if (result.regressions.length) process.exitCode = 1;
}
