/**
 * `POST /admin/cache/purge` (Authorization: Bearer ADMIN_API_KEY): run after a re-ingest. It
 * moves the index version every result-cache key carries, so no cached answer of the old index
 * is served again — at once in this isolate, within seconds in others here, and as fast as KV
 * propagates (about a minute) elsewhere — and re-reads the collection facts the checks use.
 * Off (404) unless ADMIN_API_KEY is set; needs the EMBED_CACHE KV binding.
 */
import { Hono } from 'hono/tiny';
import { RetrieverError } from '../../core/common/errors';
import { bearerToken, matchKey, sha256 } from '../access/api-keys';
import type { AppEnv } from '../bindings';
import { bumpIndexVersion } from '../index-version';
import { buildSearchContext, configFor, indexScope } from '../services';

/** The admin routes. */
export const adminRoute = new Hono<AppEnv>();

adminRoute.post('/cache/purge', async (c) => {
  const config = configFor(c.env);
  if (!config.ADMIN_API_KEY) throw new RetrieverError('not_found', 'Admin routes are off: set the ADMIN_API_KEY secret to enable them');
  const token = bearerToken(c.req.raw.headers);
  // The same 401 as /search's (reason, hence WWW-Authenticate), worded so no part reads as a
  // credential: the response redactor would rewrite "Bearer <ADMIN_API_KEY>".
  const how = 'send ADMIN_API_KEY in an Authorization header (scheme: Bearer)';
  if (!token) throw new RetrieverError('unauthorized', `The admin key is required: ${how}`, { reason: 'missing_key' });
  // Compared as API keys are (digests, every byte), so the time taken says nothing about the key.
  if (!(await matchKey(token, [await sha256(config.ADMIN_API_KEY)]))) {
    throw new RetrieverError('unauthorized', `The admin key is not valid: ${how}`, { reason: 'invalid_key' });
  }
  const kv = c.env.EMBED_CACHE;
  if (!kv) throw new RetrieverError('config_error', 'The result-cache version lives in KV: bind EMBED_CACHE', { variables: ['EMBED_CACHE'] });
  const version = await bumpIndexVersion(kv, indexScope(config));
  const context = buildSearchContext({ env: c.env, waitUntil: c.get('defer'), log: c.get('log') });
  // Fresh facts for the checks (a re-ingest may have changed vectors or embedder); best effort.
  const facts = await context.facts.learn().then(
    () => 'refreshed',
    () => 'unavailable',
  );
  return c.json({ purged: true, index_version: version, store: context.store.kind, collection: context.store.collection, facts }, 200, {
    'Cache-Control': 'no-store',
  });
});

// Another method on the purge route: 405 with `Allow`, as every route answers, once the admin
// routes are on; while they are off it stays a 404, so an open deployment does not reveal them.
adminRoute.all('/cache/purge', (c) => {
  if (!configFor(c.env).ADMIN_API_KEY) throw new RetrieverError('not_found', 'Admin routes are off: set the ADMIN_API_KEY secret to enable them');
  throw new RetrieverError('method_not_allowed', `${c.req.method} is not allowed on /admin/cache/purge; use POST`, { allowed: ['POST', 'OPTIONS'] });
});
