/**
 * Whether a request is one a developer sends to a server on their own machine. Cloudflare routes a
 * deployed Worker's requests by its public host name (workers.dev, a route or a custom domain), so
 * no request from the internet reaches it addressed to a loopback host; `wrangler dev` and
 * `npm run dev` listen on 127.0.0.1 by default, and their requests are addressed to it.
 */

/**
 * True when `url`'s host is a loopback address (`localhost`, `127.x.x.x`, `[::1]`).
 *
 * @example
 * isLoopbackRequest('http://127.0.0.1:8787/search?q=x'); // true
 * isLoopbackRequest('https://search.example.com/search?q=x'); // false
 */
export function isLoopbackRequest(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
