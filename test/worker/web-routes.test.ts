/**
 * The browser-facing routes: `GET /` negotiates between the demo page and the JSON list of
 * endpoints by Accept (and says `Vary: Accept`); the page and `/widget.js` carry content types,
 * caching headers and ETags that answer 304; the page's CSP admits exactly its own inline script
 * and style; the widget stays within its 10 KiB gzip budget.
 */
import { describe, expect, it } from 'vitest';
import { tenant } from './support/harness';

const offline = { COHERE_API_KEY: '', QDRANT_URL: '', QDRANT_API_KEY: '' };
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => tenant('web').call(path, { method, headers }, offline);

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

async function gzipBytes(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

describe('GET / content negotiation', () => {
  it.each([
    ['no Accept header', undefined],
    ['curl (*/*)', '*/*'],
    ['application/json', 'application/json'],
    ['text/html refused (q=0)', 'text/html;q=0, application/json'],
  ])('%s → the JSON list of endpoints', async (_name, accept) => {
    const res = await get('/', accept ? { accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(res.json()).toMatchObject({ name: 'edge-retriever', endpoints: expect.arrayContaining(['POST /search', 'GET /health', 'GET /widget.js']) });
  });

  it.each([
    ['a browser', BROWSER_ACCEPT],
    ['HTML preferred over JSON by quality', 'application/json;q=0.5, text/html'],
    ['text/*', 'text/*'],
  ])('%s → the demo page', async (_name, accept) => {
    const res = await get('/', { accept });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(res.text).toMatch(/^<!doctype html>/);
    expect(res.text).toContain('<form id="search" role="search">');
  });
});

describe('the demo page', () => {
  it('is revalidated on every visit (no-cache + ETag) and answers 304 when unchanged', async () => {
    const first = await get('/', { accept: BROWSER_ACCEPT });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await get('/', { accept: BROWSER_ACCEPT, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('vary')).toMatch(/\bAccept\b/);
    expect((await get('/', { accept: BROWSER_ACCEPT, 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it('its CSP admits exactly its own inline script and style, and requests to its own origin only', async () => {
    const res = await get('/', { accept: BROWSER_ACCEPT });
    const csp = res.headers.get('content-security-policy')!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(res.text)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.text)![1]!;
    expect(csp).toContain(`script-src 'sha256-${await sha256Base64(script)}'`);
    expect(csp).toContain(`style-src 'sha256-${await sha256Base64(style)}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is small: under 8 KiB gzip, script included', async () => {
    const res = await get('/', { accept: BROWSER_ACCEPT });
    expect(await gzipBytes(res.text)).toBeLessThan(8 * 1024);
  });
});

describe('GET /widget.js', () => {
  it('is JavaScript any origin may load, cached for an hour, revalidated by ETag', async () => {
    const res = await get('/widget.js', { origin: 'https://docs.example.org' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.text).toMatch(/customElements\.define\(/);
    expect(res.text).toContain('"edge-retriever-search"');
    const etag = res.headers.get('etag')!;
    const cached = await get('/widget.js', { 'if-none-match': `W/${etag}, "older"` });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    expect(cached.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
  });

  it('stays within its 10 KiB gzip budget', async () => {
    const res = await get('/widget.js');
    expect(await gzipBytes(res.text)).toBeLessThanOrEqual(10 * 1024);
  });

  it('HEAD answers the headers without the body', async () => {
    const res = await get('/widget.js', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.text).toBe('');
  });
});
