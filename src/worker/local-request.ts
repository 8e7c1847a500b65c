/**
 * Whether a request is one a developer sends to a server on their own machine. Cloudflare routes a
 * deployed Worker's requests by its public host name (workers.dev, a route or a custom domain), so
 * no request from the internet reaches it addressed to a loopback host; `wrangler dev` and
 * `npm run dev` listen on 127.0.0.1 by default, and their requests are addressed to it.
 */

const LOOPBACK = (host: string): boolean => host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * True when `url`'s host is a loopback address (`localhost`, `127.x.x.x`, `[::1]`) and so is the
 * caller's address when the runtime gives it (`CF-Connecting-IP`): a Host header is the caller's to
 * write, so a dev server listening on every interface (`--ip 0.0.0.0`) must not take a neighbour on
 * the network who writes `Host: localhost` for its developer, nor a deployed Worker a visitor whose
 * request another Worker forwards to it as `http://localhost/…`.
 *
 * @example
 * isLoopbackRequest('http://127.0.0.1:8787/search?q=x'); // true
 * isLoopbackRequest('http://localhost:8787/search?q=x', '192.168.1.5'); // false
 * isLoopbackRequest('https://search.example.com/search?q=x'); // false
 */
export function isLoopbackRequest(url: string, connectingIp?: string): boolean {
  return LOOPBACK(new URL(url).hostname) && (connectingIp === undefined || LOOPBACK(connectingIp));
}
