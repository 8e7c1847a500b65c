/**
 * The JSON body of a POST route: 400 when the query string carries parameters too, 415 unless
 * `Content-Type: application/json` and uncompressed, 400 when it does not parse or repeats a key. Shared by `POST /search` and `POST /search/batch`.
 */
import type { Context } from 'hono';
import { RetrieverError } from '../core/common/errors';
import { repeatedKeys } from './json-repeated-keys';

/** Reads and parses the body; `route` names the route in the 415 message. A repeated key is a 400. */
export async function readJsonBody(c: Context, route: string): Promise<unknown> {
  const { body, repeated } = await readJsonBodyWithRepeats(c, route);
  if (repeated.length) throw repeatedError(repeated);
  return body;
}

/**
 * The 400 for parameters given more than once, in a query string or a JSON body (names such as `k`,
 * or paths such as `defaults.k`).
 *
 * @example
 * throw repeatedError(['q']); // invalid_request "Parameters given more than once: q", params ['q']
 */
export function repeatedError(paths: readonly string[]): RetrieverError {
  return new RetrieverError('invalid_request', `Parameters given more than once: ${paths.join(', ')}`, { params: [...paths] });
}

/**
 * As {@link readJsonBody}, but the keys repeated anywhere in the body are returned for the caller
 * to judge (a batch makes a repeat inside one query that query's own error).
 */
export async function readJsonBodyWithRepeats(c: Context, route: string): Promise<{ body: unknown; repeated: string[] }> {
  // Parameters in the query string of a POST would be silently ignored: say so instead.
  const inQuery = [...new Set(new URL(c.req.url).searchParams.keys())];
  if (inQuery.length) {
    throw new RetrieverError(
      'invalid_request',
      `${route} takes its parameters in the JSON body, not the query string: move ${inQuery.join(', ')} into the body`,
      { params: inQuery },
    );
  }
  const type = c.req.header('content-type') ?? '';
  // application/json, or a JSON type by its +json suffix (RFC 6839: application/vnd.api+json).
  if (!/^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new RetrieverError('unsupported_media_type', `${route} takes a JSON body (Content-Type: application/json)`);
  }
  // The runtime does not decode a compressed request body: JSON.parse would call it "not valid JSON".
  // Decoding it is not worth a decompression-bomb guard for bodies of ≤ 64 KiB: 415, as RFC 9110 says.
  const codings = (c.req.header('content-encoding') ?? '').split(',').map((name) => name.trim()).filter((name) => name && name.toLowerCase() !== 'identity');
  if (codings.length) {
    await c.req.arrayBuffer(); // read, so the connection stays usable for the next request
    throw new RetrieverError('unsupported_media_type', `${route} takes an uncompressed body: send it without Content-Encoding (got ${codings.join(', ')})`, {
      content_encoding: codings,
    });
  }
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RetrieverError('invalid_request', 'Request body is not valid JSON');
  }
  // JSON.parse keeps the last of a repeated key: refused, as a repeated query-string parameter is.
  return { body, repeated: repeatedKeys(text) };
}
