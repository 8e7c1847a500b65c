/**
 * Request-body size limit that leaves the connection usable. Hono's `bodyLimit` stops reading a
 * chunked body at the limit and throws, leaving the rest unread; the runtime then stalls the next
 * request on that connection (GUIDE.md §6) — and cancelling the body does not help. Here the rest
 * of an over-long body is read and discarded (up to a cap) before the 413 is thrown.
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
        await drain(body.getReader());
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
        await drain(reader);
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

/** Most bytes read and discarded after the limit before giving up and cancelling instead. */
export const MAX_DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * Reads the rest of an over-long body and discards it. Cancelling alone is not enough: under
 * `wrangler dev` the next request on the connection then stalls (~60 s). A body longer still than
 * MAX_DRAIN_BYTES is cancelled: a client sending that much has no connection worth keeping.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let discarded = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) return;
    discarded += value?.byteLength ?? 0;
    if (discarded > MAX_DRAIN_BYTES) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
}
