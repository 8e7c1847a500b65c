/**
 * Who may call, and how often. With API_KEYS set, a request must carry a valid key
 * (`Authorization: Bearer …` or `X-API-Key`) unless ALLOW_ANONYMOUS=true; a wrong key is a 401,
 * counted against the sender's IP so keys cannot be guessed at will. Every request but the fixed
 * assets (demo page, widget script, OpenAPI document) then passes Cloudflare's Workers Rate Limiting binding: KEY_RATE_LIMITER per key, IP_RATE_LIMITER per
 * CF-Connecting-IP for callers without one (a batch is charged per search once its body is read:
 * see rate-limit.ts). Cloudflare counts per location and approximately; that is what it is for
 * (abuse and runaway clients), not billing.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { RetrieverError } from '../../core/common/errors';
import type { Config } from '../../core/common/config/parse-config';
import type { AppEnv, Caller } from '../bindings';
import { configFor } from '../services';
import { keyId, keyringFor, matchKey, presentedKey } from './api-keys';
import { rateLimit } from './rate-limit';

/** Paths anyone may read without a key (the health route decides for itself how much to show). */
// The widget script is loaded by a <script> tag, which cannot send a key; the API description is public.
const OPEN_PATHS = new Set(['/', '/health', '/widget.js', '/openapi.json']);

/**
 * Fixed bytes built into the Worker, which call no upstream: the limiters bound the Cohere and Qdrant
 * work a caller can cause, and charging these would spend a shared address's budget on page loads
 * (a class behind one NAT opening the course page) and, once spent, turn the widget's script into a
 * 429 JSON body: the panel would vanish from the page without a word, instead of saying the limit.
 */
const UNCHARGED_PATHS = new Set(['/', '/widget.js', '/openapi.json']);

/** Routes with their own credential (ADMIN_API_KEY): their Bearer token is not an API key. */
const OWN_AUTH_PREFIX = '/admin/';

/**
 * Authenticates and rate-limits every request except CORS preflights (which carry no
 * credentials by design and must succeed for the real request to be sent).
 *
 * @example
 * app.use('*', accessControl());
 */
export function accessControl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    // The path Hono routes on (already parsed), so access and routing always agree.
    const path = c.req.path;
    const open = OPEN_PATHS.has(path);
    let config;
    try {
      config = configFor(c.env);
    } catch (error) {
      // An invalid configuration: open paths still answer (and report it), an unknown path is the
      // 404 it would be anyway; the routes fail closed.
      if (!open && routed(c)) throw error;
      c.set('fullAccess', false);
      return next();
    }
    const ownAuth = path.startsWith(OWN_AUTH_PREFIX);
    const { caller, fullAccess } = ownAuth ? { caller: { kind: 'anonymous' } as const, fullAccess: false } : await identify(c, config.apiKeys).catch((error: unknown) => countRefusal(c, config, error));
    c.set('caller', caller);
    c.set('fullAccess', fullAccess);
    c.get('log').caller = caller.kind === 'key' ? `key:${caller.id}` : 'anonymous';
    if (!fullAccess && !open && !ownAuth && !config.ALLOW_ANONYMOUS && routed(c)) {
      // Worded so no part reads as a credential: the response redactor would rewrite "Bearer <key>".
      throw new RetrieverError('unauthorized', 'An API key is required: send it in an X-API-Key header or in an Authorization header (scheme: Bearer)', {
        reason: 'missing_key',
      });
    }
    if (!UNCHARGED_PATHS.has(path)) await rateLimit(c, config, caller);
    return next();
  };
}

/**
 * True when the request reaches one of the app's routes, not only the middleware every path passes
 * ('*'): an unknown path has nothing to protect, so it is answered 404 whatever the configuration.
 * Asked only when access would be refused, so the hot path never pays for it.
 */
function routed(c: Context<AppEnv>): boolean {
  return matchedRoutes(c).some((route) => route.path !== '*' && route.path !== '/*');
}

/**
 * A wrong key counts against the sender's IP (it has no bucket of its own), so guessing keys is
 * bounded by the per-IP limit: once that is spent, the 429 comes before the 401.
 */
async function countRefusal(c: Context<AppEnv>, config: Config, error: unknown): Promise<never> {
  await rateLimit(c, config, { kind: 'anonymous' });
  throw error;
}

async function identify(c: Context<AppEnv>, entries: readonly string[]): Promise<{ caller: Caller; fullAccess: boolean }> {
  const presented = presentedKey(c.req.raw.headers);
  if (presented.kind === 'none') return { caller: { kind: 'anonymous' }, fullAccess: entries.length === 0 };
  // A key sent to a deployment without keys is ignored: nothing to check it against.
  if (entries.length === 0) return { caller: { kind: 'anonymous' }, fullAccess: true };
  const digest = await matchKey(presented.key, await keyringFor(entries));
  if (!digest) throw new RetrieverError('unauthorized', 'The API key is not valid', { reason: 'invalid_key' });
  return { caller: { kind: 'key', id: keyId(digest) }, fullAccess: true };
}
