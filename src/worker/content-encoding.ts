/**
 * Compression of search answers. The whole outcome is computed before the first byte, so a
 * compressed stream costs no time to first result, and it cuts the bytes 4–8× (README,
 * "Compression"). The Worker names the encoding itself (the runtime then compresses the stream)
 * instead of leaving it to the edge, because Cloudflare's automatic compression skips
 * `application/x-ndjson` and `text/event-stream`, and a named encoding also compresses in
 * `wrangler dev`. For a client that takes neither, no Content-Encoding is named at all: the answer
 * is one finished body (nothing to keep unbuffered), and neither the edge nor `wrangler dev`
 * compresses these two types unasked. `Content-Encoding: Identity` (hono#3449's trick against
 * buffered streams) was sent here before; RFC 9110 §8.4.1 reserves `identity` for Accept-Encoding.
 */

/** What the runtime can encode a response body with. */
export type BodyEncoding = 'br' | 'gzip';

/**
 * The best encoding the client accepts: brotli, else gzip, else `null` (none; `q=0` refuses one).
 *
 * @example
 * negotiateEncoding('gzip, deflate, br'); // 'br'
 */
export function negotiateEncoding(acceptEncoding: string | undefined): BodyEncoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0)) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}
