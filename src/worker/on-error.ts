/**
 * The single place errors become HTTP. `RetrieverError`s keep their code and status; Hono's
 * HTTPExceptions (body limit, malformed JSON) map onto the taxonomy; anything else is a 500
 * `internal_error` whose message reveals nothing about the internals.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { RetrieverError, isRetrieverError, type ErrorCode } from '../core/common/errors';

const HTTP_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** Converts any thrown value to the JSON error response. */
export function toErrorResponse(error: unknown, c: Context): Response {
  const known = normalize(error);
  if (known.status >= 500) {
    console.error(`[${known.code}] ${known.message}`, known.cause ?? '');
  }
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  const retryAfter = known.details.retry_after_ms;
  if (typeof retryAfter === 'number') headers['Retry-After'] = String(Math.ceil(retryAfter / 1000));
  return c.json(known.toJSON(), known.status as 400, headers);
}

function normalize(error: unknown): RetrieverError {
  if (isRetrieverError(error)) return error;
  if (error instanceof HTTPException) {
    const code = HTTP_CODES[error.status] ?? (error.status >= 500 ? 'internal_error' : 'invalid_request');
    return new RetrieverError(code, error.message || 'Bad request');
  }
  return new RetrieverError('internal_error', 'Internal error; the incident was logged', {}, { cause: error });
}
