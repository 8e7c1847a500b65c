/**
 * The `summary` block of a search: counts, cache status, mode and reranker, filters applied,
 * threshold accounting, confidence and warnings.
 */
import type { Config } from '../../common/config/parse-config';
import type { QdrantFilter } from '../../common/types';
import type { CacheStatus, TermEvidence } from '../ports';
import { judgeConfidence, noMatchWarning } from './book-coverage';
import { buildWarnings, type SearchWarning } from './warnings';
import { clauseList } from './filter-clauses';
import { describeFilter } from './filter-describe';
import type { RankedHit } from './rank-candidates';
import type { SearchResult } from './result-mapping';
import type { SearchParams } from './search-params';
import type { SearchPlan } from './search-plan';
import { bookSpelling, type BookWordReading } from '../book-terms/in-book-words';

/** A search's `summary`: what it returned, its cache status, a message, warnings and the rest of its findings. */
export interface OutcomeSummary {
  returned: number;
  cache: CacheStatus;
  message?: string;
  warnings: SearchWarning[];
  [key: string]: unknown;
}

/** Inputs of the summary. */
export interface SummaryInput {
  params: SearchParams;
  plan: SearchPlan;
  results: SearchResult[];
  dropped: RankedHit[];
  totalCandidates: number;
  /** No chunk passed the filter (`Ranked.filterEmpty`): said in a `filter_matched_nothing` warning. */
  filterEmpty?: boolean;
  warnings: SearchWarning[];
  cache: CacheStatus;
  config: Pick<Config, 'LOW_CONFIDENCE_SCORE'>;
  collection: string;
  /** The embedder that produced the dense scores, if one was used. */
  embedderKind?: string | null;
  /** The book's verdict on the query's words (when the store has the book's vocabulary). */
  terms?: TermEvidence;
  /** Words of the query searched as the book's word ("contoller" as "controller"). */
  readAs?: readonly BookWordReading[];
}

/** Builds the summary object of a search outcome. */
export function summarizeOutcome(input: SummaryInput) {
  const { params, plan, results, dropped } = input;
  const { confidence, scores } = judgeConfidence({
    results,
    scale: plan.scale,
    embedderKind: input.embedderKind ?? null,
    ...(input.terms ? { terms: input.terms } : {}),
    lowConfidenceScore: input.config.LOW_CONFIDENCE_SCORE,
  });
  const noMatch = input.terms ? noMatchWarning(input.terms, params.q) : null;
  const highest = dropped.length ? Math.max(...dropped.map((hit) => hit.score)) : null;
  const warnings: SearchWarning[] = [
    ...input.warnings,
    // Most likely a misspelt field or value: the question is not to blame.
    ...(input.filterEmpty && params.filter ? [filterMatchedNothing(params.filter)] : []),
    ...(noMatch ? [noMatch] : []),
    // The low_confidence warning speaks about the scores only; no_match says why the terms fail.
    ...buildWarnings({
      results,
      mode: params.mode,
      filtered: params.filter !== undefined,
      summary: scores,
      scale: plan.scale,
      lowConfidenceScore: input.config.LOW_CONFIDENCE_SCORE,
      ...(params.threshold !== undefined ? { belowThreshold: { count: dropped.length, highestScore: highest, threshold: params.threshold } } : {}),
    }),
  ];
  const summary: OutcomeSummary = {
    returned: results.length,
    cache: input.cache,
    mode: params.mode,
    ...(plan.fusion ? { fusion: plan.fusion } : {}),
    // What was applied: a reranker that failed left the order as it was (rerank_failed says why).
    rerank: input.warnings.some((warning) => warning.code === 'rerank_failed') ? 'none' : params.rerank,
    filters: describeFilter(params.filter),
    total_candidates: input.totalCandidates,
    threshold: params.threshold ?? null,
    filtered_below_threshold: dropped.length,
    confidence,
    ...(input.terms ? { query_coverage: Math.round(input.terms.coverage * 1000) / 1000 } : {}),
    ...(input.readAs?.length ? { read_as: readAsShown(input.readAs, results) } : {}),
    warnings,
  };
  if (results.length === 0) {
    summary.message = dropped.length
      ? `All ${dropped.length} results scored below threshold ${params.threshold}`
      : `No results for this query in collection "${input.collection}"${params.filter ? ' with the filters applied' : ''}`;
  }
  return summary;
}

/** The warning for a filter that no chunk of the collection passes. */
function filterMatchedNothing(filter: QdrantFilter): SearchWarning {
  const described = describeFilter(filter).join(' AND ');
  // A module asked for as the page URLs write it ("sourdough", since Docusaurus drops the folder's
  // number) matches no chunk: two new users wrote `module=sourdough` for "03-sourdough" and read
  // the general advice without seeing that it meant them.
  const unprefixed = moduleValues(filter).filter((value) => !/^\d+[-_.]/.test(value));
  const hint = unprefixed.length
    ? ` If the folder of "${unprefixed[0]}" has a number prefix, as page URLs leave out, write it too ("NN-${unprefixed[0]}", as each result's \`module\` field shows).`
    : '';
  return {
    code: 'filter_matched_nothing',
    message: `No chunk of the book matches the filter (${described}): check the field names and values (a module is a top-level folder as written on disk, a chapter a file name without its number prefix).${hint}`,
    details: { filters: describeFilter(filter) },
  };
}

/** The values the filter's top-level conditions ask of `module` (`module = …` or `module in […]`). */
function moduleValues(filter: QdrantFilter): string[] {
  const conditions = [...clauseList(filter.must), ...clauseList(filter.should)] as unknown as { key?: unknown; match?: { value?: unknown; any?: unknown } }[];
  return conditions
    .filter((c) => c && c.key === 'module' && c.match)
    .flatMap((c) => (typeof c.match!.value === 'string' ? [c.match!.value] : Array.isArray(c.match!.any) ? c.match!.any : []))
    .filter((v): v is string => typeof v === 'string');
}

/**
 * The words read as the book's, as the reader should see them: the book's stem searched ("distribut"
 * for "distro", "simul" through "simulant" for "simulat") shown as the passages returned spell it
 * ("distribution", "simulation"), in lower case unless the reader wrote a capital. A Greek letter is
 * shown as the book writes it already.
 */
function readAsShown(readAs: readonly BookWordReading[], results: readonly SearchResult[]): BookWordReading[] {
  const texts = results.map((result) => result.content ?? '');
  // A reader who writes a capital ("Peterlo") names something: show the book's name as it writes it.
  return readAs.map(({ word, as, how }) => ({ word, as: how === 'greek' ? as : bookSpelling(as, texts, /^\p{Lu}/u.test(word)), how }));
}
