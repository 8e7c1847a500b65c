/**
 * dev/port-check.ts: `npm run dev` on a port another server holds is one line, not workerd's native
 * stack and a hang. Real sockets on loopback.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { portProblem } from '../../../src/cli/dev/port-check';

let holder: Server | null = null;
afterEach(() => new Promise<void>((done) => (holder ? holder.close(() => done()) : done())));

const listen = (): Promise<number> =>
  new Promise((done) => {
    holder = createServer();
    holder.listen({ host: '127.0.0.1', port: 0 }, () => done((holder!.address() as AddressInfo).port));
  });

describe('portProblem', () => {
  it('says a port another server holds is in use, and suggests one that is free', async () => {
    const port = await listen();
    const problem = await portProblem('127.0.0.1', port);
    expect(problem).toContain(`http://127.0.0.1:${port} is in use (another dev server?)`);
    const suggested = Number(/--port (\d+)$/.exec(problem!)?.[1]);
    expect(suggested).toBeGreaterThan(port);
    expect(await portProblem('127.0.0.1', suggested)).toBeNull();
  });

  it('does not suggest a port that is taken too', async () => {
    const port = await listen();
    // Held here, or already held by someone else: taken either way.
    const next = await new Promise<Server | null>((done) => {
      const server = createServer();
      server.once('error', () => done(null));
      server.listen({ host: '127.0.0.1', port: port + 1 }, () => done(server));
    });
    try {
      const problem = await portProblem('127.0.0.1', port);
      expect(problem).not.toContain(`--port ${port + 1}`);
    } finally {
      await new Promise<void>((done) => (next ? next.close(() => done()) : done()));
    }
  });

  it('is null for a free port, and leaves it free', async () => {
    const port = await listen();
    await new Promise<void>((done) => holder!.close(() => done()));
    holder = null;
    expect(await portProblem('127.0.0.1', port)).toBeNull();
    expect(await portProblem('127.0.0.1', port)).toBeNull(); // the probe closed its socket
  });

  it('names an address the machine does not have', async () => {
    expect(await portProblem('192.0.2.1', 8787)).toMatch(/no address 192\.0\.2\.1 \(--ip\)/);
  });
});
