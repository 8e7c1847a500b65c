/**
 * The Hono app: CORS for browser chat widgets, the search and health routes, JSON for every
 * error (one `onError`), JSON 404/405 instead of Hono's plain-text defaults.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { RetrieverError } from '../core/common/errors';
import type { AppEnv } from './bindings';
import { toErrorResponse } from './on-error';
import { adminRoute } from './routes/admin-route';
import { healthRoute } from './routes/health-route';
import { buildOpenApiDocument } from './openapi-document';
import { batchRoute } from './routes/batch-route';
import { homeRoute } from './routes/home-route';
import { searchRoute } from './routes/search-route';
import { widgetRoute } from './routes/widget-route';
import { configFor } from './services';

/** The edge-retriever Worker application. */
export const app = new Hono<AppEnv>();

app.use('*', async (c, next) => {
  // Origins come from config; an invalid config must still answer CORS preflights with JSON errors.
  let origins = '*';
  try {
    origins = configFor(c.env).CORS_ORIGINS;
  } catch {
    /* the route will report the config_error */
  }
  const list = origins.split(',').map((origin) => origin.trim()).filter(Boolean);
  return cors({
    origin: list.includes('*') ? '*' : list,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Accept', 'Cache-Control'],
    exposeHeaders: ['Server-Timing', 'Age', 'Cache-Status'],
    maxAge: 86400,
  })(c, next);
});

const limitBody = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new RetrieverError('payload_too_large', 'Request body exceeds 64 KiB');
  },
});
app.use('/search', limitBody);
app.use('/search/batch', limitBody);

app.route('/search/batch', batchRoute);
app.route('/search', searchRoute);
app.route('/health', healthRoute);
app.route('/admin', adminRoute);

let openApi: object | null = null;
app.get('/openapi.json', (c) => {
  // Generated once per isolate from the zod schemas; the server is the origin asking.
  openApi ??= buildOpenApiDocument();
  return c.json({ ...openApi, servers: [{ url: new URL(c.req.url).origin }] }, 200, { 'Cache-Control': 'public, max-age=300' });
});

app.get('/', homeRoute);
app.get('/widget.js', widgetRoute);

app.all('/search/batch', (c) => {
  throw new RetrieverError('method_not_allowed', `${c.req.method} is not allowed on /search/batch; use POST`, { allowed: ['POST'] });
});

app.all('/search', (c) => {
  throw new RetrieverError('method_not_allowed', `${c.req.method} is not allowed on /search; use GET or POST`, {
    allowed: ['GET', 'POST'],
  });
});

app.notFound((c) => toErrorResponse(new RetrieverError('not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`), c));
app.onError((error, c) => toErrorResponse(error, c));
