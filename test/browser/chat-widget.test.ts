/**
 * A chat widget on another origin, in a real browser (Debian's Chromium driven by playwright-core),
 * against the real Worker (`wrangler dev`, offline, embedded default, no keys). The page
 * (fixtures/chat-widget.html) POSTs JSON (which needs a CORS preflight), reads SSE with
 * EventSource and NDJSON with fetch + getReader. The Worker allows only the widget's origin, so
 * the same page served from a third origin must be refused by the browser.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWranglerDev, type WranglerDev } from '../support/wrangler-dev';
import { SCREENSHOTS, launchChromium, originOf, servePages } from './support/browser';

const PAGE = readFileSync(resolve(__dirname, 'fixtures/chat-widget.html'), 'utf8');
/** The fields README documents for every result (hybrid adds scores and ranks). */
const RESULT_FIELDS = ['rank', 'id', 'score', 'content', 'source_url', 'chapter', 'section', 'title', 'module', 'chunk_index', 'chunk_id', 'source', 'metadata', 'scores', 'ranks'];

interface PageResults {
  origin: string;
  post: { status: number; serverTiming: string | null; body: { results: Array<Record<string, unknown>>; mode: string; top_k: number; embedder: { kind: string } } } | { error: string };
  sse: { events: Array<{ type: string; data: Record<string, any> }>; closedOn?: string; timeout?: boolean; error?: { readyState: number } };
  ndjson: { status: number; contentType: string | null; reads: number; rest: string; lines: Array<Record<string, any>> } | { error: string };
}

interface Visit {
  results: PageResults;
  /** Preflights Chromium sent, as the DevTools protocol reports them. */
  preflights: Array<{ method: string; url: string; status?: number }>;
}

let worker: WranglerDev | null = null;
let browser: Browser | null = null;
let allowed: Server | null = null;
let refused: Server | null = null;
const serveWidget = () => servePages({ '/widget': PAGE });

async function visit(server: Server, screenshot?: string): Promise<Visit> {
  const page = await browser!.newPage({ viewport: { width: 1000, height: 900 } });
  const preflights: Visit['preflights'] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Visit['preflights'][number]>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.initiator.type !== 'preflight') return;
    const entry = { method: event.request.method, url: event.request.url };
    byId.set(event.requestId, entry);
    preflights.push(entry);
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = byId.get(event.requestId);
    if (entry) entry.status = event.response.status;
  });
  try {
    await page.goto(`${originOf(server)}/widget?worker=${encodeURIComponent(worker!.url)}`);
    await page.waitForFunction(() => (window as unknown as { __done?: boolean }).__done === true, null, { timeout: 45_000 });
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    const results = (await page.evaluate(() => (window as unknown as { __results: unknown }).__results)) as PageResults;
    return { results, preflights };
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  [allowed, refused] = [await serveWidget(), await serveWidget()];
  worker = await startWranglerDev({ vars: { CORS_ORIGINS: originOf(allowed) } });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  for (const server of [allowed, refused]) server?.close();
}, 30_000);

describe('a chat widget on an allowed origin', () => {
  let seen: Visit;
  beforeAll(async () => {
    seen = await visit(allowed!, join(SCREENSHOTS, 'chat-widget.png'));
  }, 60_000);

  it('POST /search with a JSON body: preflight passes, 3 hybrid results with the documented fields', () => {
    const post = seen.results.post;
    if ('error' in post) throw new Error(`POST failed in the browser: ${post.error}`);
    expect(post.status).toBe(200);
    expect(post.body.mode).toBe('hybrid');
    expect(post.body.embedder.kind).not.toBe('cohere');
    expect(post.body.results).toHaveLength(3);
    for (const [index, result] of post.body.results.entries()) {
      expect(Object.keys(result)).toEqual(expect.arrayContaining(RESULT_FIELDS));
      expect(result.rank).toBe(index + 1);
      expect(result.content).toEqual(expect.any(String));
    }
    const scores = post.body.results.map((r) => r.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // Only readable because the Worker lists it in Access-Control-Expose-Headers.
    expect(post.serverTiming).toMatch(/total;dur=/);
    // application/json is not a "simple" content type, so Chromium must have asked first.
    expect(seen.preflights).toContainEqual({ method: 'OPTIONS', url: `${worker!.url}/search`, status: 204 });
  });

  it('EventSource receives meta, result, result, summary with parsed data, then closes', () => {
    const { events, closedOn, timeout, error } = seen.results.sse;
    expect({ closedOn, timeout, error }).toEqual({ closedOn: 'summary', timeout: undefined, error: undefined });
    expect(events.map((event) => event.type)).toEqual(['meta', 'result', 'result', 'summary']);
    const [meta, first, second, summary] = events.map((event) => event.data);
    expect(meta).toMatchObject({ query: 'URDF joints', top_k: 2 });
    expect([first!.rank, second!.rank]).toEqual([1, 2]);
    expect(first!.score).toBeGreaterThanOrEqual(second!.score);
    expect(summary!.summary).toMatchObject({ returned: 2 });
    expect(summary!.timing).toHaveProperty('total_ms');
  });

  it('an EventSource left open is stopped after its one answer: the reconnection gets 204, not a second search', async () => {
    const page = await browser!.newPage();
    try {
      await page.goto(`${originOf(allowed!)}/widget?worker=${encodeURIComponent(worker!.url)}`);
      await page.waitForFunction(() => (window as unknown as { __done?: boolean }).__done === true, null, { timeout: 45_000 });
      const seen = await page.evaluate((base) => new Promise<{ summaries: number; state: number; timeout?: boolean }>((done) => {
        const source = new EventSource(`${base}/search?q=URDF%20joints&k=1`);
        let summaries = 0;
        source.addEventListener('summary', () => void summaries++);
        // Not closed on summary, as a careless widget would leave it: CLOSED (2) only if the Worker stops it.
        source.onerror = () => { if (source.readyState === EventSource.CLOSED) done({ summaries, state: source.readyState }); };
        setTimeout(() => done({ summaries, state: source.readyState, timeout: true }), 15_000);
      }), worker!.url);
      expect(seen).toEqual({ summaries: 1, state: 2 });
    } finally {
      await page.close();
    }
  }, 60_000);

  it('fetch + getReader reads NDJSON line by line: meta, 3 results, summary', () => {
    const ndjson = seen.results.ndjson;
    if ('error' in ndjson) throw new Error(`NDJSON fetch failed in the browser: ${ndjson.error}`);
    expect(ndjson.status).toBe(200);
    expect(ndjson.contentType).toMatch(/^application\/x-ndjson/);
    expect(ndjson.rest).toBe('');
    expect(ndjson.reads).toBeGreaterThanOrEqual(1);
    expect(ndjson.lines.map((line) => line.type)).toEqual(['meta', 'result', 'result', 'result', 'summary']);
    expect(ndjson.lines.slice(1, 4).map((line) => line.rank)).toEqual([1, 2, 3]);
    expect(ndjson.lines[4]!.summary.returned).toBe(3);
  });

  it('rendered the results on the page (screenshot taken)', () => {
    expect(statSync(join(SCREENSHOTS, 'chat-widget.png')).size).toBeGreaterThan(10_000);
  });
});

describe('the same widget on an origin not in CORS_ORIGINS', () => {
  let seen: Visit;
  beforeAll(async () => {
    seen = await visit(refused!);
  }, 60_000);

  it('the Worker answers, but without Access-Control-Allow-Origin for that origin', async () => {
    const response = await fetch(`${worker!.url}/search?q=URDF%20joints&k=1`, { headers: { origin: originOf(refused!) } });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('so the browser refuses: fetch rejects and EventSource errors with no events', () => {
    const { post, sse, ndjson } = seen.results;
    expect(seen.results.origin).toBe(originOf(refused!));
    expect(post).toEqual({ error: expect.stringMatching(/^TypeError: /) });
    expect(ndjson).toEqual({ error: expect.stringMatching(/^TypeError: /) });
    expect(sse.events).toEqual([]);
    // CLOSED: a CORS failure is fatal, EventSource does not retry.
    expect(sse.error).toEqual({ readyState: 2 });
  });
});
