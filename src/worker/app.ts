/**
 * The Hono app: request ids and the log line, CORS for browser chat widgets, API keys and rate
 * limits, the search and health routes, JSON for every error (one `onError`), JSON 404/405
 * (with `Allow`) instead of Hono's plain-text defaults.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { RetrieverError } from '../core/common/errors';
import { accessControl } from './access/access-control';
import type { AppEnv } from './bindings';
import { limitBody } from './body-limit';
import { allowOnly } from './method-guard';
import { toErrorResponse } from './on-error';
import { requestContext } from './request-context';
import { adminRoute } from './routes/admin-route';
import { healthRoute } from './routes/health-route';
import { searchRoute } from './routes/search-route';
import { configFor } from './services';

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The edge-retriever Worker application. */
export const app = new Hono<AppEnv>();

app.use('*', requestContext());

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
    allowHeaders: ['Content-Type', 'Accept', 'Cache-Control', 'Authorization', 'X-API-Key', 'X-Request-Id'],
    exposeHeaders: ['Server-Timing', 'Age', 'Cache-Status', 'X-Request-Id', 'Retry-After'],
    maxAge: 86400,
  })(c, next);
});

app.use('*', accessControl());
app.use('/search', limitBody(MAX_BODY_BYTES));

app.route('/search', searchRoute);
app.route('/health', healthRoute);
app.route('/admin', adminRoute);

app.get('/', (c) =>
  c.json({ name: 'edge-retriever', endpoints: ['GET /search?q=…&k=…', 'POST /search', 'GET /health'] }),
);

allowOnly(app, '/search', ['GET', 'POST']);
allowOnly(app, '/health', ['GET']);
allowOnly(app, '/', ['GET']);

app.notFound((c) => toErrorResponse(new RetrieverError('not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`), c));
app.onError((error, c) => toErrorResponse(error, c));
