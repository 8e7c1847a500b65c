/**
 * One error taxonomy for the whole product. Core code throws `RetrieverError`s; the Worker maps
 * them to HTTP in a single `onError`, the CLI maps them to exit codes. Messages are written for
 * the person calling the API and never contain secrets (keys, tokens, full upstream URLs with
 * credentials).
 */

/** Every error code the service can answer with, and the HTTP status it maps to. */
export const ERROR_STATUS = {
  invalid_request: 400,
  mode_unavailable: 400,
  unauthorized: 401,
  not_found: 404,
  collection_not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  dimension_mismatch: 409,
  embedder_mismatch: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  config_error: 500,
  internal_error: 500,
  embedding_failed: 502,
  rerank_failed: 502,
  vector_store_error: 502,
  vector_store_unavailable: 503,
  upstream_timeout: 504,
} as const;

/** A machine-readable error code (see README, "Errors"). */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Extra, JSON-serialisable fields that help the caller fix the problem. */
export type ErrorDetails = Record<string, unknown>;

/**
 * A failure with a stable code, an HTTP status and a human message.
 *
 * @example
 * throw new RetrieverError('invalid_request', '`q` is required', { params: ['q'] });
 */
export class RetrieverError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails;
  /**
   * What the operator needs and the caller must not see (e.g. an upstream's full error text,
   * secrets already redacted): logged server-side, never serialised into a response.
   */
  readonly internal: string | undefined;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}, options?: { cause?: unknown; internal?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RetrieverError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
    this.internal = options?.internal;
  }

  /** The JSON body every error response carries: `{"error":{"code","message",…details}}`. */
  toJSON(): { error: { code: ErrorCode; message: string } & ErrorDetails } {
    return { error: { ...this.details, code: this.code, message: this.message } };
  }
}

/** True when `value` is a `RetrieverError` (works across bundles, unlike a bare instanceof). */
export function isRetrieverError(value: unknown): value is RetrieverError {
  return value instanceof RetrieverError || (value instanceof Error && value.name === 'RetrieverError' && 'code' in value);
}

/**
 * `error` as a `RetrieverError`: itself when it is one, otherwise an `internal_error` whose message
 * says nothing of the cause (kept as `cause` for the log). The pipeline and `onError` share it.
 *
 * @example
 * asRetrieverError(new TypeError('x is undefined')).code; // 'internal_error'
 */
export function asRetrieverError(error: unknown): RetrieverError {
  if (isRetrieverError(error)) return error;
  return new RetrieverError('internal_error', 'Internal error; the incident was logged', {}, { cause: error });
}
