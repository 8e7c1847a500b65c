/**
 * The answer of one search, put together from its stages' results: the results with their
 * highlights and passages, the summary (confidence, warnings), and the timings. Apart from the
 * pipeline (search-pipeline.ts), which decides what runs and when; this only shapes what came back.
 */
import { roundMs } from '../../common/round-ms';
import type { SearchContext, TermEvidence } from '../ports';
import { expansionPassages, type ExpandReport, type ExpansionPlan } from './expand-context';
import { distinctHighlights } from './distinct-highlights';
import { highlightPassage } from './highlight';
import { highlightHeading } from './highlight-heading';
import { summarizeOutcome, type OutcomeSummary } from './outcome-summary';
import { withSynonymStems } from './question-weights';
import { mapResults, type SearchResult } from './result-mapping';
import type { SearchParams } from './search-params';
import type { planSearch } from './search-plan';
import type { Embedded, Prepared, Ranked } from './search-stages';

/** The whole answer, ready to serialise in any format. */
export interface SearchOutcome {
  query: string;
  collection: string;
  top_k: number;
  top_k_requested: number;
  top_k_clamped: boolean;
  mode: SearchParams['mode'];
  embedder: { kind: string; model: string } | null;
  store: { kind: string };
  results: SearchResult[];
  summary: OutcomeSummary;
  timing: { embed_ms: number; search_ms: number; total_ms: number; upstream_calls: number; [key: string]: number };
}

/** When each stage of a search ran, for the outcome's `timing`. */
export interface StageTiming {
  embedMs: number;
  searchMs: number;
  expandMs: number | null;
  started: number;
  now: () => number;
}

/**
 * One search's {@link SearchOutcome}, from what its stages returned.
 *
 * @example
 * const outcome = assembleOutcome(params, plan, prepared, terms, weights, ranked, embedded, null, [], timing, embedder, context);
 */
export function assembleOutcome(
  params: SearchParams,
  plan: ReturnType<typeof planSearch>,
  prepared: Prepared,
  terms: TermEvidence | undefined,
  weights: ReadonlyMap<string, number>,
  ranked: Ranked,
  embedded: Embedded | null,
  expansion: ExpansionPlan | null,
  fetched: Parameters<typeof expansionPassages>[1],
  timing: StageTiming,
  embedder: ReturnType<SearchContext['embedder']> | null,
  context: SearchContext,
): SearchOutcome {
  const { kept, dropped } = ranked;
  const usedEmbedder = embedded && embedder ? embedder : null;
  const expanded = expansion ? expansionPassages(expansion, fetched) : null;
  const mapped = mapResults(kept, context.config.payloadFields, params.includeMetadata);
  const highlights = distinctHighlights(
    mapped.map((result) => result.content),
    (content, i, besides) => highlightPassage(content, withSynonymStems(weights, kept[i]!.payload), { question: params.q, ...(besides ? { besides } : {}) }),
  );
  const results = mapped.map((result, i) => {
    const passage = expanded?.passages[i];
    const found = highlights[i] ?? null;
    // A highlight under a later heading than the chunk's own names and links that heading.
    const under = found && highlightHeading(kept[i]!.payload, found.start, result.source_url);
    const highlight = under ? { ...found, ...under } : found;
    return { ...result, highlight, ...kept[i]!.extras, ...(passage ? { passage } : {}) };
  });
  const summary = summarizeOutcome({
    params,
    plan: { ...plan, scale: ranked.scale },
    results,
    dropped,
    totalCandidates: ranked.totalCandidates,
    filterEmpty: ranked.filterEmpty,
    warnings: prepared.warnings,
    cache: embedded?.cache ?? 'none',
    config: context.config,
    collection: context.store.collection,
    embedderKind: usedEmbedder?.descriptor.kind ?? null,
    ...(terms ? { terms } : {}),
    readAs: prepared.readAs,
  });
  if (params.groupBy) summary.group_by = params.groupBy;
  if (params.expand > 0) summary.expand = expanded?.report ?? ({ expand: params.expand, expanded: 0, not_expandable: 0, fetched: 0 } satisfies ExpandReport);
  return {
    query: params.q,
    collection: context.store.collection,
    top_k: params.k,
    top_k_requested: params.kRequested,
    top_k_clamped: params.clamped,
    mode: params.mode,
    embedder: usedEmbedder ? { kind: usedEmbedder.descriptor.kind, model: usedEmbedder.descriptor.model } : null,
    store: { kind: context.store.kind },
    results,
    summary,
    timing: {
      embed_ms: roundMs(embedded ? timing.embedMs : 0),
      search_ms: roundMs(timing.searchMs),
      ...(ranked.rerankMs !== undefined ? { rerank_ms: roundMs(ranked.rerankMs) } : {}),
      ...(expansion && timing.expandMs !== null ? { expand_ms: roundMs(timing.expandMs) } : {}),
      total_ms: roundMs(timing.now() - timing.started),
      upstream_calls: context.upstreamCalls(),
    },
  };
}
