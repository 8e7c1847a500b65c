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
  const code = await new Promise<string | null>((done) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'EUNKNOWN'));
    probe.listen({ host: ip, port, exclusive: true }, () => probe.close(() => done(null)));
  });
  if (code === null) return null;
  const other = `npm run dev -- --port ${port === 8791 ? 8792 : 8791}`;
  if (code === 'EADDRINUSE') return `${url} is in use (another dev server?): stop it, or pick another port: ${other}`;
  if (code === 'EACCES') return `${url} needs privileges this user does not have: pick a port above 1023: ${other}`;
  if (code === 'EADDRNOTAVAIL') return `${url}: this machine has no address ${ip} (--ip)`;
  return `${url} cannot be listened on (${code})`;
}
