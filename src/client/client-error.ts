/**
 * The one error type the client throws (aborts excepted: those rethrow the signal's own reason,
 * as `fetch` does). `code` is the Worker's error code, or `network_error` when the Worker could
 * not be reached, or `invalid_response` when it answered something that is not the API.
 */
import type { ClientErrorCode } from './types.js';

/** A failed call, with the Worker's code, HTTP status (0 when none) and details. */
export class EdgeRetrieverError extends Error {
  readonly code: ClientErrorCode;
  readonly status: number;
  /** The error body's other fields, e.g. `params` naming the bad parameters. */
  readonly details: Record<string, unknown>;

  constructor(code: ClientErrorCode, message: string, status: number, details: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EdgeRetrieverError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** Builds the error for a non-2xx response from its body (JSON error envelope or anything else). */
export function errorFromResponse(status: number, text: string): EdgeRetrieverError {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: reported as invalid_response below */
  }
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const { code, message, ...details } = error;
    return new EdgeRetrieverError(code as ClientErrorCode, message, status, details);
  }
  return new EdgeRetrieverError('invalid_response', `HTTP ${status} without an edge-retriever error body`, status, {
    body: text.slice(0, 200),
  });
}

/** Errors that leave the call cancelled rather than failed (AbortSignal aborts and timeouts). */
export function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}
