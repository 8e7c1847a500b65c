/**
 * Request-body size limit that leaves the connection usable. Hono's `bodyLimit` stops reading a
 * chunked body at the limit and throws, leaving the rest unread; the runtime then stalls the next
 * request on that connection (GUIDE.md §6). Here an over-long body is cancelled — the runtime
 * discards the rest — before the 413 is thrown.
 */
import type { MiddlewareHandler } from 'hono';
import { RetrieverError } from '../core/common/errors';
import type { AppEnv } from './bindings';

/**
 * Rejects bodies over `maxBytes` with 413 `payload_too_large`, whether or not they declare a
 * Content-Length. A chunked body within the limit is buffered and handed on intact.
 *
 * @example
 * app.use('/search', limitBody(64 * 1024));
 */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () => new RetrieverError('payload_too_large', `Request body exceeds ${Math.round(maxBytes / 1024)} KiB`, { max_bytes: maxBytes });
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined) {
      if (Number(declared) > maxBytes) {
        await body.cancel().catch(() => undefined);
        throw tooLarge();
      }
      return next();
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  };
}
