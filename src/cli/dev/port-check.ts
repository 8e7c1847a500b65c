/**
 * `npm run dev` while another dev server holds the port: workerd failed to bind, printed a fatal
 * `kj::Exception` with a native stack, and the command hung instead of exiting. The port is now
 * tried first, and a taken one is one line and exit status 2, before the index is built.
 */
import { createServer } from 'node:net';

/**
 * The dev server's URL for `ip` and `port` (an IPv6 address in brackets).
 *
 * @example
 * devServerUrl('::1', 8787); // 'http://[::1]:8787'
 */
export function devServerUrl(ip: string, port: number): string {
  return `http://${ip.includes(':') ? `[${ip}]` : ip}:${port}`;
}

/**
 * Null when `ip`:`port` can be listened on now; otherwise what to tell the user (the port in use,
 * or not allowed for this user).
 *
 * @example
 * await portProblem('127.0.0.1', 8787); // null, or 'http://127.0.0.1:8787 is in use (another dev server?) …'
 */
export async function portProblem(ip: string, port: number): Promise<string | null> {
  const url = devServerUrl(ip, port);
  const code = await listenError(ip, port);
  if (code === null) return null;
  // A suggestion that is itself taken (a second dev server on 8791) sends the user round again.
  const other = async () => `npm run dev -- --port ${await freePortAfter(ip, port)}`;
  if (code === 'EADDRINUSE') return `${url} is in use (another dev server?): stop it, or pick another port: ${await other()}`;
  if (code === 'EACCES') return `${url} needs privileges this user does not have: pick a port above 1023: ${await other()}`;
  if (code === 'EADDRNOTAVAIL') return `${url}: this machine has no address ${ip} (--ip)`;
  return `${url} cannot be listened on (${code})`;
}

/** Null when `ip`:`port` can be listened on now, else the error code; the probe's socket is closed. */
function listenError(ip: string, port: number): Promise<string | null> {
  return new Promise<string | null>((done) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'EUNKNOWN'));
    probe.listen({ host: ip, port, exclusive: true }, () => probe.close(() => done(null)));
  });
}

/** The first port that can be listened on among the 50 above `port` (above 1023), else 8791. */
async function freePortAfter(ip: string, port: number): Promise<number> {
  const from = Math.max(port, 1023) + 1;
  for (let candidate = from; candidate < from + 50 && candidate <= 65535; candidate++) {
    if ((await listenError(ip, candidate)) === null) return candidate;
  }
  return 8791;
}
