/**
 * Validates search parameters from a query string (all strings) or a JSON body (typed values)
 * into one `SearchParams`. Unknown parameters are rejected by name so typos don't pass silently;
 * `k` is clamped (not rejected) into the configured range and the response says so.
 */
import * as z from 'zod/mini';
import type { Config } from '../../common/config/parse-config';
import { SEARCH_MODES } from '../../common/config/config-schema';
import { RetrieverError } from '../../common/errors';
import { typoOf } from '../../common/upstream/closest-name';
import type { QdrantFilter } from '../../common/types';
import { normalizeQuery } from '../../common/text/normalize-query';
import { parseFilter, translateFilter } from './filter-dsl';
import { combineFilters, shortcutFilter } from './filter-shortcuts';
import { unusedParameters, type UnusedParameter } from './unused-parameters';

/** Longest accepted query, in characters (after trimming). */
export const MAX_QUERY_LENGTH = 2000;
export const RERANKERS = ['none', 'cohere', 'mmr'] as const;
/** Accepted `rerank` values: `rrf` is a documented alias of `mode=hybrid&fusion=rrf` (one concept, one name). */
const RERANK_INPUTS = [...RERANKERS, 'rrf'] as const;
export const FUSIONS = ['weighted', 'rrf'] as const;
export const FORMATS = ['json', 'context'] as const;
export const GROUP_BY = ['page'] as const;
/** Values of `diversity`. */
export const DIVERSITY = ['pages', 'none'] as const;
/** Most neighbouring chunks `expand` may add on each side of a hit. */
export const MAX_EXPAND = 3;

/**
 * The range of each bounded numeric parameter: `parseSearchParams` refuses a value outside it, and
 * the wire schema states it (so /openapi.json says what the server enforces, from the same numbers).
 */
export const PARAMETER_RANGES = {
  semantic_weight: [0, 100],
  keyword_weight: [0, 100],
  rrf_k: [0, 10_000],
  rrf_keyword_weight: [0, 100],
  threshold: [0, 1],
  lambda: [0, 1],
  expand: [0, MAX_EXPAND],
} as const satisfies Record<string, readonly [number, number]>;
type RangedParameter = keyof typeof PARAMETER_RANGES;

/** Everything a search request can ask for. */
export interface SearchParams {
  q: string;
  k: number;
  kRequested: number;
  clamped: boolean;
  mode: (typeof SEARCH_MODES)[number];
  fusion: (typeof FUSIONS)[number];
  weights: { semantic: number; keyword: number };
  rrfK: number;
  /** Weight of the keyword list in RRF (the semantic list weighs 1). */
  rrfKeywordWeight: number;
  filter: QdrantFilter | undefined;
  threshold: number | undefined;
  rerank: (typeof RERANKERS)[number];
  lambda: number;
  format: (typeof FORMATS)[number];
  includeMetadata: boolean;
  /** Deprecated spellings the request used, e.g. `rerank=rrf`, so the answer can name the canonical one. */
  aliases: string[];
  /** Parameters given that this search never reads (`lambda` without MMR), so the answer can say so. */
  unused: UnusedParameter[];
  /** Neighbouring chunks (each side, same page) merged into each hit's `passage`; 0 = none. */
  expand: number;
  /** `page`: at most one result per page. */
  groupBy: (typeof GROUP_BY)[number] | null;
  /** `pages`: near the top, a chunk next to one already shown yields to a new page (diverse-head.ts). */
  diversity: (typeof DIVERSITY)[number];
}

const numberText = z.string().check(z.regex(/^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/, 'must be a number'));
const numberLike = z.union([z.number(), numberText]);
// The range is metadata for the JSON Schema only: checked by `bounded` below, whose message names it
// (a failed zod union would only say "must be a number"). A query string's text cannot carry it.
const rangedNumber = (name: RangedParameter) =>
  z.union([z.number().register(z.globalRegistry, { minimum: PARAMETER_RANGES[name][0], maximum: PARAMETER_RANGES[name][1] }), numberText]);
const booleanLike = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]);
const text = z.string();

/** The request parameters as accepted on the wire (query string or JSON body); also the OpenAPI source. */
export const searchParamsSchema = z.strictObject({
  // Length as metadata only: the server counts code points after trimming (zod would count UTF-16 units).
  q: z.string({ error: 'must be a string' }).register(z.globalRegistry, { minLength: 1, maxLength: MAX_QUERY_LENGTH }),
  k: z.optional(numberLike),
  mode: z.optional(z.enum(SEARCH_MODES)),
  fusion: z.optional(z.enum(FUSIONS)),
  semantic_weight: z.optional(rangedNumber('semantic_weight')),
  keyword_weight: z.optional(rangedNumber('keyword_weight')),
  rrf_k: z.optional(rangedNumber('rrf_k')),
  rrf_keyword_weight: z.optional(rangedNumber('rrf_keyword_weight')),
  module: z.optional(text),
  chapter: z.optional(text),
  section: z.optional(text),
  tags: z.optional(z.union([text, z.array(text)])),
  filter: z.optional(z.union([text, z.record(z.string(), z.unknown())])),
  threshold: z.optional(rangedNumber('threshold')),
  rerank: z.optional(z.enum(RERANK_INPUTS)),
  lambda: z.optional(rangedNumber('lambda')),
  format: z.optional(z.enum(FORMATS)),
  include_metadata: z.optional(booleanLike),
  expand: z.optional(rangedNumber('expand')),
  group_by: z.optional(z.enum(GROUP_BY)),
  diversity: z.optional(z.enum(DIVERSITY)),
});

/** What a caller may send to `/search` (the typed client's parameter type). */
export type SearchRequestBody = z.input<typeof searchParamsSchema>;

/**
 * Parses raw parameters; throws `invalid_request` naming every bad or unknown parameter.
 *
 * @example
 * parseSearchParams({ q: ' tf2 ', k: '100' }, config); // { q: 'tf2', k: 50, kRequested: 100, clamped: true, … }
 */
export function parseSearchParams(raw: Record<string, unknown>, config: Config): SearchParams {
  // A body's `{"filter": {"__proto__": …}}` would lose that key in the record parse below and search
  // unfiltered; the filter's own reading refuses it, as it does the same filter sent as text.
  if (typeof raw.filter === 'object' && raw.filter !== null && Object.hasOwn(raw.filter, '__proto__')) translateFilter(raw.filter);
  const parsed = z.safeParse(searchParamsSchema, raw);
  if (!parsed.success) throw invalidParams(parsed.error.issues, raw);
  const p = parsed.data;
  // The text the search, the embedding cache and the result cache all see (normalize-query.ts).
  const q = normalizeQuery(p.q);
  if (!q) throw bad('q', 'Parameter `q` must not be empty');
  // Characters as a reader counts them (code points): an emoji is two UTF-16 units but one character.
  if (q.length > MAX_QUERY_LENGTH && codePoints(q) > MAX_QUERY_LENGTH) throw bad('q', `Parameter \`q\` is longer than ${MAX_QUERY_LENGTH} characters`, { max_length: MAX_QUERY_LENGTH });

  if (p.rerank === 'rrf') rejectAliasConflict(p.mode, p.fusion);

  const kRequested = p.k === undefined ? config.TOP_K_DEFAULT : Number(p.k);
  if (!Number.isSafeInteger(kRequested)) throw bad('k', `Parameter \`k\` must be an integer (one outside ${config.TOP_K_MIN}–${config.TOP_K_MAX} is served at the nearest bound)`);
  const k = Math.min(config.TOP_K_MAX, Math.max(config.TOP_K_MIN, kRequested));

  const weights = {
    semantic: bounded('semantic_weight', p.semantic_weight, config.HYBRID_SEMANTIC_WEIGHT),
    keyword: bounded('keyword_weight', p.keyword_weight, config.HYBRID_KEYWORD_WEIGHT),
  };
  const expand = bounded('expand', p.expand, 0);
  if (!Number.isInteger(expand)) throw bad('expand', `Parameter \`expand\` must be an integer in [0, ${MAX_EXPAND}]`);
  const threshold = p.threshold === undefined ? undefined : bounded('threshold', p.threshold, 0);
  const dsl = p.filter === undefined ? undefined : typeof p.filter === 'string' ? parseFilter(p.filter) : translateFilter(p.filter);
  const shortcuts = shortcutFilter({ module: p.module ?? null, chapter: p.chapter ?? null, section: p.section ?? null, tags: p.tags ?? null });

  const mode = p.rerank === 'rrf' ? 'hybrid' : (p.mode ?? config.SEARCH_MODE);
  const fusion = p.rerank === 'rrf' ? 'rrf' : (p.fusion ?? config.HYBRID_FUSION);
  // Only a weighted fusion reads them; elsewhere they are ignored (an ignored_parameter warning), not refused.
  if (mode === 'hybrid' && fusion === 'weighted' && weights.semantic + weights.keyword <= 0) throw bad('semantic_weight', 'Hybrid weights must not both be zero');
  const rerank = p.rerank === 'rrf' || p.rerank === undefined ? 'none' : p.rerank;
  const given = new Set(Object.entries(p).filter(([, value]) => value !== undefined).map(([name]) => name));
  return {
    q,
    k,
    kRequested,
    clamped: k !== kRequested,
    // rerank=rrf always meant: fetch both lists and fuse them by reciprocal rank, i.e. hybrid + RRF.
    mode,
    fusion,
    weights,
    rrfK: bounded('rrf_k', p.rrf_k, config.RRF_K),
    rrfKeywordWeight: bounded('rrf_keyword_weight', p.rrf_keyword_weight, config.RRF_KEYWORD_WEIGHT),
    filter: combineFilters(shortcuts, dsl),
    threshold,
    rerank,
    lambda: bounded('lambda', p.lambda, 0.7),
    format: p.format ?? 'json',
    includeMetadata: p.include_metadata === undefined ? true : p.include_metadata === true || p.include_metadata === 'true' || p.include_metadata === '1',
    aliases: p.rerank === 'rrf' ? ['rerank=rrf'] : [],
    unused: unusedParameters({ given, mode, fusion, rerank }),
    expand,
    groupBy: p.group_by ?? null,
    diversity: p.diversity ?? 'pages',
  };
}

/**
 * `rerank=rrf` stands for `mode=hybrid&fusion=rrf`: an explicit mode or fusion that says otherwise
 * used to be overridden without a word, so the caller got a search it did not ask for.
 */
function rejectAliasConflict(mode: string | undefined, fusion: string | undefined): void {
  const clashes = [...(mode !== undefined && mode !== 'hybrid' ? [['mode', mode]] : []), ...(fusion !== undefined && fusion !== 'rrf' ? [['fusion', fusion]] : [])];
  if (!clashes.length) return;
  const given = clashes.map(([name, value]) => `${name}=${value}`).join('&');
  throw new RetrieverError('invalid_request', `rerank=rrf is an alias of mode=hybrid&fusion=rrf and conflicts with ${given}: drop rerank=rrf or ${given}`, {
    params: ['rerank', ...clashes.map(([name]) => name!)],
  });
}

function bounded(param: RangedParameter, value: number | string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const [min, max] = PARAMETER_RANGES[param];
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) throw bad(param, `Parameter \`${param}\` must be a number in [${min}, ${max}]`);
  return n;
}

function bad(param: string, message: string, extra: Record<string, unknown> = {}): RetrieverError {
  return new RetrieverError('invalid_request', message, { params: [param], ...extra });
}

function invalidParams(issues: z.core.$ZodIssue[], raw: Record<string, unknown>): RetrieverError {
  const unknown: string[] = [];
  const invalid: { param: string; message: string }[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') unknown.push(...issue.keys);
    else invalid.push({ param: String(issue.path[0] ?? 'body'), message: issueMessage(issue, raw) });
  }
  // "kk" is a typo of "k": say so, as the CLI does for its flags.
  const known = Object.keys(searchParamsSchema.def.shape);
  const near = new Map(unknown.flatMap((name) => { const typo = typoOf(name, known); return typo ? [[name, typo] as const] : []; }));
  const said = (name: string) => `unknown parameter "${name}"${near.has(name) ? ` (did you mean "${near.get(name)}"?)` : ''}`;
  const names = [...unknown.map(said), ...invalid.map((i) => `${i.param}: ${i.message}`)];
  return new RetrieverError('invalid_request', `Invalid search parameters: ${names.join('; ')}`, {
    params: [...unknown, ...invalid.map((i) => i.param)],
    ...(unknown.length ? { unknown } : {}),
    ...(near.size ? { did_you_mean: Object.fromEntries(near) } : {}),
  });
}

/** What a parameter of several accepted forms must be, said plainly ("has the wrong type" said too little). */
const UNION_EXPECTS: Record<string, string> = {
  include_metadata: 'must be true or false (or 1 / 0)',
  tags: 'must be a string or an array of strings',
  filter: 'must be a JSON object, or its text',
  ...Object.fromEntries(['k', 'semantic_weight', 'keyword_weight', 'rrf_k', 'rrf_keyword_weight', 'threshold', 'lambda', 'expand'].map((name) => [name, 'must be a number'])),
};

function issueMessage(issue: z.core.$ZodIssue, raw: Record<string, unknown>): string {
  // zod/mini leaves `input` out of its issues, so whether the parameter was sent is read from `raw`:
  // `{"q": 5}` has the wrong type, it is not missing.
  if (issue.code === 'invalid_type') return raw[String(issue.path[0])] === undefined ? 'is required' : `must be a ${issue.expected}`;
  if (issue.code === 'invalid_value' && 'values' in issue) return `must be one of ${issue.values.join(', ')}`;
  if (issue.code === 'invalid_union') return UNION_EXPECTS[String(issue.path[0])] ?? 'has the wrong type';
  return issue.message;
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
