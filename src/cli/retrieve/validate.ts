/**
 * `retrieve --validate`: runs a labelled query set through a searcher (in-process or a Worker),
 * times each query, and hands the rankings to the evaluation core, which judges them by the
 * labels alone. `--compare` repeats this once per run spec (mode, fusion, reranker).
 */
import { readFileSync } from 'node:fs';
import { parseQuerySet, type QueryItem } from '../../core/build-time/eval/query-set';
import type { EvalResult } from '../../core/build-time/eval/relevance';
import { summarizeRuns, type QueryRun, type SummarizeOptions } from '../../core/build-time/eval/summarize';
import type { ValidationReport } from '../../core/build-time/eval/validation-report';
import type { SearchOutcome } from '../../core/query/search/search-outcome';
import { isRetrieverError } from '../../core/common/errors';
import { describeFailure, EXIT, usageError, withContext } from '../cli-failure';
import type { Searcher } from './run-query';

/** The runs `--compare` makes when `--runs` is not given. */
export const DEFAULT_COMPARE_RUNS = ['keyword', 'semantic', 'hybrid', 'hybrid:rrf', 'semantic+mmr'] as const;

/** The fewest results each query retrieves, so P@5 and nDCG@5 see five ranks. */
export const MIN_RETRIEVED = 5;

/** One named configuration of the search, e.g. `hybrid:rrf+cohere`. */
export interface RunSpec {
  name: string;
  params: Record<string, string>;
}

const MODES = ['semantic', 'keyword', 'hybrid'];
const FUSIONS = ['weighted', 'rrf'];
const RERANKS = ['none', 'cohere', 'mmr'];

/**
 * Parses `MODE[:FUSION][+RERANK]`.
 *
 * @example
 * parseRunSpec('hybrid:rrf'); // { name: 'hybrid:rrf', params: { mode: 'hybrid', fusion: 'rrf' } }
 * parseRunSpec('semantic+mmr'); // { name: 'semantic+mmr', params: { mode: 'semantic', rerank: 'mmr' } }
 */
export function parseRunSpec(spec: string): RunSpec {
  const match = /^([a-z]+)(?::([a-z]+))?(?:\+([a-z]+))?$/.exec(spec.trim());
  const [, mode, fusion, rerank] = match ?? [];
  if (!mode || !MODES.includes(mode) || (fusion && !FUSIONS.includes(fusion)) || (rerank && !RERANKS.includes(rerank))) {
    throw usageError(
      `bad run spec "${spec}": expected MODE[:FUSION][+RERANK] with MODE ${MODES.join('|')}, FUSION ${FUSIONS.join('|')}, RERANK ${RERANKS.join('|')}`,
    );
  }
  return { name: spec.trim(), params: { mode, ...(fusion ? { fusion } : {}), ...(rerank ? { rerank } : {}) } };
}

/** Reads and validates a query set file; a missing file or a malformed set is a usage error (exit 2). */
export function loadQuerySet(path: string): QueryItem[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw usageError(`cannot read the query set ${path}`);
  }
  try {
    return parseQuerySet(text);
  } catch (error) {
    // Name the file, for broken JSON and a bad item alike: "query set item 0" alone leaves the user
    // to guess which set; the hint points at the format rather than at the flags.
    if (!isRetrieverError(error)) throw error;
    throw usageError(`${path}: ${error.message}`, 'the query set format: README, "The sample book\'s set and npm run validate"');
  }
}

/**
 * A Worker result as the evaluation core reads it: the API's top-level fields, with the payload
 * keys the API keeps under `metadata` (file_path, start_line, tags…) as the payload.
 */
export function toEvalResults(doc: Pick<SearchOutcome, 'results'>): EvalResult[] {
  return doc.results.map((result) => ({ ...result, payload: result.metadata ?? {} }));
}

/** Options of {@link runQuerySet}. */
export interface RunOptions {
  /** hit@k cut-off for items without their own k. */
  k: number;
  /** Search parameters applied to every query (mode, rerank, filters, threshold…). */
  params: Record<string, string>;
  now?: () => number;
}

/**
 * Runs every query in order (sequentially, so latencies are not inflated by each other). A query
 * that fails records its error and fails; a configuration or connection error (exit 2 or 3) stops
 * the whole run, since every later query would fail the same way.
 *
 * @example
 * const runs = await runQuerySet(items, searcher, { k: 5, params: { mode: 'hybrid' } });
 */
export async function runQuerySet(items: readonly QueryItem[], searcher: Searcher, options: RunOptions): Promise<QueryRun[]> {
  const now = options.now ?? (() => performance.now());
  const runs: QueryRun[] = [];
  for (const item of items) {
    const depth = Math.max(item.k ?? options.k, MIN_RETRIEVED);
    const started = now();
    try {
      const doc = await searcher.search({ ...options.params, q: item.query, k: depth });
      const flagged = (doc.summary as { confidence?: { low_confidence?: boolean } }).confidence?.low_confidence === true;
      runs.push({ item, results: toEvalResults(doc), latencyMs: now() - started, flaggedLowConfidence: flagged });
    } catch (error) {
      const failure = describeFailure(error, 'retrieve');
      if (failure.code === EXIT.config || failure.code === EXIT.upstream) throw withContext(error, `query ${item.id} ("${item.query}")`);
      runs.push({ item, results: [], latencyMs: now() - started, error: failure.message });
    }
  }
  return runs;
}

/** One validated run: its name, the parameters it used, and the report. */
export interface ValidationRun {
  name: string;
  params: Record<string, string>;
  report: ValidationReport;
}

/** Options of {@link validateRun}. */
export interface ValidateOptions extends RunOptions {
  summarize?: Omit<SummarizeOptions, 'defaultK'>;
}

/**
 * Runs the set and judges it.
 *
 * @example
 * const { report } = await validateRun(items, searcher, 'hybrid', { k: 5, params: { mode: 'hybrid' } });
 * report.summary.mean_p3;
 */
export async function validateRun(items: readonly QueryItem[], searcher: Searcher, name: string, options: ValidateOptions): Promise<ValidationRun> {
  const runs = await runQuerySet(items, searcher, options);
  const report = summarizeRuns(runs, { ...options.summarize, defaultK: options.k });
  return { name, params: options.params, report };
}
