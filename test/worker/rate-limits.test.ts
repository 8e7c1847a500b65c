/**
 * Rate limits in the Workers runtime with miniflare's real Rate Limiting binding (TEST_LIMIT_3: 3
 * requests per 60 s, declared in vitest.config.ts): per IP (IPv6 per /64), per API key, per search of a
 * batch, wrong keys, switched off, failing open.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCS } from './support/docs';
import { seedCollection, tenant, type Tenant } from './support/harness';

let t: Tenant;
beforeAll(async () => {
  // No result cache: each call runs a whole search, as a client's first request does.
  t = tenant('rate-limits', { RESULT_CACHE_TTL_SECONDS: '0' });
  await seedCollection(t, DOCS);
});

describe('rate limits (Workers Rate Limiting binding)', () => {
  const limiter = (env as unknown as { TEST_LIMIT_3: RateLimit }).TEST_LIMIT_3;
  const vars = (extra: Record<string, unknown> = {}) => ({ IP_RATE_LIMITER: limiter, KEY_RATE_LIMITER: limiter, ...extra });
  const run = `${Date.now()}`;

  // Miniflare counts in fixed 60 s windows: start well inside one so the 4th call lands in it too.
  async function insideOneWindow() {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((done) => setTimeout(done, left + 100));
  }

  it('the 4th call from one IP in a window gets 429 with Retry-After; another IP is unaffected', async () => {
    await insideOneWindow();
    // Addresses unique to this run: the limiter's memory outlives a watch-mode rerun.
    const a = Number(run) % 100;
    const ip = (n: number) => ({ headers: { 'cf-connecting-ip': `203.0.113.${n}` } });
    for (let i = 0; i < 3; i++) expect((await t.call('/search?q=topics', ip(a), vars())).status).toBe(200);
    const limited = await t.call('/search?q=topics', ip(a), vars());
    expect(limited.status).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'rate_limited', scope: 'ip' });
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await t.call('/search?q=topics', ip(a + 100), vars())).status).toBe(200);
  });

  it('the widget script, the demo page and the OpenAPI document cost no budget and still load once it is spent', async () => {
    await insideOneWindow();
    const ip = { headers: { 'cf-connecting-ip': `198.51.100.${200 + (Number(run) % 50)}` } };
    const page = { headers: { ...ip.headers, accept: 'text/html' } };
    // A class behind one address opening the course page: these loads must not spend its searches.
    for (const path of ['/widget.js', '/widget.js', '/openapi.json', '/']) expect((await t.call(path, page, vars())).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await t.call('/search?q=topics', ip, vars())).status).toBe(200);
    expect((await t.call('/search?q=topics', ip, vars())).status).toBe(429);
    // Spent: the script still loads, so the panel is there to say so instead of vanishing.
    const script = await t.call('/widget.js', ip, vars());
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });

  it('callers with a key are counted per key', async () => {
    await insideOneWindow();
    const key = `rate-key-${run}-aaaaaaaa`;
    const other = `rate-key-${run}-bbbbbbbb`;
    const keyed = (k: string) => ({ headers: { 'x-api-key': k } });
    const v = vars({ API_KEYS: `${key},${other}` });
    for (let i = 0; i < 3; i++) expect((await t.call('/search?q=topics', keyed(key), v)).status).toBe(200);
    const limited = await t.call('/search?q=topics', keyed(key), v);
    expect(limited.status).toBe(429);
    expect(limited.json().error.scope).toBe('api_key');
    expect((await t.call('/search?q=topics', keyed(other), v)).status).toBe(200);
  });

  it('a batch counts once per search it runs (bad queries are free); over the limit the whole batch is a 429', async () => {
    await insideOneWindow();
    const headers = { 'cf-connecting-ip': `192.0.2.${Number(run) % 100}`, 'content-type': 'application/json' };
    const batch = (queries: unknown[]) => t.call('/search/batch', { method: 'POST', headers, body: JSON.stringify({ queries }) }, vars());
    // One search and two refused queries (empty q), then two searches: 3 of 3.
    expect((await batch(['topics', { q: '' }, { q: '' }])).status).toBe(200);
    expect((await batch(['topics', 'nodes'])).status).toBe(200);
    const limited = await batch(['topics', 'nodes']);
    expect(limited.status).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'rate_limited', scope: 'ip' });
    expect(limited.headers.get('retry-after')).toBe('60');
  });

  it('a batch larger than the budget left is refused whole, before any upstream call', async () => {
    await insideOneWindow();
    const key = `batch-key-${run}-cccccccc`;
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const before = (await t.calls()).length;
    const res = await t.call('/search/batch', { method: 'POST', headers, body: JSON.stringify({ queries: ['a', 'b', 'c', 'd'] }) }, vars({ API_KEYS: key }));
    expect(res.status).toBe(429);
    expect(res.json().error.scope).toBe('api_key');
    expect((await t.calls()).length).toBe(before);
  });

  it('wrong API keys count against the sender\'s IP: guessing gets 429 before 401', async () => {
    await insideOneWindow();
    const v = vars({ API_KEYS: `right-key-${run}-dddddddd` });
    const guess = (n: number) => t.call('/search?q=x', { headers: { 'x-api-key': `guess-${run}-${n}-0000000000`, 'cf-connecting-ip': `192.0.2.${100 + (Number(run) % 100)}` } }, v);
    for (let i = 0; i < 3; i++) expect((await guess(i)).json().error).toMatchObject({ code: 'unauthorized', reason: 'invalid_key' });
    const limited = await guess(3);
    expect(limited.status).toBe(429);
    expect(limited.json().error).toMatchObject({ code: 'rate_limited', scope: 'ip' });
  });

  it('IPv6 callers are counted per /64: rotating addresses inside one prefix shares its budget', async () => {
    await insideOneWindow();
    const site = (Number(run) % 0xffff).toString(16);
    const from = (ip: string) => t.call('/search?q=topics', { headers: { 'cf-connecting-ip': ip } }, vars());
    for (const host of ['::1', '::2', ':0:0:0:3']) expect((await from(`2001:db8:${site}:7${host}`)).status).toBe(200);
    // The same /64 written otherwise (upper case, leading zeros) is the same caller.
    const limited = await from(`2001:0DB8:${site.toUpperCase().padStart(4, '0')}:0007:ABCD:1:2:3`);
    expect(limited.status).toBe(429);
    expect(limited.json().error.scope).toBe('ip');
    expect((await from(`2001:db8:${site}:8::1`)).status).toBe(200);
  });

  it('RATE_LIMITS=off ignores the bindings (load tests from one address)', async () => {
    await insideOneWindow();
    const ip = { headers: { 'cf-connecting-ip': `198.51.100.${Number(run) % 200}` } };
    for (let i = 0; i < 5; i++) expect((await t.call('/search?q=topics', ip, vars({ RATE_LIMITS: 'off' }))).status).toBe(200);
    // /health says the bound limiters are not enforced, so an operator sees a load-test setting left on.
    const health = (extra: Record<string, unknown>) => t.call('/health', {}, vars(extra)).then((res) => res.json().access.rate_limits);
    expect(await health({ RATE_LIMITS: 'off' })).toEqual({ per_key: true, per_ip: true, enforced: false });
    expect(await health({})).toEqual({ per_key: true, per_ip: true, enforced: true });
  });

  it('wrangler.toml declares both limiters', () => {
    const bound = env as unknown as Record<string, { limit?: unknown }>;
    expect(typeof bound.IP_RATE_LIMITER?.limit).toBe('function');
    expect(typeof bound.KEY_RATE_LIMITER?.limit).toBe('function');
  });

  it('a limiter that fails lets the request through (noted in the log)', async () => {
    const broken = { limit: async () => { throw new Error('limiter down'); } };
    const res = await t.call('/search?q=topics', {}, { IP_RATE_LIMITER: broken });
    expect(res.status).toBe(200);
  });
});
