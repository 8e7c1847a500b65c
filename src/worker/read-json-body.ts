/**
 * The JSON body of a POST route: 400 when the query string carries parameters too, 415 unless
 * `Content-Type: application/json`, 400 when it does not parse or repeats a key. Shared by `POST /search` and `POST /search/batch`.
 */
import type { Context } from 'hono';
import { RetrieverError } from '../core/common/errors';
import { repeatedKeys } from './json-repeated-keys';

/** Reads and parses the body; `route` names the route in the 415 message. */
export async function readJsonBody(c: Context, route: string): Promise<unknown> {
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
  if (!/^application\/json\b/i.test(type)) {
    throw new RetrieverError('unsupported_media_type', `${route} takes a JSON body (Content-Type: application/json)`);
  }
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RetrieverError('invalid_request', 'Request body is not valid JSON');
  }
  // JSON.parse keeps the last of a repeated key: refused, as a repeated query-string parameter is.
  const repeated = repeatedKeys(text);
  if (repeated.length) throw new RetrieverError('invalid_request', `Parameters given more than once: ${repeated.join(', ')}`, { params: repeated });
  return body;
}
