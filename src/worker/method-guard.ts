/**
 * 405 answers with an `Allow` header, for every route, from one table. HEAD is served wherever
 * GET is (Hono runs the GET handler) and OPTIONS by the CORS middleware.
 */
import type { Hono } from 'hono';
import { RetrieverError } from '../core/common/errors';
import type { AppEnv } from './bindings';

/**
 * Registers a catch-all for `path` that answers any other method with 405 `method_not_allowed`.
 * Call it after the path's real handlers.
 *
 * @example
 * allowOnly(app, '/health', ['GET']);
 */
export function allowOnly(app: Hono<AppEnv>, path: string, methods: readonly string[]): void {
  const allowed = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
  app.all(path, (c) => {
    throw new RetrieverError('method_not_allowed', `${c.req.method} is not allowed on ${path}; use ${methods.join(' or ')}`, { allowed });
  });
}
