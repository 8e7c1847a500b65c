/**
 * Validates search parameters from a query string (all strings) or a JSON body (typed values)
 * into one `SearchParams`. Unknown parameters are rejected by name so typos don't pass silently;
 * `k` is clamped (not rejected) into the configured range and the response says so.
 */
import * as z from 'zod/mini';
import type { Config } from '../config/parse-config';
import { RetrieverError } from '../errors';

/** Longest accepted query, in characters (after trimming). */
export const MAX_QUERY_LENGTH = 2000;

/** Parameters every search understands. */
export interface SearchParams {
  q: string;
  k: number;
  kRequested: number;
  clamped: boolean;
}

const integerLike = z.union([z.number(), z.string().check(z.regex(/^\s*-?\d+\s*$/, 'must be an integer'))]);

const paramsSchema = z.strictObject({
  q: z.string({ error: '`q` must be a string' }),
  k: z.optional(integerLike),
});

/**
 * Parses raw parameters; throws `invalid_request` naming every bad or unknown parameter.
 *
 * @example
 * parseSearchParams({ q: ' tf2 ', k: '100' }, config); // { q: 'tf2', k: 50, kRequested: 100, clamped: true }
 */
export function parseSearchParams(raw: Record<string, unknown>, config: Config): SearchParams {
  const parsed = z.safeParse(paramsSchema, raw);
  if (!parsed.success) {
    const unknown: string[] = [];
    const invalid: { param: string; message: string }[] = [];
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') unknown.push(...issue.keys);
      else invalid.push({ param: String(issue.path[0] ?? 'body'), message: paramMessage(issue) });
    }
    const names = [...unknown.map((name) => `unknown parameter "${name}"`), ...invalid.map((i) => `${i.param}: ${i.message}`)];
    throw new RetrieverError('invalid_request', `Invalid search parameters: ${names.join('; ')}`, {
      params: [...unknown, ...invalid.map((i) => i.param)],
      ...(unknown.length ? { unknown } : {}),
    });
  }
  const q = parsed.data.q.trim();
  if (!q) throw new RetrieverError('invalid_request', 'Parameter `q` must not be empty', { params: ['q'] });
  if (q.length > MAX_QUERY_LENGTH) {
    throw new RetrieverError('invalid_request', `Parameter \`q\` is longer than ${MAX_QUERY_LENGTH} characters`, {
      params: ['q'],
      max_length: MAX_QUERY_LENGTH,
    });
  }
  const kRequested = parsed.data.k === undefined ? config.TOP_K_DEFAULT : Number(parsed.data.k);
  if (!Number.isSafeInteger(kRequested)) {
    throw new RetrieverError('invalid_request', 'Parameter `k` must be an integer', { params: ['k'] });
  }
  const k = Math.min(config.TOP_K_MAX, Math.max(config.TOP_K_MIN, kRequested));
  return { q, k, kRequested, clamped: k !== kRequested };
}

function paramMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
  return issue.message;
}
