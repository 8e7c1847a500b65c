/**
 * The one way core code calls an upstream (Cohere, Qdrant): injected `fetch`, a per-attempt
 * timeout, retries on an explicit status set with backoff that honours Retry-After, all inside
 * the request's deadline. Failures become `RetrieverError`s with the caller's codes; bodies are
 * quoted only as a 200-character snippet and never include request headers (API keys).
 */
import { RetrieverError, type ErrorCode } from '../errors';
import type { Deadline } from './deadline';
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
}

/** An upstream answered with a status outside 2xx (after retries). */
export interface UpstreamFailure {
  status: number;
  snippet: string;
  headers: Headers;
}

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
  for (let attempt = 0; ; attempt++) {
    const remaining = options.deadline.remaining();
    if (remaining <= 0) throw timeoutError(options, attempt);
    const lastAttempt = attempt + 1 >= maxAttempts;
    let response: Response;
    try {
      response = await attemptOnce(url, init, options, Math.min(options.timeoutMs, remaining), attempt);
    } catch (error) {
      // A dropped connection is worth another try (every call we make is idempotent); a timeout is not.
      const wait = backoffMs(attempt, options.random);
      if (lastAttempt || !isUnreachable(error, options) || wait >= options.deadline.remaining()) throw error;
      await sleep(wait);
      continue;
    }
    if (response.ok) return response;
    const snippet = (await response.text().catch(() => '')).slice(0, 200);
    const failure: UpstreamFailure = { status: response.status, snippet, headers: response.headers };
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
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  options.onAttempt?.();
  try {
    return await options.fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) throw timeoutError(options, attempt + 1, timeoutMs);
    throw new RetrieverError(
      options.unreachableCode,
      `${options.service} could not be reached: ${describeNetworkError(error)}`,
      { upstream: options.service.toLowerCase(), network: true },
      { cause: error },
    );
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
    `${options.service} answered ${failure.status}${failure.snippet ? `: ${failure.snippet}` : ''}`,
    {
      upstream: options.service.toLowerCase(),
      upstream_status: failure.status,
      attempts,
      ...(retryAfter !== undefined ? { retry_after_ms: retryAfter } : {}),
    },
  );
}

function describeNetworkError(error: unknown): string {
  // Messages from fetch can quote the URL; keep only the error's class and first line.
  const message = error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error);
  return message.replace(/https?:\/\/\S+/g, '<url>').slice(0, 160) || 'network error';
}
