/**
 * A loopback port that was free a moment ago: listen on it, or use it as a port nothing answers
 * on (connections are refused).
 */
import { createServer } from 'node:net';

/** Binds port 0 on 127.0.0.1, reads the port, releases it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}
