/**
 * The JSON body of a POST route: 400 when the query string carries parameters too, 415 unless
 * `Content-Type: application/json`, 400 when it does not parse. Shared by `POST /search` and `POST /search/batch`.
 */
import type { Context } from 'hono';
import { RetrieverError } from '../core/common/errors';

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
  return c.req.json().catch(() => {
    throw new RetrieverError('invalid_request', 'Request body is not valid JSON');
  });
}
