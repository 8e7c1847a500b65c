/**
 * Charging a caller's rate limiter. Cloudflare's binding counts one per `limit()` call, so a request
 * that runs several searches (a batch) is charged once per search: the limit bounds the upstream work
 * a caller can cause, not the number of HTTP requests it sends.
 */
import type { Context } from 'hono';
import { RetrieverError } from '../../core/common/errors';
import type { Config } from '../../core/common/config/parse-config';
import type { AppEnv, Caller } from '../bindings';
import { CACHE_READ_TIMEOUT_MS, withTimeout } from '../../core/common/with-timeout';
import { ipBucket } from './ip-bucket';

/**
 * Charges `caller`'s limiter `count` times (per key for a key, per IP or IPv6 /64 otherwise) and throws
 * `rate_limited` when any charge is refused. Nothing is charged under `RATE_LIMITS=off`; a limiter
 * that fails, or does not answer within a second, lets the request through.
 *
 * @example
 * await rateLimit(c, config, { kind: 'anonymous' });
 */
export async function rateLimit(c: Context<AppEnv>, config: Pick<Config, 'RATE_LIMITS' | 'RATE_LIMIT_PERIOD_SECONDS'>, caller: Caller, count = 1): Promise<void> {
  const limiter = caller.kind === 'key' ? c.env.KEY_RATE_LIMITER : c.env.IP_RATE_LIMITER;
  if (config.RATE_LIMITS !== 'on' || !limiter || count < 1) return;
  const periodSeconds = config.RATE_LIMIT_PERIOD_SECONDS;
  const key = caller.kind === 'key' ? `key:${caller.id}` : `ip:${ipBucket(c.req.header('cf-connecting-ip') ?? 'unknown')}`;
  let success = true;
  try {
    // In parallel: each call is a round trip to the location's counter, and a batch may need 15.
    // Bounded like a cache read: a limiter that hangs is a failing one, and lets the request through.
    const outcomes = await withTimeout(Promise.all(Array.from({ length: count }, () => limiter.limit({ key }))), CACHE_READ_TIMEOUT_MS);
    success = outcomes.every((outcome) => outcome.success);
  } catch (error) {
    // The limiter protects the upstreams; its own outage should not take the service down.
    c.get('log').rate_limit_error = error instanceof Error ? error.message.slice(0, 200) : 'limit() failed';
  }
  if (!success) {
    c.get('log').rate_limited = true;
    throw new RetrieverError('rate_limited', `Too many requests; try again in ${periodSeconds} s`, {
      retry_after_ms: periodSeconds * 1000,
      scope: caller.kind === 'key' ? 'api_key' : 'ip',
    });
  }
}

/**
 * Charges the caller for the searches of a request beyond the one the access middleware charged
 * (it runs before the body is read, so it cannot know a batch's size). Throws `rate_limited` for
 * the whole request, as a single search over the limit gets.
 *
 * @example
 * await chargeSearches(c, context.config, valid.length); // a batch of 16 costs 16, not 1
 */
export async function chargeSearches(c: Context<AppEnv>, config: Config, searches: number): Promise<void> {
  const caller = c.get('caller');
  if (caller) await rateLimit(c, config, caller, searches - 1);
}
