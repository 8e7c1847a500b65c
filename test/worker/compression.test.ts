/**
 * Answers go out as one body in every format: NDJSON and SSE compressed by the runtime when the
 * client takes it (`Content-Encoding: br`), JSON left to the edge's own compression; the three
 * formats carry the same outcome.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/worker/content-encoding';
import { DOCS } from './support/docs';
import { ndjson, seedCollection, sseEvents, tenant, type Tenant } from './support/harness';

let t: Tenant;
beforeEach(async () => {
  t = tenant('enc');
  await seedCollection(t, DOCS);
});

describe('compression', () => {
  it('negotiates brotli, else gzip, else none (null); q=0 refuses', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('application/json: names no encoding (the edge compresses JSON itself, outside the Worker), varies on both headers', async () => {
    const path = '/search?q=topics+and+nodes&k=3';
    for (const headers of [{ 'accept-encoding': 'gzip, br' }, {}] as Record<string, string>[]) {
      const res = await t.call(path, { headers });
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('vary')).toBe('Accept, Accept-Encoding');
      expect(res.json().results).toHaveLength(3);
    }
  });

  it.each([
    ['application/x-ndjson', 'application/x-ndjson; charset=utf-8'],
    ['text/event-stream', 'text/event-stream; charset=utf-8'],
  ])('%s: names br for a client that takes it, no Content-Encoding otherwise (never "Identity": RFC 9110 §8.4.1), and varies on both headers', async (accept, type) => {
    const path = '/search?q=topics+and+nodes&k=3';
    const compressed = await t.call(path, { headers: { accept, 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('content-type')).toBe(type);
    expect(compressed.headers.get('vary')).toBe('Accept, Accept-Encoding');
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const plain = await t.call(path, { headers: { accept, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.text).toContain('"returned":3'); // the bytes as written, uncompressed
    }
    // A batch's NDJSON and SSE are written the same way.
    const batch = await t.call('/search/batch', { method: 'POST', headers: { accept, 'content-type': 'application/json' }, body: '{"queries":["topics"]}' });
    expect(batch.status).toBe(200);
    expect(batch.headers.get('content-encoding')).toBeNull();
  });

  it("follows the client's own Accept-Encoding where the edge (or wrangler dev) rewrote the header", async () => {
    const path = '/search?q=topics+and+nodes&k=3';
    // What Cloudflare and wrangler dev hand the Worker for a plain `curl`: "br, gzip", the client's value in cf.
    const accept = 'application/x-ndjson';
    const curl = await t.call(path, { headers: { accept, 'accept-encoding': 'br, gzip' }, cf: { clientAcceptEncoding: '' } } as RequestInit);
    expect(curl.headers.get('content-encoding')).toBeNull();
    expect(ndjson(curl.text).filter((line) => line.type === 'result')).toHaveLength(3);
    const browser = await t.call(path, { headers: { accept, 'accept-encoding': 'br, gzip' }, cf: { clientAcceptEncoding: 'gzip, deflate' } } as RequestInit);
    expect(browser.headers.get('content-encoding')).toBe('gzip');
  });

  it('JSON, NDJSON and SSE carry the same results and summary', async () => {
    const path = '/search?q=quality+of+service&k=3';
    const json = (await t.call(path)).json();
    const lines = ndjson((await t.call(path, { headers: { accept: 'application/x-ndjson' } })).text);
    const events = sseEvents((await t.call(path, { headers: { accept: 'text/event-stream' } })).text);
    const strip = (result: any) => {
      const { type: _type, ...rest } = result;
      return rest;
    };
    expect(lines.filter((l) => l.type === 'result').map(strip)).toEqual(json.results);
    expect(events.filter((e) => e.event === 'result').map((e) => e.data)).toEqual(json.results);
    expect(events.map((e) => e.event)).toEqual(['meta', 'result', 'result', 'result', 'summary']);
    // The first answer was computed (miss), the others came from the result cache (hit, nothing embedded).
    expect([json.summary.result_cache, events.at(-1)!.data.summary.result_cache]).toEqual(['miss', 'hit']);
    const { result_cache: _a, cache: _c, ...jsonSummary } = json.summary;
    const { result_cache: _b, cache: _d, ...sseSummary } = events.at(-1)!.data.summary;
    expect(sseSummary).toEqual(jsonSummary);
  });
});
