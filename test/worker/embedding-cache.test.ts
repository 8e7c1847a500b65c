import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetIsolateCaches } from '../../src/worker/services';
import { DOCS } from './support/docs';
import { seedCollection, tenant, type Tenant } from './support/harness';

let t: Tenant;
const kv = (env as unknown as { EMBED_CACHE: KVNamespace }).EMBED_CACHE;
beforeEach(async () => {
  t = tenant('cache');
  await seedCollection(t, DOCS);
});

const unique = (label: string) => `${label} topics ${Math.random().toString(36).slice(2)}`;
// Repeats bypass the result cache: these tests are about the embedding cache behind it.
const BYPASS = '&cache=bypass';

describe('query-embedding cache', () => {
  it('makes no Cohere call for a second identical query (in-isolate LRU)', async () => {
    const q = encodeURIComponent(unique('lru'));
    const first = (await t.call(`/search?q=${q}`)).json();
    const second = (await t.call(`/search?q=${q}${BYPASS}`)).json();
    expect(first.summary.cache).toBe('miss');
    expect(second.summary.cache).toBe('hit');
    expect(await t.queryEmbeds()).toHaveLength(1);
    expect(second.results.map((r: any) => r.id)).toEqual(first.results.map((r: any) => r.id));
    expect(second.timing.upstream_calls).toBe(1);
  });

  it('stores float32 bytes in KV with the TTL and serves them to a fresh isolate', async () => {
    const query = unique('kv');
    await t.call(`/search?q=${encodeURIComponent(query)}`);
    const keys = (await kv.list({ prefix: 'qe:v1:' })).keys;
    const bytes = await Promise.all(keys.map((k) => kv.get(k.name, 'arrayBuffer')));
    expect(bytes.some((b) => b?.byteLength === 1024 * 4)).toBe(true);
    const fresh = keys.filter((k) => k.expiration && k.expiration * 1000 > Date.now() + 6 * 24 * 3600 * 1000);
    expect(fresh.length).toBeGreaterThan(0);

    resetIsolateCaches(); // as if another isolate served the next request
    const again = (await t.call(`/search?q=${encodeURIComponent(` ${query}  `)}${BYPASS}`)).json();
    expect(again.summary.cache).toBe('hit');
    expect(await t.queryEmbeds()).toHaveLength(1);
  });

  it('normalises whitespace and Unicode (NFKC) in the key', async () => {
    const base = unique('norm');
    await t.call(`/search?q=${encodeURIComponent(base)}`);
    resetIsolateCaches();
    const spaced = base.replace(/ /g, '   ').replace('topics', 'ｔｏｐｉｃｓ'); // full-width letters fold under NFKC
    const res = (await t.call(`/search?q=${encodeURIComponent(spaced)}${BYPASS}`)).json();
    expect(res.summary.cache).toBe('hit');
  });

  it('treats a corrupted KV value as a miss', async () => {
    const query = unique('corrupt');
    await t.call(`/search?q=${encodeURIComponent(query)}`);
    for (const key of (await kv.list({ prefix: 'qe:v1:' })).keys) await kv.put(key.name, new Uint8Array([1, 2, 3]));
    resetIsolateCaches();
    const res = await t.call(`/search?q=${encodeURIComponent(query)}${BYPASS}`);
    expect(res.status).toBe(200);
    expect(res.json().summary.cache).toBe('miss');
    expect(await t.queryEmbeds()).toHaveLength(2);
  });

  it('keeps searching when KV fails on get and put', async () => {
    const broken = {
      get: async () => {
        throw new Error('KV GET failed: 500');
      },
      put: async () => {
        throw new Error('KV PUT failed: 500');
      },
    };
    const res = await t.call(`/search?q=${encodeURIComponent(unique('broken'))}`, {}, { EMBED_CACHE: broken });
    expect(res.status).toBe(200);
    expect(res.json().summary.cache).toBe('miss');
    expect(res.json().results.length).toBeGreaterThan(0);
  });

  it('keys on the model: another model never reuses the vector', async () => {
    const query = unique('model');
    await t.call(`/search?q=${encodeURIComponent(query)}`);
    const other = tenant('model');
    await seedCollection(other, DOCS, { model: 'embed-multilingual-v3.0' });
    const res = (await other.call(`/search?q=${encodeURIComponent(query)}`, {}, { EMBED_MODEL: 'embed-multilingual-v3.0' })).json();
    expect(res.summary.cache).toBe('miss');
  });
});
