/**
 * The one way core code calls an upstream (Cohere, Qdrant): injected `fetch`, a per-attempt
 * timeout, retries on an explicit status set with backoff that honours Retry-After, all inside
 * the request's deadline. Failures become `RetrieverError`s with the caller's codes. An upstream's
 * error body never reaches the caller as is: messages quote a short sanitised reason (every secret
 * redacted, see redact.ts) and the redacted full text travels in `RetrieverError.internal` for the
 * server-side log.
 */
import { RetrieverError, type ErrorCode } from '../errors';
import type { Deadline } from './deadline';
import { describeNetworkError, networkFailure, type CallPhase } from './network-failure';
import { loggableText, sanitizeReason } from './redact';
import { backoffMs, retryAfterMs } from './retry-after';

/** The fetch signature core code depends on (the Worker's or Node's global, or a test's). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Statuses worth retrying (as unjs/ofetch and the Cohere SDK do). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** How one upstream call behaves. */
export interface UpstreamCallOptions {
  fetch: FetchLike;
  deadline: Deadline;
  /** Upper bound for a single attempt. */
  timeoutMs: number;
  /** Human name for messages: "Cohere", "Qdrant". */
  service: string;
  /** Error code when the upstream fails for good (e.g. embedding_failed). */
  failureCode: ErrorCode;
  /** Error code when it cannot be reached at all (e.g. vector_store_unavailable). */
  unreachableCode: ErrorCode;
  /** Total attempts including the first (default 3). */
  maxAttempts?: number;
  /** Statuses to retry; defaults to RETRY_STATUSES. */
  retryStatuses?: ReadonlySet<number>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Called once per attempt, for round-trip accounting. */
  onAttempt?: () => void;
  /** Extra values to redact besides the credentials in the request headers (which always are). */
  secrets?: readonly string[];
}

/** An upstream answered with a status outside 2xx (after retries). */
export interface UpstreamFailure {
  status: number;
  /** The body, secrets redacted, capped at 2,000 characters: for matching and logging, not for callers. */
  snippet: string;
  /** A short sanitised reason that may be quoted to a caller. */
  reason: string;
  headers: Headers;
}

const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls an upstream and returns the successful Response. Non-retryable error statuses are
 * returned through `onStatus` (if it returns an error, that is thrown) so callers can map
 * 404/400 precisely; everything else becomes `failureCode`.
 *
 * @example
 * const res = await upstreamFetch(url, { method: 'POST', body }, { fetch, deadline, timeoutMs: 5000,
 *   service: 'Cohere', failureCode: 'embedding_failed', unreachableCode: 'embedding_failed' });
 */
export async function upstreamFetch(
  url: string,
  init: RequestInit,
  options: UpstreamCallOptions,
  onStatus?: (failure: UpstreamFailure) => RetrieverError | undefined | Promise<RetrieverError | undefined>,
): Promise<Response> {
  const maxAttempts = options.maxAttempts ?? 3;
  const retryStatuses = options.retryStatuses ?? RETRY_STATUSES;
  const sleep = options.sleep ?? defaultSleep;
  const secrets = [...credentialsIn(init.headers), ...(options.secrets ?? [])];
  for (let attempt = 0; ; attempt++) {
    const remaining = options.deadline.remaining();
    if (remaining <= 0) throw timeoutError(options, attempt);
    const lastAttempt = attempt + 1 >= maxAttempts;
    let response: Response;
    try {
      response = await attemptOnce(url, init, options, Math.min(options.timeoutMs, remaining), attempt, secrets);
    } catch (error) {
      // A dropped connection is worth another try (every call we make is idempotent); a timeout is not.
      const wait = backoffMs(attempt, options.random);
      if (lastAttempt || !isUnreachable(error, options) || wait >= options.deadline.remaining()) throw error;
      await sleep(wait);
      continue;
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    const failure: UpstreamFailure = {
      status: response.status,
      snippet: loggableText(text, secrets),
      reason: sanitizeReason(text, secrets),
      headers: response.headers,
    };
    if (!retryStatuses.has(response.status) || lastAttempt) {
      const mapped = await onStatus?.(failure);
      throw mapped ?? statusError(options, failure, attempt + 1);
    }
    const wait = retryAfterMs(response.headers) ?? backoffMs(attempt, options.random);
    if (wait >= options.deadline.remaining()) {
      // Waiting would overrun the budget: fail now with what the upstream said.
      const mapped = await onStatus?.(failure);
      throw mapped ?? statusError(options, failure, attempt + 1, wait);
    }
    await sleep(wait);
  }
}

async function attemptOnce(
  url: string,
  init: RequestInit,
  options: UpstreamCallOptions,
  timeoutMs: number,
  attempt: number,
  secrets: readonly string[],
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  options.onAttempt?.();
  let phase: CallPhase = 'headers';
  try {
    const response = await options.fetch(url, { ...init, signal: controller.signal });
    phase = 'body';
    // The body is read inside the same timer: an upstream that sends headers and then stalls (or
    // drops the connection mid-body) is a timeout (or a network failure), not a hang.
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch (error) {
    if (controller.signal.aborted) throw timeoutError(options, attempt + 1, timeoutMs);
    throw networkFailure(error, phase, options.service, options.unreachableCode, secrets);
  } finally {
    clearTimeout(timer);
  }
}

function isUnreachable(error: unknown, options: UpstreamCallOptions): boolean {
  return error instanceof RetrieverError && error.code === options.unreachableCode && error.details.network === true;
}

function timeoutError(options: UpstreamCallOptions, attempts: number, timeoutMs?: number): RetrieverError {
  const what = timeoutMs === undefined ? 'the request budget ran out' : `no answer within ${timeoutMs} ms`;
  return new RetrieverError('upstream_timeout', `${options.service} timed out: ${what}`, {
    upstream: options.service.toLowerCase(),
    attempts,
  });
}

function statusError(options: UpstreamCallOptions, failure: UpstreamFailure, attempts: number, retryAfter?: number): RetrieverError {
  return new RetrieverError(
    options.failureCode,
    `${options.service} answered ${failure.status}${failure.reason ? `: ${failure.reason}` : ''}`,
    {
      upstream: options.service.toLowerCase(),
      upstream_status: failure.status,
      attempts,
      ...(retryAfter !== undefined ? { retry_after_ms: retryAfter } : {}),
    },
    { internal: `${options.service} ${failure.status}: ${failure.snippet}` },
  );
}

/**
 * Parses a successful upstream answer as JSON. A 200 with a truncated or non-JSON body is the
 * upstream's fault, so it becomes `code` (e.g. 502 vector_store_error), never an internal error.
 *
 * @example
 * const json = await readUpstreamJson(response, 'Qdrant', 'vector_store_error');
 */
export async function readUpstreamJson(response: Response, service: string, code: ErrorCode, secrets: readonly string[] = []): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new RetrieverError(code, `${service} broke off its answer`, { upstream: service.toLowerCase(), upstream_status: response.status }, {
      cause: error,
      internal: `${service}: body read failed: ${describeNetworkError(error, secrets)}`,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RetrieverError(code, `${service} answered ${response.status} with a body that is not valid JSON`, {
      upstream: service.toLowerCase(),
      upstream_status: response.status,
    }, { internal: `${service} ${response.status} (invalid JSON, ${text.length} chars): ${loggableText(text, secrets)}` });
  }
}

/** The secret values in a request's credential headers (the bearer token, Qdrant's api-key). */
export function credentialsIn(headers: RequestInit['headers']): string[] {
  const found: string[] = [];
  new Headers(headers).forEach((value, name) => {
    if (name === 'authorization') found.push(value.replace(/^bearer\s+/i, ''), value);
    else if (name === 'api-key' || name === 'x-api-key') found.push(value);
  });
  return found.filter(Boolean);
}
