/**
 * Sends one request with node:http over a keep-alive agent (so a request that leaves the connection
 * in a bad state hurts the next one, as it would behind a real client) and reads the whole answer
 * under a deadline. Never throws: network failures and timeouts are outcomes to count.
 */
import { Agent, request } from 'node:http';
import type { FuzzCase } from './cases';

/** What came back. */
export interface Outcome {
  /** HTTP status, or 0 when there was none (see `error`). */
  status: number;
  ms: number;
  /** `timeout`, or the network error's code/message. */
  error?: string;
  /** The JSON error code of an error body, when there is one. */
  code?: string;
  body?: string;
}

/** A keep-alive agent with `sockets` connections at most. */
export function keepAliveAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

/**
 * Sends `c` to `base` (e.g. `http://127.0.0.1:8787`) and resolves with the outcome.
 *
 * @example
 * const outcome = await send('http://127.0.0.1:8787', { method: 'GET', path: '/health', headers: {}, kind: 'GET' }, agent, 10_000);
 */
export function send(base: string, c: FuzzCase, agent: Agent, timeoutMs: number): Promise<Outcome> {
  const started = performance.now();
  const url = new URL(base);
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Omit<Outcome, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, ms: performance.now() - started });
    };
    const headers: Record<string, string> = { ...c.headers };
    if (c.body && !c.chunked) headers['content-length'] = String(c.body.length);
    if (c.body && c.chunked) headers['transfer-encoding'] = 'chunked';
    let req: ReturnType<typeof request>;
    try {
      req = request({ host: url.hostname, port: url.port, method: c.method, path: c.path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => done({ status: res.statusCode ?? 0, error: `response: ${error.message}` }));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let code: string | undefined;
          if ((res.statusCode ?? 0) >= 400 && body.startsWith('{')) {
            try {
              code = (JSON.parse(body) as { error?: { code?: string } }).error?.code;
            } catch {
              code = 'unparseable-error-body';
            }
          }
          done({ status: res.statusCode ?? 0, ...(code ? { code } : {}), body: body.slice(0, 300) });
        });
      });
    } catch (error) {
      // node refuses some requests itself (e.g. an invalid header); not the server's doing.
      resolve({ status: -1, ms: 0, error: `client refused: ${(error as Error).message}` });
      return;
    }
    const timer = setTimeout(() => {
      done({ status: 0, error: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, error: error.code ?? error.message }));
    if (c.body && c.chunked) {
      // Several chunks, as a streaming client would send them.
      for (let offset = 0; offset < c.body.length; offset += 16_384) req.write(c.body.subarray(offset, offset + 16_384));
      req.end();
    } else {
      req.end(c.body);
    }
  });
}
