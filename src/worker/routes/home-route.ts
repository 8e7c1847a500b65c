/**
 * `GET /`: the demo page for browsers, the JSON list of endpoints for everyone else. A browser's
 * Accept header ranks `text/html` first; curl's any-type, no Accept or `application/json` get JSON.
 * Both answers say `Vary: Accept` so a cache never serves one in place of the other.
 */
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import { DEMO_PAGE, DEMO_PAGE_CSP, DEMO_PAGE_ETAG } from '../../../generated/web-assets';
import type { AppEnv } from '../bindings';
import { serveAsset } from '../static-asset';

/** What `GET /` lists for API clients. */
export const ENDPOINTS = ['GET /search?q=…&k=…', 'POST /search', 'POST /search/batch', 'GET /health', 'GET /openapi.json', 'GET /widget.js', 'GET / (Accept: text/html) demo page'];

/** Handler of `GET /`. */
export function homeRoute(c: Context<AppEnv>): Response {
  c.header('Vary', 'Accept');
  const type = accepts(c, { header: 'Accept', supports: ['application/json', 'text/html'], default: 'application/json' });
  if (type !== 'text/html') return c.json({ name: 'edge-retriever', endpoints: ENDPOINTS });
  return serveAsset(c, {
    body: DEMO_PAGE,
    etag: DEMO_PAGE_ETAG,
    contentType: 'text/html; charset=utf-8',
    // Revalidate every time (a deploy shows at once); an unchanged page costs a 304.
    cacheControl: 'no-cache',
    headers: { 'Content-Security-Policy': DEMO_PAGE_CSP, 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'DENY' },
  });
}
