/**
 * How long an upstream asked us to wait. Cohere documents no Retry-After, but proxies and future
 * versions may send it (seconds or an HTTP date), or `X-RateLimit-Reset`; honour whichever is there.
 */

/** Milliseconds to wait according to the response headers, or null when they say nothing usable. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | null {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset');
  if (reset) {
    const value = Number(reset);
    if (Number.isFinite(value) && value >= 0) {
      // Either an epoch timestamp (seconds) or a delta in seconds; epochs are > 1e9.
      return value > 1e9 ? Math.max(0, value * 1000 - now) : value * 1000;
    }
  }
  return null;
}

/**
 * Exponential backoff with ±20% jitter: 250 ms, 500 ms, 1 s, … capped at 4 s.
 *
 * @example
 * backoffMs(0, () => 0.5); // 250
 */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(4000, 250 * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}
