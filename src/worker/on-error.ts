/**
 * The single place errors become HTTP. `RetrieverError`s keep their code and status; Hono's
 * HTTPExceptions (malformed JSON) map onto the taxonomy; anything else is a 500 `internal_error`
 * whose message reveals nothing about the internals. Every body carries the request id; what the
 * operator needs (upstream text, stack) goes to the request's log line, never to the caller.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { asRetrieverError, RetrieverError, isRetrieverError, type ErrorCode } from '../core/common/errors';
import type { AppEnv } from './bindings';
import { isLoopbackRequest } from './local-request';
import { redactedJson } from './redacted-json';

const HTTP_CODES: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * The `error` object of a response body: the error's code, message and details with the request id.
 * Its code, and what the operator needs and the caller must not see (an upstream's text, an internal
 * error's cause), go to `logTo`: the request's log line, or a batch query's entry on it. /health's
 * 503 and each failed query of a batch carry the same object.
 *
 * @example
 * const body = { error: errorObject(new RetrieverError('invalid_request', '`q` is required'), c) };
 */
export function errorObject(error: RetrieverError, c: Context<AppEnv>, logTo: Record<string, unknown> | undefined = c.get('log')): Record<string, unknown> {
  const requestId = c.get('requestId');
  if (logTo) {
    logTo.error_code = error.code;
    const detail = error.internal ?? (error.code === 'internal_error' ? describeCause(error.cause) : undefined);
    if (detail) logTo.error_detail = detail;
  }
  return { ...forCaller(error, c, logTo), ...(requestId ? { request_id: requestId } : {}) };
}

/**
 * The error's body as this caller may read it. A missing collection's `available` and `suggestion`
 * name every collection of the Qdrant cluster, which may hold other people's: they go to a caller
 * with a valid API key and to the developer of a local dev server. Not to "full access" alone: a
 * deployment without keys gives that to every visitor. The others get the name and where to look;
 * the operator finds the names in the log either way.
 */
function forCaller(error: RetrieverError, c: Context<AppEnv>, logTo: Record<string, unknown> | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = error.toJSON().error;
  if (error.code !== 'collection_not_found') return body;
  if (logTo) logTo.error_detail = `${error.message} (available: ${JSON.stringify(error.details.available ?? [])})`;
  if (mayListCollections(c)) return body;
  const { available: _available, suggestion: _suggestion, ...rest } = body;
  // The message names the suggestion (and the embedded index's own collection) too.
  const message = `Collection "${String(error.details.collection)}" does not exist (QDRANT_COLLECTION; npm run ingest creates it); to see which collections exist, read this request's log line (by its request_id, in wrangler tail or Workers Logs), or ask with an API key or on a local dev server`;
  return { ...rest, message };
}

/**
 * Whether this caller may read the names of the Qdrant cluster's collections (see {@link forCaller}):
 * one with a valid API key, or the developer of a local dev server. /health's store error obeys it too.
 *
 * @example
 * if (!mayListCollections(c)) body.message = `Collection "${name}" does not exist`;
 */
export function mayListCollections(c: Context<AppEnv>): boolean {
  return c.get('caller')?.kind === 'key' || isLoopbackRequest(c.req.url, c.req.header('cf-connecting-ip'));
}

/** Converts any thrown value to the JSON error response. */
export function toErrorResponse(error: unknown, c: Context<AppEnv>): Response {
  const known = normalize(error);
  const body = errorObject(known, c);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  const retryAfter = known.details.retry_after_ms;
  if (typeof retryAfter === 'number') headers['Retry-After'] = String(Math.ceil(retryAfter / 1000));
  const allowed = known.details.allowed;
  if (known.code === 'method_not_allowed' && Array.isArray(allowed)) headers.Allow = allowed.join(', ');
  // RFC 9110 §15.5.16: a 415 for a content coding says which codings the server takes.
  if (known.code === 'unsupported_media_type' && known.details.content_encoding) headers['Accept-Encoding'] = 'identity';
  if (known.code === 'unauthorized') {
    headers['WWW-Authenticate'] = `Bearer realm="edge-retriever"${known.details.reason === 'invalid_key' ? ', error="invalid_token"' : ''}`;
  }
  return redactedJson(c, { error: body }, known.status, headers);
}

function normalize(error: unknown): RetrieverError {
  if (isRetrieverError(error)) return error;
  if (error instanceof HTTPException) {
    const code = HTTP_CODES[error.status] ?? (error.status >= 500 ? 'internal_error' : 'invalid_request');
    return new RetrieverError(code, error.message || 'Bad request');
  }
  return asRetrieverError(error);
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return `${cause.name}: ${cause.message}\n${cause.stack ?? ''}`.slice(0, 2000);
  return String(cause).slice(0, 2000);
}
