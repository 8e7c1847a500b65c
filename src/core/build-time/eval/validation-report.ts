/**
 * The shape of a validation report (`npm run validate`, `--json`): per-query lines, the summary
 * over the set and the criteria it was judged by. `summarize.ts` fills it; `report-text.ts` prints it.
 */

/** Thresholds the summary must reach. `minHitRate` applies to `hit_rate` (all queries). */
export interface ValidationCriteria {
  minP3: number;
  minHitRate: number;
  minMetadata: number;
}

/** One of a query's top results, as the report lists it. */
export interface TopHit {
  rank: number;
  score: number;
  chapter: string | null;
  file_path: string | null;
  relevant: boolean;
  /** Relevant, but a later chunk of a page already credited higher up (counts as non-relevant in P@k). */
  duplicate: boolean;
  /** Relevant and under one of the query's labelled sections (`passages.ts`); false when it names none. */
  passage: boolean;
}

/** Per-query line. Ranking metrics are null for `expect_no_results` queries. */
export interface QueryReport {
  id: string;
  query: string;
  category: string | null;
  expect_no_results: boolean;
  k: number;
  top: TopHit[];
  p3: number | null;
  p5: number | null;
  hit_at_k: boolean | null;
  rr: number | null;
  ndcg5: number | null;
  /**
   * Rank of the first result under one of the labelled sections (null: none returned); absent when
   * the query names no sections.
   */
  passage_rank?: number | null;
  /**
   * How many chunks of the book its labels name (`short-pages.ts`); absent when the book's chunks
   * could not be counted (a Worker, Qdrant) and for `expect_no_results` queries.
   */
  relevant_chunks?: number;
  /** Mean completeness of the returned results (null when none), and how many are complete. */
  metadata: { completeness: number | null; complete: number; total: number; missing: string[] };
  latency_ms: number;
  top1_score: number | null;
  /**
   * The retriever flagged its answer as low confidence (`flaggedLowConfidence`), not a score cut of
   * ours: scores are on different scales per mode and embedder, and the flag is what an
   * out-of-scope query passes by. Null when the run carries no flag (retrieval failed).
   */
  low_confidence: boolean | null;
  pass: boolean;
  error?: string;
}

/** The means and counts over a whole query set. */
export interface ReportSummary {
  queries: number;
  labelled: number;
  expect_no_results: number;
  passed: number;
  failed: number;
  errors: number;
  /** Queries the retriever flagged as low confidence (`QueryReport.low_confidence`). */
  low_confidence: number;
  /** Means over labelled queries only (null when there are none). */
  mean_p3: number | null;
  mean_p5: number | null;
  mrr: number | null;
  mean_ndcg5: number | null;
  /** Share of ALL queries that pass: labelled ones by hit@k, `expect_no_results` ones by returning nothing. */
  hit_rate: number | null;
  /** hit@k over labelled queries only. */
  labelled_hit_rate: number | null;
  /** Passage figures over the queries that name sections (null when none does). */
  passages: PassageSummary | null;
  top1_score: { min: number; mean: number; max: number } | null;
  latency_ms: { p50: number; p95: number } | null;
  /** Share of all returned results whose required metadata is complete (null when none returned). */
  metadata_integrity: number | null;
  results_checked: number;
}

/** Hit@1, hit@3 and MRR at the passage level (`passages.ts`), over the queries that name sections. */
export interface PassageSummary {
  queries: number;
  hit_at_1: number;
  hit_at_3: number;
  mrr: number;
}

/** One threshold of {@link ValidationCriteria}, met or not. */
export interface CriterionResult {
  key: keyof ValidationCriteria;
  label: string;
  actual: number | null;
  required: number;
  /** True when met, or when there is nothing to measure (`actual` null, e.g. no labelled queries). */
  pass: boolean;
  /** On a failed P@3 bar: it failed only because of short labelled pages (`short-pages.ts`). */
  short_pages?: ShortPages;
  /**
   * On a failed P@3 bar under page diversity (the default): the same questions' mean P@3 and hit
   * rate with `diversity=none`, which `retrieve --validate` runs again to tell the two causes apart.
   */
  without_diversity?: { mean_p3: number | null; hit_rate: number | null };
}

/**
 * A P@3 bar missed only because of short pages: `questions` of the `labelled` questions are
 * labelled with pages of at most 3 chunks and found one first; counted full, mean P@3 is `p3_if_full`.
 */
export interface ShortPages {
  questions: number;
  labelled: number;
  p3_if_full: number;
}

/** What `npm run validate` prints (as text or `--json`): per query, the summary, the criteria. */
export interface ValidationReport {
  queries: QueryReport[];
  summary: ReportSummary;
  criteria: CriterionResult[];
  pass: boolean;
}
