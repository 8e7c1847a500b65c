/**
 * Validates a batch request (`POST /search/batch`): `{"queries": [...], "defaults": {...}}`.
 * Each query is a string (the question) or an object of search parameters laid over `defaults`.
 * The envelope and the defaults concern every query, so their errors reject the request; a bad
 * query is its own error entry and the others still run.
 */
import * as z from 'zod/mini';
import type { Config } from '../../common/config/parse-config';
import { RetrieverError } from '../../common/errors';
import { parseSearchParams, searchParamsSchema, type SearchParams } from './search-params';

/** One query of a batch as the API documents it (a batch has no `format`: answers are JSON, NDJSON or SSE). */
export const batchQuerySchema = z.omit(searchParamsSchema, { format: true });

/** The batch request as the API documents it (OpenAPI and the typed client). */
export const batchRequestSchema = z.strictObject({
  queries: z.array(z.union([z.string(), batchQuerySchema])).check(z.minLength(1)),
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
  if (!parsed.success) {
    throw new RetrieverError('invalid_request', 'A batch body is {"queries": [ "question" or {"q": …, …}, … ], "defaults": {…}}', {
      params: ['queries'],
    });
  }
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
    if (name in defaults) throw new RetrieverError('invalid_request', `\`defaults\` cannot set \`${name}\``, { params: [`defaults.${name}`] });
  }
  // Bad defaults would fail every query the same way: say it once, for the request.
  try {
    parseSearchParams({ q: 'defaults', ...defaults }, config);
  } catch (error) {
    if (error instanceof RetrieverError) throw new RetrieverError('invalid_request', `In \`defaults\`: ${error.message}`, { ...error.details, in: 'defaults' });
    throw error;
  }
  return queries.map((item) => {
    const own = typeof item === 'string' ? { q: item } : item;
    if (!own || typeof own !== 'object' || Array.isArray(own)) {
      return new RetrieverError('invalid_request', 'A query is a string or an object such as {"q": "…", "k": 5}', { params: ['queries'] });
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
