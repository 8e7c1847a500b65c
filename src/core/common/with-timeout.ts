/**
 * A bound on work that has no timeout of its own (a KV read): past `ms` the returned promise
 * rejects, so callers that treat a failed cache read as a miss keep going instead of hanging.
 */

/** Longest wait for a read from a cache (KV answers in milliseconds when healthy). */
export const CACHE_READ_TIMEOUT_MS = 1000;

/**
 * Resolves or rejects like `work`, or rejects after `ms`.
 *
 * @example
 * const bytes = await withTimeout(kv.get(key, 'arrayBuffer'), CACHE_READ_TIMEOUT_MS);
 */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, expired]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}
