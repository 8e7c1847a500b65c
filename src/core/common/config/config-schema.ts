/**
 * Every configuration variable the service reads, with its default. The Worker gets them from
 * `wrangler.toml` [vars], `.dev.vars` and secrets; the CLI from the environment and `.dev.vars`.
 * Values arrive as strings, so numbers are coerced; an empty string counts as unset.
 */
import * as z from 'zod/mini';

const intVar = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);
const numVar = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.minimum(min), z.maximum(max)), fallback);
const boolVar = z._default(z.enum(['true', 'false', '1', '0']), 'false');
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** Search modes the service understands (issue: retrieval strategies). */
export const SEARCH_MODES = ['semantic', 'keyword', 'hybrid'] as const;

/** The zod schema of the raw variables; `parseConfig` turns its output into `Config`. */
export const configSchema = z.object({
  COHERE_API_KEY: z.optional(z.string()),
  COHERE_BASE_URL: z._default(httpUrl, 'https://api.cohere.com'),
  EMBED_MODEL: z._default(z.string().check(z.minLength(1)), 'embed-english-v3.0'),
  EMBED_DIMENSION: z.optional(z.coerce.number().check(z.int(), z.positive())),
  QDRANT_URL: z.optional(httpUrl),
  QDRANT_API_KEY: z.optional(z.string()),
  QDRANT_COLLECTION: z._default(z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,255}$/)), 'textbook_chunks'),
  QDRANT_VECTOR_NAME: z.optional(z.string()),
  QDRANT_SPARSE_VECTOR_NAME: z._default(z.string().check(z.minLength(1)), 'bm25'),
  PAYLOAD_FIELDS: z.optional(z.string()),
  TOP_K_DEFAULT: intVar(1, 1000, 5),
  TOP_K_MIN: intVar(1, 1000, 1),
  TOP_K_MAX: intVar(1, 1000, 50),
  EMBED_CACHE_TTL_SECONDS: intVar(60, 365 * 24 * 3600, 7 * 24 * 3600),
  /** Result cache lifetime: the longest an answer can lag a re-ingest without a purge; 0 = off. */
  RESULT_CACHE_TTL_SECONDS: intVar(0, 7 * 24 * 3600, 300),
  /** Bearer token of the admin routes (`POST /admin/cache/purge`); unset = admin routes off. */
  ADMIN_API_KEY: z.optional(z.string()),
  REQUEST_BUDGET_MS: intVar(100, 120_000, 10_000),
  UPSTREAM_TIMEOUT_MS: intVar(50, 120_000, 5_000),
  CORS_ORIGINS: z._default(z.string(), '*'),
  /** Secret: accepted API keys, comma-separated, each raw (≥ 16 characters) or `sha256:<hex>`. */
  API_KEYS: z.optional(z.string()),
  /** With API_KEYS set: still serve callers without a key (rate-limited by IP), e.g. a public widget. */
  ALLOW_ANONYMOUS: boolVar,
  /** The period of the [[ratelimits]] bindings (10 or 60 s, as Cloudflare allows): the 429's Retry-After. */
  RATE_LIMIT_PERIOD_SECONDS: z._default(z.enum(['10', '60']), '60'),
  /** `off` ignores the [[ratelimits]] bindings: for load tests from one address, never in production. */
  RATE_LIMITS: z._default(z.enum(['on', 'off']), 'on'),
  /** Put the query text in the request log line (off by default: queries can be personal). */
  LOG_QUERIES: boolVar,
  // Defaults depend on the embedder (see EMBEDDER_DEFAULTS in parse-config.ts).
  SEARCH_MODE: z.optional(z.enum(SEARCH_MODES)),
  HYBRID_SEMANTIC_WEIGHT: z.optional(z.coerce.number().check(z.minimum(0), z.maximum(100))),
  HYBRID_KEYWORD_WEIGHT: z.optional(z.coerce.number().check(z.minimum(0), z.maximum(100))),
  /** Default `fusion` of hybrid search: `weighted` or `rrf`. */
  HYBRID_FUSION: z.optional(z.enum(['weighted', 'rrf'])),
  RRF_K: numVar(0, 10_000, 60),
  RERANK_MODEL: z._default(z.string().check(z.minLength(1)), 'rerank-v3.5'),
  RERANK_OVERFETCH: numVar(1, 10, 2),
  LOW_CONFIDENCE_SCORE: numVar(0, 1, 0.4),
  // One Cohere embed call takes at most 96 texts: a batch must fit in one.
  BATCH_MAX_QUERIES: intVar(1, 96, 16),
});

/** Raw variables after validation (before derived fields are computed). */
export type RawConfig = z.output<typeof configSchema>;
