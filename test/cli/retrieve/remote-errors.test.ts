/**
 * `--url` error handling with a stubbed fetch: the Worker's JSON error codes keep the exit codes
 * they have in-process, and a Worker that cannot be reached (or is not a Worker) gets a hint.
 * The real Worker is exercised in url-worker.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { presentedKey } from '../../../src/worker/access/api-keys';
import { deadPort, retrieve } from './support';

const URL_BASE = 'http://worker.test';

function answering(status: number, body: unknown, seen: string[] = []): typeof fetch {
  return (async (input: string | URL | Request) => {
    seen.push(String(input));
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' } });
  }) as typeof fetch;
}

describe('retrieve --url: request', () => {
  it('sends the flags as the Worker query string on GET {url}/search', async () => {
    const seen: string[] = [];
    const doc = { query: 'q', collection: 'c', top_k: 2, mode: 'hybrid', results: [], summary: { returned: 0, cache: 'none', warnings: [] }, timing: {} };
    await retrieve(['what is tf2', '-k', '2', '--mode', 'hybrid', '--tags', 'a,b', '--url', `${URL_BASE}/`, '--json'], {}, answering(200, doc, seen));
    const url = new URL(seen[0]!);
    expect(url.origin + url.pathname).toBe(`${URL_BASE}/search`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'what is tf2', k: '2', mode: 'hybrid', tags: 'a,b' });
  });

  it('sends RETRIEVER_API_KEY as a key the Worker reads, and no key header without it', async () => {
    const sent: Headers[] = [];
    const doc = { query: 'q', collection: 'c', top_k: 5, mode: 'hybrid', results: [], summary: { returned: 0, cache: 'none', warnings: [] }, timing: {} };
    const capture = (async (_input: string | URL | Request, init?: RequestInit) => {
      sent.push(new Headers(init?.headers));
      return new Response(JSON.stringify(doc), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    // An empty answer (exit 1, "no results"): the request is what this test reads.
    await retrieve(['q', '--url', URL_BASE], { RETRIEVER_API_KEY: ' key-a-0123456789abcdef ' }, capture);
    await retrieve(['q', '--url', URL_BASE], {}, capture);
    expect(sent).toHaveLength(2);
    // The Worker's own parser (access/api-keys.ts) reads the header the CLI wrote.
    expect(presentedKey(sent[0]!)).toEqual({ kind: 'key', key: 'key-a-0123456789abcdef' });
    expect(sent[1]!.has('authorization')).toBe(false);
  });

  it('accepts a --url that already ends in /search', async () => {
    const seen: string[] = [];
    await retrieve(['q', '--url', `${URL_BASE}/search`], {}, answering(500, 'boom', seen));
    expect(new URL(seen[0]!).pathname).toBe('/search');
  });
});

describe('retrieve --url: exit codes from the Worker answer', () => {
  it.each([
    [500, { error: { code: 'config_error', message: 'QDRANT_API_KEY is set but QDRANT_URL is missing', variables: ['QDRANT_URL'] } }, 2, /hint: set QDRANT_URL/],
    [400, { error: { code: 'invalid_request', message: 'Invalid search parameters: mode: must be one of semantic, keyword, hybrid', params: ['mode'] } }, 2, /--help/],
    [404, { error: { code: 'collection_not_found', message: 'Collection "x" does not exist' } }, 2, /collection and the configuration disagree/],
    [503, { error: { code: 'vector_store_unavailable', message: 'Qdrant is unreachable' } }, 3, /check the network/],
    [502, { error: { code: 'embedding_failed', message: 'Cohere answered 401' } }, 3, /check the network/],
    [504, { error: { code: 'upstream_timeout', message: 'Qdrant timed out' } }, 3, /check the network/],
    [404, { error: { code: 'not_found', message: 'No route for GET /nope/search' } }, 2, /--url must be the Worker base URL/],
    [502, '<html>Bad gateway</html>', 3, /Worker logs/],
    [200, '{"hello":"not a search"}', 2, /must point at an edge-retriever Worker/],
    // Not a usage error: the same command works once the limit's period has passed.
    [429, { error: { code: 'rate_limited', message: 'Too many requests; try again in 60 s', retry_after_ms: 60000, scope: 'ip' } }, 3, /rate limit.*try again in 60 s/],
    // `--help` says nothing about keys: the hint must say what the 401 means for this command.
    [401, { error: { code: 'unauthorized', message: 'An API key is required', reason: 'missing_key' } }, 2, /requires an API key.*RETRIEVER_API_KEY/],
  ])('HTTP %i %j → exit %i', async (status, body, code, hint) => {
    const run = await retrieve(['q', '--url', URL_BASE], {}, answering(status, body));
    expect(run.code).toBe(code);
    expect(run.err).toMatch(hint);
    if (typeof body === 'object') expect(run.err).toContain(body.error.message);
  });

  it("a key Cohere or Qdrant refused the Worker names the Worker's secret, not the CLI's environment", async () => {
    // The Worker's key is its own (.dev.vars, a wrangler secret): the CLI's environment has none to fix.
    const cohere = { error: { code: 'embedding_failed', message: 'Cohere answered 401', upstream: 'cohere', upstream_status: 401 } };
    const run = await retrieve(['q', '--url', URL_BASE], {}, answering(502, cohere));
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/hint: Cohere refused the Worker's COHERE_API_KEY: .*wrangler secret put COHERE_API_KEY/);
    expect(run.err).not.toMatch(/in the environment/);
    const qdrant = { error: { code: 'vector_store_error', message: 'Qdrant answered 403', upstream: 'qdrant', upstream_status: 403 } };
    expect((await retrieve(['q', '--url', URL_BASE], {}, answering(502, qdrant))).err).toMatch(/hint: Qdrant refused the Worker's QDRANT_API_KEY: .*wrangler secret put QDRANT_API_KEY/);
  });

  it("a missing collection a keyed Worker lists names the Worker's QDRANT_COLLECTION, not the CLI's", async () => {
    const missing = { error: { code: 'collection_not_found', message: 'Collection "bike" does not exist', collection: 'bike', available: ['textbook_chunks'] } };
    const run = await retrieve(['q', '--url', URL_BASE], {}, answering(404, missing));
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/hint: the cluster holds "textbook_chunks": set the Worker's QDRANT_COLLECTION to one of them/);
  });

  it('3 when nothing listens at --url', async () => {
    const run = await retrieve(['q', '--url', `http://127.0.0.1:${await deadPort()}`]);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/cannot be reached/);
    expect(run.err).toMatch(/hint: start it with `npm run dev`/);
  });

  it('3 when the Worker answers and the connection closes mid-answer: it is running, so no "start it"', async () => {
    const cut = (async () => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"query":"q","results":['));
          controller.error(new TypeError('terminated'));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const run = await retrieve(['q', '--url', URL_BASE], {}, cut);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/The Worker at http:\/\/worker\.test broke off its answer \(HTTP 200\)/);
    expect(run.err).toMatch(/hint: it closed the connection before the answer was complete/);
    expect(run.err).not.toMatch(/cannot be reached|start it/);
  });
});
