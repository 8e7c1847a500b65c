/**
 * Over real HTTP with `wrangler dev` (issue 11 §2): a chunked POST over 64 KiB gets its 413 and
 * the next request on the same keep-alive connection is answered at once, not after the ~60 s
 * stall that a half-read body used to cause.
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWranglerDev, type WranglerDev } from '../support/wrangler-dev';

let worker: WranglerDev;
let agent: http.Agent;
beforeAll(async () => {
  worker = await startWranglerDev();
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
}, 90_000);
afterAll(async () => {
  agent?.destroy();
  await worker?.stop();
});

/** One request on the shared single-socket agent; `write` streams a chunked body. */
function send(method: string, path: string, write?: (req: http.ClientRequest) => void): Promise<number> {
  const { hostname, port } = new URL(worker.url);
  return new Promise((resolve, reject) => {
    const headers = write ? { 'content-type': 'application/json' } : {};
    const req = http.request({ host: hostname, port, path, method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    // Far below the old stall (~60 s), far above a normal answer.
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path}: no answer within 15 s`)));
    req.on('error', reject);
    if (write) write(req);
    else req.end();
  });
}

it('413 for a chunked body over 64 KiB, and the connection keeps serving', async () => {
  for (let round = 0; round < 3; round++) {
    const status = await send('POST', '/search', (req) => {
      req.write('{"q":"');
      for (let i = 0; i < 25; i++) req.write('a'.repeat(8192));
      req.end('"}');
    }).catch((error: Error) => (error.message.includes('ECONNRESET') || error.message.includes('socket hang up') ? 413 : Promise.reject(error)));
    expect(status).toBe(413);
    expect(await send('GET', '/search?q=topics')).toBe(200);
  }
}, 120_000);

it('413 for a declared Content-Length over 64 KiB, and the connection keeps serving', async () => {
  const body = JSON.stringify({ q: 'a'.repeat(200 * 1024) });
  for (let round = 0; round < 2; round++) {
    const status = await send('POST', '/search', (req) => {
      req.setHeader('content-length', Buffer.byteLength(body));
      req.end(body);
    });
    expect(status).toBe(413);
    expect(await send('GET', '/search?q=topics')).toBe(200);
  }
}, 120_000);

it('requests refused before their body is read (415, 400, 405, 404) leave the connection usable', async () => {
  const refusals: [string, string, string, number, number][] = [
    ['POST', '/search', 'text/plain', 415, 4],
    ['POST', '/search?k=2', 'application/json', 400, 4],
    ['PUT', '/search', 'application/json', 405, 4],
    ['POST', '/nowhere', 'application/json', 404, 4],
    ['POST', '/nowhere', 'application/json', 404, 25],
    ['PUT', '/health', 'application/json', 405, 25],
  ];
  for (const [method, path, type, expected, chunks] of refusals) {
    const status = await send(method, path, (req) => {
      req.setHeader('content-type', type);
      req.write('{"q":"');
      for (let i = 0; i < chunks; i++) req.write('a'.repeat(8192));
      req.end('"}');
    });
    expect(status, `${method} ${path}`).toBe(expected);
    expect(await send('GET', '/search?q=topics'), `after ${method} ${path}`).toBe(200);
  }
}, 120_000);

