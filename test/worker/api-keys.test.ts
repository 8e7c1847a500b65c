/**
 * API keys in the Workers runtime: raw and SHA-256 keys, the headers that carry them, rotation and
 * the errors of a missing or wrong key. Rate limits are in `rate-limits.test.ts`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCS } from './support/docs';
import { seedCollection, tenant, type Tenant } from './support/harness';

const KEY_A = 'key-a-0123456789abcdef';
const KEY_B = 'key-b-fedcba9876543210';
const KEY_C = 'key-c-rotated-in-00000';

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

let t: Tenant;
let keys: string;
beforeAll(async () => {
  // The result cache would answer repeated queries without reaching the (faulty) upstreams.
  t = tenant('api-keys', { RESULT_CACHE_TTL_SECONDS: '0' });
  await seedCollection(t, DOCS);
  // One raw key and one stored as its SHA-256 digest.
  keys = `${KEY_A}, sha256:${await sha256Hex(KEY_B)}`;
});

const withKeys = (extra: Record<string, unknown> = {}) => ({ API_KEYS: keys, ...extra });

describe('API keys', () => {
  it('401 unauthorized with WWW-Authenticate when the key is missing', async () => {
    const res = await t.call('/search?q=topics', {}, withKeys());
    expect(res.status).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'unauthorized', reason: 'missing_key' });
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="edge-retriever"');
    expect(res.json().error.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('the missing-key message says what to send, and the response redactor leaves it whole', async () => {
    const res = await t.call('/search?q=topics', {}, withKeys({ ADMIN_API_KEY: 'admin-key-0123456789abcdef' }));
    const { message } = res.json().error;
    expect(message).toBe('An API key is required: send it in an X-API-Key header or in an Authorization header (scheme: Bearer)');
    expect(res.text).not.toContain('[redacted]');
  });

  it('401 with error="invalid_token" for a wrong key, whichever header carries it', async () => {
    const attempts: Record<string, string>[] = [{ authorization: 'Bearer not-a-valid-key-at-all' }, { 'x-api-key': `${KEY_A}x` }, { authorization: `Bearer ${KEY_A.slice(0, -1)}` }];
    for (const headers of attempts) {
      const res = await t.call('/search?q=topics', { headers }, withKeys());
      expect(res.status).toBe(401);
      expect(res.json().error.reason).toBe('invalid_key');
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect(res.text).not.toContain(KEY_A);
    }
  });

  it('accepts a raw key and a hashed key, as Bearer or X-API-Key', async () => {
    const accepted: Record<string, string>[] = [{ authorization: `Bearer ${KEY_A}` }, { 'x-api-key': KEY_A }, { authorization: `bearer ${KEY_B}` }, { 'x-api-key': KEY_B }];
    for (const headers of accepted) {
      const res = await t.call('/search?q=topics', { headers }, withKeys());
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('rotation: a new key works alongside the old one, and the old one stops once removed', async () => {
    const during = withKeys({ API_KEYS: `${KEY_A},${KEY_C}` });
    expect((await t.call('/search?q=topics', { headers: { 'x-api-key': KEY_A } }, during)).status).toBe(200);
    expect((await t.call('/search?q=topics', { headers: { 'x-api-key': KEY_C } }, during)).status).toBe(200);
    const after = withKeys({ API_KEYS: KEY_C });
    expect((await t.call('/search?q=topics', { headers: { 'x-api-key': KEY_A } }, after)).status).toBe(401);
    expect((await t.call('/search?q=topics', { headers: { 'x-api-key': KEY_C } }, after)).status).toBe(200);
  });

  it('without API_KEYS no key is needed (and a key sent anyway is ignored)', async () => {
    expect((await t.call('/search?q=topics')).status).toBe(200);
    expect((await t.call('/search?q=topics', { headers: { 'x-api-key': 'anything' } })).status).toBe(200);
  });

  it('ALLOW_ANONYMOUS serves callers without a key but still rejects wrong keys', async () => {
    const vars = withKeys({ ALLOW_ANONYMOUS: 'true' });
    expect((await t.call('/search?q=topics', {}, vars)).status).toBe(200);
    expect((await t.call('/search?q=topics', { headers: { 'x-api-key': 'wrong-key-wrong-key' } }, vars)).status).toBe(401);
  });

  it('rejects weak or malformed API_KEYS entries without quoting them', async () => {
    const res = await t.call('/search?q=topics', {}, { API_KEYS: `${KEY_A},short-key` });
    expect(res.status).toBe(500);
    expect(res.json().error).toMatchObject({ code: 'config_error', variables: ['API_KEYS'] });
    expect(res.text).not.toContain('short-key');
  });

  it('with an invalid configuration, GET / still answers and /search fails closed', async () => {
    const broken = { API_KEYS: 'short' };
    expect((await t.call('/', {}, broken)).status).toBe(200);
    expect((await t.call('/search?q=topics', { headers: { 'x-api-key': 'short' } }, broken)).json().error.code).toBe('config_error');
  });

  it('another method on the purge route: 405 with Allow once admin routes are on, 404 while they are off', async () => {
    const on = await t.call('/admin/cache/purge', {}, withKeys({ ADMIN_API_KEY: 'admin-key-0123456789abcdef' }));
    expect(on.status).toBe(405);
    expect(on.json().error.code).toBe('method_not_allowed');
    expect(on.headers.get('allow')).toBe('POST, OPTIONS');
    const off = await t.call('/admin/cache/purge', {}, withKeys({}));
    expect(off.status).toBe(404);
  });

  it('the admin route keeps its own key: ADMIN_API_KEY is not checked against API_KEYS', async () => {
    const admin = 'admin-key-0123456789abcdef';
    const vars = withKeys({ ADMIN_API_KEY: admin });
    const purge = (token: string) => t.call('/admin/cache/purge', { method: 'POST', headers: { authorization: `Bearer ${token}` } }, vars);
    expect((await purge(admin)).status).toBe(200);
    const wrong = await purge(KEY_A);
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain(admin);
  });

  it('the admin route answers a missing or wrong key as /search does (reason, WWW-Authenticate), with an unredacted message', async () => {
    const admin = 'admin-key-0123456789abcdef';
    const vars = withKeys({ ADMIN_API_KEY: admin });
    const purge = (headers: Record<string, string>) => t.call('/admin/cache/purge', { method: 'POST', headers }, vars);
    const how = 'send ADMIN_API_KEY in an Authorization header (scheme: Bearer)';
    const cases: [Record<string, string>, string, string, string][] = [
      [{}, 'missing_key', 'Bearer realm="edge-retriever"', `The admin key is required: ${how}`],
      [{ 'x-api-key': admin }, 'missing_key', 'Bearer realm="edge-retriever"', `The admin key is required: ${how}`],
      [{ authorization: 'Bearer not-the-admin-key' }, 'invalid_key', 'Bearer realm="edge-retriever", error="invalid_token"', `The admin key is not valid: ${how}`],
    ];
    for (const [headers, reason, challenge, message] of cases) {
      const res = await purge(headers);
      expect(res.status).toBe(401);
      expect(res.json().error).toMatchObject({ code: 'unauthorized', reason, message });
      expect(res.headers.get('www-authenticate')).toBe(challenge);
      expect(res.text).not.toContain('[redacted]');
    }
    // The same shape /search gives a wrong key.
    const search = await t.call('/search?q=topics', { headers: { authorization: 'Bearer not-a-valid-key-at-all' } }, vars);
    expect(search.headers.get('www-authenticate')).toBe('Bearer realm="edge-retriever", error="invalid_token"');
    expect(Object.keys(search.json().error).sort()).toEqual(Object.keys((await purge({ authorization: 'Bearer nope-nope' })).json().error).sort());
  });

  it('the admin route reads Authorization as /search does: any case of the scheme, one token', async () => {
    const admin = 'admin-key-0123456789abcdef';
    const vars = withKeys({ ADMIN_API_KEY: admin });
    const purge = (authorization: string) => t.call('/admin/cache/purge', { method: 'POST', headers: { authorization } }, vars);
    const search = (authorization: string) => t.call('/search?q=topics', { headers: { authorization } }, vars);
    expect((await purge(`bearer ${admin}`)).status).toBe(200);
    expect((await search(`bearer ${KEY_A}`)).status).toBe(200);
    // Two words after the scheme are no token: both say the key is missing, not that it is wrong.
    expect((await purge(`Bearer ${admin} ${admin}`)).json().error.reason).toBe('missing_key');
    expect((await search(`Bearer ${KEY_A} ${KEY_A}`)).json().error.reason).toBe('missing_key');
  });

  it('CORS preflight allows the auth headers without a key', async () => {
    const res = await t.call(
      '/search',
      {
        method: 'OPTIONS',
        headers: { origin: 'https://widget.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-api-key, content-type' },
      },
      withKeys(),
    );
    expect(res.status).toBe(204);
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'x-api-key', 'content-type']) expect(allowed).toContain(header);
  });

  it('/health stays open but says only the status without a key', async () => {
    const open = await t.call('/health', {}, withKeys());
    expect(open.status).toBe(200);
    expect(open.json()).toEqual({ status: 'ok' });
    const full = await t.call('/health', { headers: { 'x-api-key': KEY_A } }, withKeys());
    expect(full.json()).toMatchObject({ status: 'ok', store: { kind: 'qdrant' }, access: { api_keys: 2 } });
    expect((await t.call('/health', { headers: { 'x-api-key': 'wrong-key-wrong-key' } }, withKeys())).status).toBe(401);
  });

  it('access control judges the path Hono routes on: a percent-encoded path is open only if it routes to an open page', async () => {
    // "/%68ealth" routes to /health (open); "/%73earch" routes to /search (needs a key).
    const health = await t.call('/%68ealth', {}, withKeys());
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const search = await t.call('/%73earch?q=topics', {}, withKeys());
    expect(search.status).toBe(401);
    expect(search.json().error).toMatchObject({ code: 'unauthorized', reason: 'missing_key' });
    expect((await t.call('/%73earch?q=topics', { headers: { 'x-api-key': KEY_A } }, withKeys())).status).toBe(200);
  });

  it('/health without a key reuses its check for 10 s: anonymous callers cannot drive upstream calls', async () => {
    const { createExecutionContext, waitOnExecutionContext } = await import('cloudflare:test');
    const { default: worker } = await import('../../src/worker/index');
    const vars = t.vars(withKeys()); // one env object, as in a running isolate
    const health = async (headers: Record<string, string> = {}) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request('https://worker.test/health', { headers }), vars, ctx);
      await waitOnExecutionContext(ctx);
      return res.status;
    };
    const before = (await t.calls()).length;
    expect(await health()).toBe(200);
    const afterFirst = (await t.calls()).length;
    expect(afterFirst).toBeGreaterThan(before);
    for (let i = 0; i < 5; i++) expect(await health()).toBe(200);
    expect((await t.calls()).length).toBe(afterFirst);
    // A caller with a key always gets a fresh, full check.
    expect(await health({ 'x-api-key': KEY_A })).toBe(200);
    expect((await t.calls()).length).toBeGreaterThan(afterFirst);
  });

  it('logs the key by id, never the key itself', async () => {
    const { clearLogs, requestLogs, logText } = await import('./support/log-capture');
    clearLogs();
    await t.call('/search?q=topics', { headers: { authorization: `Bearer ${KEY_A}` } }, withKeys());
    const [line] = requestLogs();
    expect(line?.caller).toMatch(/^key:[0-9a-f]{16}$/);
    expect(logText().join('\n')).not.toContain(KEY_A);
  });
});
