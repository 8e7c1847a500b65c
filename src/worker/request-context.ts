/**
 * Request ids and the one structured log line per request. The id comes from the caller's
 * `X-Request-Id` when it is sane (so a chain of services shares one id), else it is generated; it
 * is echoed on every response and in error bodies. The log line is a JSON object — Workers Logs
 * and `wrangler tail` index its fields — written once the response is ready, with every configured
 * secret redacted. The query text is left out unless LOG_QUERIES=true.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { configuredSecrets } from '../core/common/config/parse-config';
import { redactSecrets } from '../core/common/http/redact';
import type { AppEnv } from './bindings';
import { roundMs } from '../core/common/round-ms';

const SANE_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

/** The request id to use: the caller's when sane, else a new UUID. */
export function requestIdFrom(header: string | undefined): string {
  return header && SANE_ID.test(header) ? header : crypto.randomUUID();
}

/**
 * Outermost middleware: sets the request id, times the request and writes its log line.
 *
 * @example
 * app.use('*', requestContext());
 */
export function requestContext(write: (line: string) => void = (line) => console.log(line)): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    const log: Record<string, unknown> = { message: 'request', request_id: requestId, method: c.req.method };
    const deferred: Promise<unknown>[] = [];
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('defer', (work) => {
      deferred.push(work);
      c.executionCtx.waitUntil(work);
    });
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    const finish = () => {
      const line = {
        ...log,
        // The registered route, not the raw path: the raw path is caller-controlled noise.
        route: routePath(c, -1) === '/*' ? 'unmatched' : routePath(c, -1),
        status: c.res.status,
        duration_ms: roundMs(performance.now() - started),
      };
      write(redactSecrets(JSON.stringify(line), configuredSecrets(c.env)));
    };
    // Work that outlives the response (KV writes) may add notes: write the line after it.
    if (deferred.length) c.executionCtx.waitUntil(Promise.allSettled(deferred).then(finish));
    else finish();
  };
}
