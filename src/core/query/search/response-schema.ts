/**
 * The search API's response shapes as zod schemas. They are the single description the OpenAPI
 * document (`GET /openapi.json`) is generated from and the typed client's types are inferred from;
 * compile-time checks at the bottom tie them to the pipeline's own types so the three cannot drift.
 * The Worker ships none of it: the document is generated at build time (core/build-time/openapi-document.ts).
 */
import * as z from 'zod/mini';
import { SEARCH_MODES } from '../../common/config/config-schema';
import { ERROR_STATUS, type ErrorCode } from '../../common/errors';
import type { ConfidenceSummary } from './confidence';
import { GROUP_BY } from './search-params';
import { READING_KINDS } from '../book-terms/in-book-words';
import type { Passage } from './expand-context';
import type { Highlight } from './highlight';
import type { SearchWarning } from './warnings';
import type { SearchOutcome } from './search-outcome';
import type { SearchResult } from './result-mapping';

const nullableText = z.nullable(z.string());
const nullableNumber = z.nullable(z.number());
const record = z.record(z.string(), z.unknown());

/** Codes of the advisory warnings in `summary.warnings`. */
export const WARNING_CODES = ['low_diversity', 'low_confidence', 'all_below_threshold', 'rerank_failed', 'expand_failed', 'no_match', 'deprecated_alias', 'ignored_parameter', 'filter_matched_nothing'] as const;

export const warningSchema = z.object({
  code: z.enum(WARNING_CODES),
  message: z.string(),
  details: z.optional(record),
});

/** A line range of a source file merged from neighbouring chunks (`expand=N`). */
export const passageSchema = z.object({
  content: z.string(),
  chunk_indexes: z.array(z.number()),
  ids: z.array(z.union([z.string(), z.number()])),
  start_line: nullableNumber,
  end_line: nullableNumber,
  source: nullableText,
});

/** The sentence of a result that best matches the question (`highlight.ts`), one a result above already shows left out when another matches (`distinct-highlights.ts`). */
export const highlightSchema = z.object({
  text: z.string(),
  start: z.number(),
  end: z.number(),
  // Empty when no word of `text` matched but the heading over it did (highlight-under-heading.ts).
  terms: z.array(z.string()),
  // Present only when the highlight lies under a later heading than the chunk's own (highlight-heading.ts).
  section: z.optional(z.string()),
  section_url: z.optional(nullableText),
});

export const searchResultSchema = z.looseObject({
  rank: z.number(),
  id: z.union([z.string(), z.number()]),
  score: z.number(),
  content: nullableText,
  source_url: nullableText,
  // Optional: servers before it did not send it.
  section_url: z.optional(nullableText),
  chapter: nullableText,
  section: nullableText,
  title: nullableText,
  module: nullableText,
  // Optional: servers before it did not send it; null when the payload has none (ingested before it).
  module_title: z.optional(nullableText),
  chunk_index: nullableNumber,
  chunk_id: nullableText,
  source: nullableText,
  // Optional: servers before it did not send it; null when no sentence holds a word of the question.
  highlight: z.optional(z.nullable(highlightSchema)),
  metadata: z.optional(record),
  // `heading`: the local model's heading match (search/heading-match.ts); absent with Cohere and before it existed.
  scores: z.optional(z.object({ semantic: nullableNumber, keyword: nullableNumber, fused: z.number(), heading: z.optional(z.number()) })),
  ranks: z.optional(z.object({ semantic: nullableNumber, keyword: nullableNumber })),
  mmr: z.optional(z.object({ score: z.number(), relevance: z.number(), diversity: z.number(), lambda: z.number() })),
  relevance_score: z.optional(z.number()),
  original_score: z.optional(z.number()),
  original_rank: z.optional(z.number()),
  rerank_rank: z.optional(z.number()),
  passage: z.optional(passageSchema),
});

export const confidenceSchema = z.object({
  avg: nullableNumber,
  min: nullableNumber,
  max: nullableNumber,
  std: nullableNumber,
  unique_sources: z.number(),
  unique_modules: z.number(),
  rating: z.enum(['high', 'medium', 'low', 'none']),
  low_confidence: z.boolean(),
  scale: z.enum(['cosine', 'fused', 'bm25']),
  rated_on: z.nullable(z.enum(['score', 'semantic', 'relative_gap', 'terms'])),
});

export const summarySchema = z.looseObject({
  returned: z.number(),
  cache: z.enum(['hit', 'miss', 'none']),
  /** Result cache (Worker only): `bypass` for batch answers and when asked or turned off. */
  result_cache: z.optional(z.enum(['hit', 'miss', 'bypass'])),
  message: z.optional(z.string()),
  mode: z.optional(z.enum(SEARCH_MODES)),
  fusion: z.optional(z.string()),
  rerank: z.optional(z.string()),
  filters: z.optional(z.unknown()),
  total_candidates: z.optional(z.number()),
  threshold: z.optional(nullableNumber),
  filtered_below_threshold: z.optional(z.number()),
  confidence: z.optional(confidenceSchema),
  query_coverage: z.optional(z.number()),
  /** Words of the query the book never uses, searched as the book's word (a misspelling, a clipped or affixed form). */
  read_as: z.optional(z.array(z.object({ word: z.string(), as: z.string(), how: z.enum(READING_KINDS) }))),
  group_by: z.optional(z.enum(GROUP_BY)),
  expand: z.optional(z.object({ expand: z.number(), expanded: z.number(), not_expandable: z.number(), fetched: z.number() })),
  warnings: z.array(warningSchema),
});

export const timingSchema = z.catchall(
  z.object({
    embed_ms: z.number(),
    search_ms: z.number(),
    total_ms: z.number(),
    upstream_calls: z.number(),
    rerank_ms: z.optional(z.number()),
    expand_ms: z.optional(z.number()),
  }),
  z.number(),
);

/** The header fields of an answer (JSON document head, NDJSON/SSE `meta`). */
export const searchMetaSchema = z.looseObject({
  query: z.string(),
  collection: z.string(),
  top_k: z.number(),
  top_k_requested: z.number(),
  top_k_clamped: z.boolean(),
  mode: z.enum(SEARCH_MODES),
  embedder: z.nullable(z.object({ kind: z.string(), model: z.string() })),
  store: z.object({ kind: z.string() }),
});

/** `application/json`: one document. */
export const searchResponseSchema = z.looseObject({
  ...searchMetaSchema.shape,
  results: z.array(searchResultSchema),
  summary: summarySchema,
  timing: timingSchema,
});

/** One NDJSON line (`type` tags it; SSE uses the same objects without `type`, named by the event). */
export const streamMetaSchema = z.looseObject({ type: z.literal('meta'), ...searchMetaSchema.shape });
export const streamResultSchema = z.looseObject({ type: z.literal('result'), ...searchResultSchema.shape });
export const streamSummarySchema = z.object({ type: z.literal('summary'), summary: summarySchema, timing: timingSchema });

/** Every error response: `{"error":{"code","message",…details}}`. */
export const errorBodySchema = z.object({
  error: z.looseObject({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    params: z.optional(z.array(z.string())),
  }),
});

/** One answer of a batch: a search's JSON answer tagged with its `index`, or its error. */
export const batchAnswerSchema = z.discriminatedUnion('ok', [
  z.looseObject({ index: z.number(), ok: z.literal(true), ...searchResponseSchema.shape }),
  z.object({ index: z.number(), ok: z.literal(false), error: errorBodySchema.shape.error }),
]);
export const batchSummarySchema = z.object({ queries: z.number(), succeeded: z.number(), failed: z.number() });
export const batchTimingSchema = z.object({ total_ms: z.number(), upstream_calls: z.number() });

/** `POST /search/batch`, `application/json`. */
export const batchResponseSchema = z.object({ answers: z.array(batchAnswerSchema), summary: batchSummarySchema, timing: batchTimingSchema });
/** `POST /search/batch`, one NDJSON line (SSE: the same objects without `type`, named by the event). */
export const batchStreamAnswerSchema = z.discriminatedUnion('ok', [
  z.looseObject({ type: z.literal('answer'), index: z.number(), ok: z.literal(true), ...searchResponseSchema.shape }),
  z.object({ type: z.literal('answer'), index: z.number(), ok: z.literal(false), error: errorBodySchema.shape.error }),
]);
export const batchStreamSummarySchema = z.object({ type: z.literal('summary'), summary: batchSummarySchema, timing: batchTimingSchema });

const probeError = z.optional(z.object({ code: z.string(), message: z.string() }));

/**
 * `GET /health`: 200 when the embedder and the store answer, 503 (`degraded`) otherwise, or 503
 * (`misconfigured`, with the `config_error`) when the Worker cannot run with its configuration.
 * Callers without full access (an API key, when keys are configured) get only `status`.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'misconfigured']),
  error: z.optional(errorBodySchema.shape.error),
  embedder: z.optional(z.looseObject({ kind: z.string(), model: nullableText, ok: z.boolean(), latency_ms: z.number(), error: probeError })),
  store: z.optional(z.looseObject({
    kind: z.string(),
    collection: z.string(),
    host: z.optional(z.string()),
    ok: z.boolean(),
    latency_ms: z.number(),
    points_count: z.optional(nullableNumber),
    dense_vectors: z.optional(z.record(z.string(), z.object({ size: z.number(), distance: z.string() }))),
    sparse_vectors: z.optional(z.array(z.string())),
    /** Whether the store has the book's vocabulary, i.e. the term rule can say "the book does not cover this". */
    term_rule: z.optional(z.boolean()),
    error: probeError,
  })),
  cache: z.optional(z.object({ kv_bound: z.boolean(), ttl_seconds: z.number() })),
  access: z.optional(
    z.object({
      api_keys: z.number(),
      allow_anonymous: z.boolean(),
      rate_limits: z.object({ per_key: z.boolean(), per_ip: z.boolean(), enforced: z.boolean() }),
    }),
  ),
});

export type SearchResponseBody = z.output<typeof searchResponseSchema>;
export type BatchResponseBody = z.output<typeof batchResponseSchema>;
export type BatchAnswerBody = z.output<typeof batchAnswerSchema>;
export type BatchStreamEventBody = z.output<typeof batchStreamAnswerSchema> | z.output<typeof batchStreamSummarySchema>;
export type SearchResultBody = z.output<typeof searchResultSchema>;
export type SearchMetaBody = z.output<typeof searchMetaSchema>;
export type SearchSummaryBody = z.output<typeof summarySchema>;
export type SearchTimingBody = z.output<typeof timingSchema>;
export type ErrorBody = z.output<typeof errorBodySchema>;

// Compile-time drift checks: what the pipeline produces must fit what the schemas promise.
type Assert<T extends true> = T;
// (Spread into an anonymous type: interfaces have no implicit index signature.)
type Plain<T> = { [K in keyof T]: T[K] };
export type _OutcomeFits = Assert<Plain<SearchOutcome> extends SearchResponseBody ? true : false>;
export type _ResultFits = Assert<SearchResult extends SearchResultBody ? true : false>;
export type _WarningFits = Assert<SearchWarning['code'] extends (typeof WARNING_CODES)[number] ? true : false>;
export type _PassageFits = Assert<Passage extends z.output<typeof passageSchema> ? true : false>;
export type _HighlightFits = Assert<Plain<Highlight> extends z.output<typeof highlightSchema> ? true : false>;
export type _ConfidenceFits = Assert<ConfidenceSummary extends z.output<typeof confidenceSchema> ? true : false>;
