/**
 * The typed client against a real loopback HTTP server that misbehaves on purpose: NDJSON split
 * at awkward byte boundaries, errors, HTML instead of JSON, a refused port, an abort mid-stream.
 * (The client against the real Worker is tested in test/worker/client.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, EdgeRetrieverError, type SearchStreamEvent } from '../../src/client/index';
import { freePort } from '../support/free-port';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let server: Server;
let base: string;
let handler: Handler = () => {};
const seen: { method: string; url: string; accept: string | undefined; body: string; type: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, accept: req.headers.accept, body, type: req.headers['content-type'] });
      handler(req, res, body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const meta = { type: 'meta', query: 'q', collection: 'c', top_k: 2, top_k_requested: 2, top_k_clamped: false, mode: 'semantic', embedder: null, store: { kind: 'embedded' } };
const result = (rank: number) => ({ type: 'result', rank, id: rank, score: 1 / rank, content: 'é✓ text', source_url: null, chapter: null, section: null, title: null, module: null, chunk_index: 0, chunk_id: null, source: null });
const summary = { type: 'summary', summary: { returned: 2, cache: 'none', warnings: [] }, timing: { embed_ms: 0, search_ms: 0, total_ms: 0, upstream_calls: 0 } };

describe('typed client over real HTTP', () => {
  it('reassembles NDJSON lines split across chunks (even inside a UTF-8 character)', async () => {
    const bytes = Buffer.from([meta, result(1), result(2), summary].map((l) => JSON.stringify(l)).join('\n') + '\n');
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      // 7-byte pieces split lines and the multi-byte characters of "é✓".
      let at = 0;
      const next = () => {
        if (at >= bytes.length) return res.end();
        res.write(bytes.subarray(at, (at += 7)));
        setImmediate(next);
      };
      next();
    };
    const events: SearchStreamEvent[] = [];
    for await (const event of createClient({ baseUrl: base }).searchStream({ q: 'q', k: 2 })) events.push(event);
    expect(events.map((e) => e.type)).toEqual(['meta', 'result', 'result', 'summary']);
    expect(events[1]).toMatchObject({ rank: 1, content: 'é✓ text' });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/search?q=q&k=2', accept: 'application/x-ndjson' });
  });

  it('sends lists comma-joined and filters as JSON on GET, and long parameter sets as a POST body', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...meta, results: [], summary: summary.summary, timing: summary.timing }));
    const client = createClient({ baseUrl: base, headers: { 'x-extra': '1' } });
    await client.search({ q: 'a b', tags: ['x', 'y'], filter: { module: '01' } });
    expect(new URL(seen.at(-1)!.url, base).searchParams.get('tags')).toBe('x,y');
    expect(new URL(seen.at(-1)!.url, base).searchParams.get('filter')).toBe('{"module":"01"}');
    const long = 'why '.repeat(1200);
    const answer = await client.search({ q: long, k: 3 });
    expect(answer.results).toEqual([]);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/search', type: 'application/json' });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ q: long, k: 3 });
  });

  it('throws the Worker error code, status and details as EdgeRetrieverError', async () => {
    handler = (_req, res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'invalid_request', message: 'Invalid search parameters: k: must be a number', params: ['k'] } }));
    const failure = await createClient({ baseUrl: base }).search({ q: 'x', k: 'many' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EdgeRetrieverError);
    expect(failure).toMatchObject({ code: 'invalid_request', status: 400, details: { params: ['k'] } });
  });

  it('reports a non-API answer as invalid_response, an in-band error line as its code', async () => {
    handler = (_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>');
    await expect(createClient({ baseUrl: base }).search({ q: 'x' })).rejects.toMatchObject({ code: 'invalid_response', status: 502 });
    handler = (_req, res) => res.writeHead(200).end(`${JSON.stringify(meta)}\n${JSON.stringify({ type: 'error', error: { code: 'vector_store_error', message: 'lost' } })}\n`);
    const types: string[] = [];
    const failure = await (async () => {
      for await (const event of createClient({ baseUrl: base }).searchStream({ q: 'x' })) types.push(event.type);
    })().catch((e: unknown) => e);
    expect(types).toEqual(['meta']);
    expect(failure).toMatchObject({ code: 'vector_store_error', message: 'lost' });
  });

  it('reports an unreachable Worker as network_error', async () => {
    const port = await freePort();
    await expect(createClient({ baseUrl: `http://127.0.0.1:${port}` }).search({ q: 'x' })).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });

  it('aborts mid-stream with the signal and closes the connection', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((done) => (closed = done));
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${JSON.stringify(meta)}\n`);
      res.on('close', closed); // never ends on its own
    };
    const controller = new AbortController();
    const types: string[] = [];
    const failure = await (async () => {
      for await (const event of createClient({ baseUrl: base }).searchStream({ q: 'x' }, { signal: controller.signal })) {
        types.push(event.type);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(types).toEqual(['meta']);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe('AbortError');
    await connectionClosed;
  });

  it('a consumer that stops early releases the connection', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((done) => (closed = done));
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(`${JSON.stringify(meta)}\n${JSON.stringify(result(1))}\n`);
      res.on('close', closed);
    };
    for await (const event of createClient({ baseUrl: base }).searchStream({ q: 'x' })) if (event.type === 'meta') break;
    await connectionClosed;
  });
});

describe('streams that end early, and the prompt text', () => {
  it('a stream that ends cleanly before its summary is an error, after the events that came', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(`${JSON.stringify(meta)}\n${JSON.stringify(result(1))}\n`);
    };
    const events: string[] = [];
    const reading = (async () => {
      for await (const event of createClient({ baseUrl: base }).searchStream({ q: 'x' })) events.push(event.type);
    })();
    await expect(reading).rejects.toMatchObject({ code: 'network_error', message: 'The stream ended before its summary' });
    expect(events).toEqual(['meta', 'result']);
  });

  it('context() asks for format=context as text and returns it as it came', async () => {
    const block = '[Note]\nThe book never mentions "kubectl".\n\n====\n\n[Result 1]\nScore: 0.9';
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(block);
    expect(await createClient({ baseUrl: base }).context({ q: 'kubectl', k: 1 })).toBe(block);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/search?q=kubectl&k=1&format=context', accept: 'text/plain' });
    handler = (_req, res) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'invalid_request', message: 'bad', params: ['q'] } }));
    await expect(createClient({ baseUrl: base }).context({ q: '' })).rejects.toMatchObject({ code: 'invalid_request', status: 400 });
  });
});

describe('package export', () => {
  it('`edge-retriever/client` loads in plain Node (no TypeScript loader) from the built package', () => {
    // Built by `npm run build:client` (npm test runs it first).
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('edge-retriever/client'); console.log(Object.keys(m).sort().join(','))"], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('EdgeRetrieverError,createClient');
  });
});
