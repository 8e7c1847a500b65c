/**
 * The Hono app: request ids and the log line, CORS for browser chat widgets, API keys and rate
 * limits, the search and health routes, JSON for every error (one `onError`), JSON 404/405
 * (with `Allow`) instead of Hono's plain-text defaults.
 */
import type { MiddlewareHandler } from 'hono';
// hono/tiny routes with its PatternRouter (one regular expression per route, tried in order): the
// default SmartRouter bundled both RegExpRouter and TrieRouter (~2.4 KiB gzip) and built its
// matcher on an isolate's first request. A dozen static paths match as fast either way; the route
// files take Hono from here too, so the default router is not bundled at all.
import { Hono } from 'hono/tiny';
import { cors } from 'hono/cors';
import { RetrieverError } from '../core/common/errors';
import { accessControl } from './access/access-control';
import type { AppEnv } from './bindings';
import { limitBody } from './body-limit';
import { allowedOrigins } from './cors-origins';
import { allowOnly } from './method-guard';
import { toErrorResponse } from './on-error';
import { requestContext } from './request-context';
import { adminRoute } from './routes/admin-route';
import { healthRoute } from './routes/health-route';
import { batchRoute } from './routes/batch-route';
import { searchRoute } from './routes/search-route';
import { configFor } from './services';
// Last: the routes that serve the build-time assets, and the assets (demo page, widget, OpenAPI
// builder; 55 KiB of literals), so the bundler places them after the code instead of between two
// parts of it, where they kept gzip's 32 KiB window from matching the one part against the other.
import { homeRoute } from './routes/home-route';
import { widgetRoute } from './routes/widget-route';
import { openApiDocument } from '../../generated/web-assets';

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The edge-retriever Worker application. Not strict about a trailing slash: `/search/` is `/search`,
 * so one a client or proxy adds does not turn a search into a 404.
 */
export const app = new Hono<AppEnv>({ strict: false });

app.use('*', requestContext());

// One CORS middleware per origin list (config is per deployment): built once, not per request.
const corsByOrigins = new Map<string, MiddlewareHandler<AppEnv>>();
function corsFor(origins: string): MiddlewareHandler<AppEnv> {
  let handler = corsByOrigins.get(origins);
  if (!handler) {
    const list = allowedOrigins(origins);
    handler = cors({
      origin: list.includes('*') ? '*' : list,
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      // Last-Event-ID: an EventSource's reconnection after the answer ended (answered 204, see search-route).
      allowHeaders: ['Content-Type', 'Accept', 'Cache-Control', 'Authorization', 'X-API-Key', 'X-Request-Id', 'Last-Event-ID'],
      exposeHeaders: ['Server-Timing', 'Age', 'Cache-Status', 'X-Request-Id', 'Retry-After'],
      maxAge: 86400,
    });
    corsByOrigins.set(origins, handler);
  }
  return handler;
}

app.use('*', async (c, next) => {
  // Origins come from config; an invalid config must still answer CORS preflights with JSON errors.
  let origins = '*';
  try {
    origins = configFor(c.env).CORS_ORIGINS;
  } catch {
    /* the route will report the config_error */
  }
  const cors = corsFor(origins);
  if (c.req.method === 'OPTIONS') return cors(c, next);
  // Other requests get their CORS headers once the response exists: run before it, hono's cors
  // makes Hono build a placeholder Response and copy every response into a new one after the
  // handler (two extra Response objects per request; ~0.04 ms of workerd CPU per cached answer in
  // an A/B run on this project's hot-path bench).
  await next();
  await cors(c, async () => {});
});

app.use('*', accessControl());
app.use('/search', limitBody(MAX_BODY_BYTES));
app.use('/search/batch', limitBody(MAX_BODY_BYTES));

app.route('/search/batch', batchRoute);
app.route('/search', searchRoute);
app.route('/health', healthRoute);
app.route('/admin', adminRoute);

let openApi: object | null = null;
app.get('/openapi.json', (c) => {
  // Generated at build time from the zod schemas (scripts/build-web.ts); the server is the origin asking.
  openApi ??= openApiDocument();
  return c.json({ ...openApi, servers: [{ url: new URL(c.req.url).origin }] }, 200, { 'Cache-Control': 'public, max-age=300' });
});

app.get('/', homeRoute);
app.get('/widget.js', widgetRoute);

allowOnly(app, '/search/batch', ['POST']);
allowOnly(app, '/search', ['GET', 'POST']);
allowOnly(app, '/health', ['GET']);
allowOnly(app, '/', ['GET']);
allowOnly(app, '/openapi.json', ['GET']);
allowOnly(app, '/widget.js', ['GET']);

app.notFound((c) => toErrorResponse(new RetrieverError('not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`), c));
app.onError((error, c) => toErrorResponse(error, c));
