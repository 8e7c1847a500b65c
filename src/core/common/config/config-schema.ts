/**
 * Every configuration variable the service reads, with its default. The Worker gets them from
 * `wrangler.toml` [vars], `.dev.vars` and secrets; the CLI from the environment and `.dev.vars`.
 * Values arrive as strings, so numbers are coerced; an empty string counts as unset.
 */
import * as z from 'zod/mini';

// Each check carries what the variable expects: zod's own message is only "Invalid input", and
// `parseConfig` puts these words in the config_error an operator reads.
const expecting = (error: string) => ({ error });
const number = (min: number, max: number, integer: boolean) => {
  const expected = expecting(`expected ${integer ? 'an integer' : 'a number'} in [${min}, ${max}]`);
  const bounds = [z.minimum(min, expected), z.maximum(max, expected)];
  return z.coerce.number(expected).check(...(integer ? [z.int(expected), ...bounds] : bounds));
};
const intVar = (min: number, max: number, fallback: number) => z._default(number(min, max, true), fallback);
const numVar = (min: number, max: number, fallback: number) => z._default(number(min, max, false), fallback);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, expecting(`expected one of ${values.join(', ')}`));
const boolVar = z._default(oneOf(['true', 'false', '1', '0']), 'false');
const name = z.string(expecting('expected a name')).check(z.minLength(1, expecting('expected a non-empty name')));
const secret = z.string(expecting('expected a string'));
const positive = expecting('expected a positive integer');
const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
// A browser sends `Origin: https://site.example[:port]` and CORS matches it exactly: a bare host or a
// trailing slash would never match and silently block every widget.
const ORIGIN_LIST = /^\s*(\*|https?:\/\/[^\s/,]+(\s*,\s*https?:\/\/[^\s/,]+)*)\s*$/;

/**
 * A Qdrant collection name as the service accepts it: also the rule of `ingest --collection`, so
 * the CLI never creates a collection the Worker would then refuse to search.
 */
export const collectionName = z.string(expecting('expected a name')).check(z.regex(/^[A-Za-z0-9_.-]{1,255}$/, expecting('expected 1–255 letters, digits, "_", "." or "-"')));

/** Search modes the service understands (issue: retrieval strategies). */
export const SEARCH_MODES = ['semantic', 'keyword', 'hybrid'] as const;

/** The zod schema of the raw variables; `parseConfig` turns its output into `Config`. */
export const configSchema = z.object({
  COHERE_API_KEY: z.optional(secret),
  COHERE_BASE_URL: z._default(httpUrl, 'https://api.cohere.com'),
  EMBED_MODEL: z._default(name, 'embed-english-v3.0'),
  EMBED_DIMENSION: z.optional(z.coerce.number(positive).check(z.int(positive), z.positive(positive))),
  QDRANT_URL: z.optional(httpUrl),
  QDRANT_API_KEY: z.optional(secret),
  QDRANT_COLLECTION: z._default(collectionName, 'textbook_chunks'),
  QDRANT_VECTOR_NAME: z.optional(z.string(expecting('expected a name'))),
  QDRANT_SPARSE_VECTOR_NAME: z._default(name, 'bm25'),
  PAYLOAD_FIELDS: z.optional(z.string(expecting('expected a string'))),
  TOP_K_DEFAULT: intVar(1, 1000, 5),
  TOP_K_MIN: intVar(1, 1000, 1),
  TOP_K_MAX: intVar(1, 1000, 50),
  EMBED_CACHE_TTL_SECONDS: intVar(60, 365 * 24 * 3600, 7 * 24 * 3600),
  /** Result cache lifetime: the longest an answer can lag a re-ingest without a purge; 0 = off. */
  RESULT_CACHE_TTL_SECONDS: intVar(0, 7 * 24 * 3600, 300),
  /** Bearer token of the admin routes (`POST /admin/cache/purge`); unset = admin routes off. */
  ADMIN_API_KEY: z.optional(secret.check(z.minLength(16, expecting('expected at least 16 characters (as API_KEYS): a short key can be guessed')))),
  REQUEST_BUDGET_MS: intVar(100, 120_000, 10_000),
  UPSTREAM_TIMEOUT_MS: intVar(50, 120_000, 5_000),
  CORS_ORIGINS: z._default(
    z.string(expecting('expected a string')).check(z.regex(ORIGIN_LIST, expecting('expected "*" or comma-separated origins such as https://site.example (scheme and host, no path or trailing slash)'))),
    '*',
  ),
  /** Secret: accepted API keys, comma-separated, each raw (≥ 16 characters) or `sha256:<hex>`. */
  API_KEYS: z.optional(secret),
  /** With API_KEYS set: still serve callers without a key (rate-limited by IP), e.g. a public widget. */
  ALLOW_ANONYMOUS: boolVar,
  /** The period of the [[ratelimits]] bindings (10 or 60 s, as Cloudflare allows): the 429's Retry-After. */
  RATE_LIMIT_PERIOD_SECONDS: z._default(oneOf(['10', '60']), '60'),
  /** `off` ignores the [[ratelimits]] bindings: for load tests from one address, never in production. */
  RATE_LIMITS: z._default(oneOf(['on', 'off']), 'on'),
  /** Put the query text in the request log line (off by default: queries can be personal). */
  LOG_QUERIES: boolVar,
  // Defaults depend on the embedder (see EMBEDDER_DEFAULTS in parse-config.ts).
  SEARCH_MODE: z.optional(oneOf(SEARCH_MODES)),
  HYBRID_SEMANTIC_WEIGHT: z.optional(number(0, 100, false)),
  HYBRID_KEYWORD_WEIGHT: z.optional(number(0, 100, false)),
  RRF_KEYWORD_WEIGHT: z.optional(number(0, 100, false)),
  /** Default `fusion` of hybrid search: `weighted` or `rrf`. */
  HYBRID_FUSION: z.optional(oneOf(['weighted', 'rrf'])),
  RRF_K: numVar(0, 10_000, 60),
  RERANK_MODEL: z._default(name, 'rerank-v3.5'),
  RERANK_OVERFETCH: numVar(1, 10, 2),
  LOW_CONFIDENCE_SCORE: numVar(0, 1, 0.4),
  // One Cohere embed call takes at most 96 texts: a batch must fit in one.
  BATCH_MAX_QUERIES: intVar(1, 96, 16),
});

/** Raw variables after validation (before derived fields are computed). */
export type RawConfig = z.output<typeof configSchema>;
