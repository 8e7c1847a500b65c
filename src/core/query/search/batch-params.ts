/**
 * Validates a batch request (`POST /search/batch`): `{"queries": [...], "defaults": {...}}`.
 * Each query is a string (the question) or an object of search parameters laid over `defaults`.
 * The envelope and the defaults concern every query, so their errors reject the request; a bad
 * query is its own error entry and the others still run.
 */
import * as z from 'zod/mini';
import { configSchema } from '../../common/config/config-schema';
import type { Config } from '../../common/config/parse-config';
import { RetrieverError } from '../../common/errors';
import { parseSearchParams, searchParamsSchema, type SearchParams } from './search-params';

/** One query of a batch as the API documents it (a batch has no `format`: answers are JSON, NDJSON or SSE). */
export const batchQuerySchema = z.omit(searchParamsSchema, { format: true });

/** The batch request as the API documents it (OpenAPI and the typed client). */
export const batchRequestSchema = z.strictObject({
  // The most a batch holds is a Worker variable, so its default is said rather than fixed as maxItems.
  queries: z.array(z.union([z.string(), batchQuerySchema])).check(z.minLength(1)).register(z.globalRegistry, {
    description: `At most BATCH_MAX_QUERIES queries (a Worker variable; default ${z.parse(configSchema.shape.BATCH_MAX_QUERIES, undefined)}): each the question, or an object of search parameters laid over \`defaults\`.`,
  }),
  defaults: z.optional(z.partial(z.omit(searchParamsSchema, { q: true, format: true }))),
});

/** What a caller may send to `/search/batch`. */
export type BatchRequestBody = z.input<typeof batchRequestSchema>;

// Items are checked one by one below, so one bad query cannot fail the envelope.
const envelopeSchema = z.strictObject({
  queries: z.array(z.unknown()),
  defaults: z.optional(z.record(z.string(), z.unknown())),
});

/**
 * Parses a batch body into one entry per query: its `SearchParams`, or the `RetrieverError` that
 * concerns it alone. Throws `invalid_request` for a bad envelope, bad defaults or too many queries.
 *
 * @example
 * parseBatchRequest({ queries: ['tf2', { q: 'urdf', k: 3 }, { k: 3 }], defaults: { mode: 'hybrid' } }, config);
 * // → [SearchParams, SearchParams, RetrieverError('invalid_request', '… q: is required')]
 */
export function parseBatchRequest(raw: unknown, config: Config): (SearchParams | RetrieverError)[] {
  const parsed = z.safeParse(envelopeSchema, raw);
  if (!parsed.success) throw envelopeError(parsed.error.issues, raw);
  const { queries, defaults = {} } = parsed.data;
  const max = config.BATCH_MAX_QUERIES;
  if (queries.length === 0) throw new RetrieverError('invalid_request', '`queries` must hold at least one query', { params: ['queries'] });
  if (queries.length > max) {
    throw new RetrieverError('invalid_request', `A batch holds at most ${max} queries (BATCH_MAX_QUERIES); got ${queries.length}`, {
      params: ['queries'],
      max_queries: max,
    });
  }
  for (const name of ['q', 'format']) {
    if (name in defaults) throw new RetrieverError('invalid_request', `\`defaults\` cannot set \`${name}\``, { params: [`defaults.${name}`], in: 'defaults' });
  }
  // Bad defaults would fail every query the same way: say it once, for the request, naming each
  // parameter by its path (`defaults.k`) as the request's other errors do.
  try {
    parseSearchParams({ q: 'defaults', ...defaults }, config);
  } catch (error) {
    if (!(error instanceof RetrieverError)) throw error;
    const inDefaults = (names: unknown) => (Array.isArray(names) ? names.map((name) => `defaults.${String(name)}`) : names);
    const { params, unknown } = error.details;
    const details = { ...error.details, ...(params ? { params: inDefaults(params) } : {}), ...(unknown ? { unknown: inDefaults(unknown) } : {}), in: 'defaults' };
    throw new RetrieverError('invalid_request', `In \`defaults\`: ${error.message}`, details);
  }
  return queries.map((item, index) => {
    const own = typeof item === 'string' ? { q: item } : item;
    if (!own || typeof own !== 'object' || Array.isArray(own)) {
      // Named by its place, as a filter error names its path: `queries` alone would blame the list.
      return new RetrieverError('invalid_request', `queries[${index}] is neither a string nor an object such as {"q": "…", "k": 5}`, { params: [`queries[${index}]`] });
    }
    if ('format' in own) return new RetrieverError('invalid_request', '`format` is not available in a batch', { params: ['format'] });
    try {
      return parseSearchParams({ ...defaults, ...own }, config);
    } catch (error) {
      if (error instanceof RetrieverError) return error;
      throw error;
    }
  });
}

const ENVELOPE_SHAPE = 'a batch body is {"queries": [ "question" or {"q": …, …}, … ], "defaults": {…}}';

/**
 * Names what is wrong with the envelope, as `parseSearchParams` does for a single search: unknown
 * top-level keys by name (a typo such as `query` would otherwise be blamed on `queries`), then the
 * known keys that are missing or have the wrong shape.
 */
function envelopeError(issues: z.core.$ZodIssue[], raw: unknown): RetrieverError {
  const unknown = issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
  const problems = unknown.map((name) => `unknown key "${name}"`);
  const params = [...unknown];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') continue;
    // A body that is not an object has no key to blame; what it lacks is `queries`.
    const name = issue.path.length ? String(issue.path[0]) : 'queries';
    if (params.includes(name)) continue;
    params.push(name);
    if (!issue.path.length) problems.push('the body is not an object');
    // Zod leaves `input` out of its issues, so "missing" is read off the body itself.
    else problems.push((raw as Record<string, unknown>)[name] === undefined ? `\`${name}\` is required` : `\`${name}\` has the wrong shape`);
  }
  return new RetrieverError('invalid_request', `Invalid batch body: ${problems.join('; ')} (${ENVELOPE_SHAPE})`, {
    params,
    ...(unknown.length ? { unknown } : {}),
  });
}
