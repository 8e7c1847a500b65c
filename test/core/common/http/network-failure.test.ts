import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetrieverError } from '../../../../src/core/common/errors';
import { createDeadline } from '../../../../src/core/common/http/deadline';
import { upstreamFetch } from '../../../../src/core/common/http/upstream-fetch';
import { freePort } from '../../../support/free-port';

// Real sockets: Node's fetch reports each case with its own cause code, which is what is read.
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/drop') return void req.socket.destroy();
    // Headers and the start of a body, then the connection closes: an answer cut short.
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"result":');
    setTimeout(() => req.socket.destroy(), 10);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** The error one attempt at `url` fails with. */
async function failure(url: string, fetchLike: typeof fetch = fetch): Promise<RetrieverError> {
  const options = { fetch: fetchLike, deadline: createDeadline(5000), timeoutMs: 2000, service: 'Qdrant', failureCode: 'vector_store_error', unreachableCode: 'vector_store_unavailable', maxAttempts: 1 } as const;
  const error = await upstreamFetch(url, {}, options).then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(RetrieverError);
  return error as RetrieverError;
}

describe('a failed connection says whether anything answered', () => {
  it('nothing listening: could not be reached', async () => {
    const error = await failure(`http://127.0.0.1:${await freePort()}/`);
    expect(error.code).toBe('vector_store_unavailable');
    expect(error.message).toBe('Qdrant could not be reached: fetch failed (ECONNREFUSED)');
    expect(error.details).toMatchObject({ network: true, connection: 'unreachable' });
  });

  it('accepted, then closed before any answer: closed the connection, not "could not be reached"', async () => {
    const error = await failure(`${base}/drop`);
    expect(error.code).toBe('vector_store_unavailable');
    expect(error.message).toMatch(/^Qdrant closed the connection before answering: fetch failed \((UND_ERR_SOCKET|ECONNRESET)\)$/);
    expect(error.details).toMatchObject({ network: true, connection: 'dropped' });
  });

  it('headers sent, body cut short: closed the connection before it finished answering', async () => {
    const error = await failure(`${base}/cut`);
    expect(error.message).toMatch(/^Qdrant closed the connection before it finished answering: /);
    expect(error.details).toMatchObject({ network: true, connection: 'dropped' });
  });

  it('a failure before the headers with no reason given (workerd\'s "Network connection lost.") says both', async () => {
    const lost: typeof fetch = () => Promise.reject(new Error('Network connection lost.'));
    const error = await failure(`${base}/`, lost);
    expect(error.message).toBe('Qdrant could not be reached, or closed the connection before answering: Network connection lost.');
    expect(error.details).toMatchObject({ network: true });
    expect(error.details.connection).toBeUndefined();
  });
});
