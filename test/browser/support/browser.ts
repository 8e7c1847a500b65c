/**
 * What the real-browser tests share: Debian's Chromium (playwright-core drives it, no browser
 * download), a loopback server for pages of "another origin", and where screenshots go
 * (`.tmp/screenshots/`, gitignored, kept after the run so a person can look at them).
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { REPO_ROOT, startWranglerDev, type WranglerDev, type WranglerDevOptions } from '../../support/wrangler-dev';

/** Screenshots of the browser tests (override with SCREENSHOT_DIR). */
export const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? resolve(REPO_ROOT, '.tmp/screenshots');

/** Desktop and phone viewports the pages are checked at. */
export const VIEWPORTS = { desktop: { width: 1100, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** Launches headless Chromium (CHROMIUM_PATH or /usr/bin/chromium) and makes the screenshot folder. */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Serves HTML on a free loopback port, a separate origin from the Worker: `pages` maps a path to
 * its page, or is a function of the request URL (404 when it returns undefined).
 */
export async function servePages(pages: Record<string, string> | ((url: URL) => string | undefined)): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = typeof pages === 'function' ? pages(url) : pages[url.pathname];
    if (page === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(page);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

/** `http://127.0.0.1:<port>` of a listening server. */
export const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as { port: number }).port}`;

/** The Worker and the browser one test file drives (null until its beforeAll has run). */
export interface BrowserSession {
  worker: WranglerDev | null;
  browser: Browser | null;
}

/**
 * Starts a Worker (`wrangler dev` with `options`) and Chromium before the file's tests and stops
 * both after them.
 *
 * @example
 * const session = useWorkerAndChromium();
 * it('…', async () => { const page = await session.browser!.newPage(); await page.goto(session.worker!.url); });
 */
export function useWorkerAndChromium(options?: WranglerDevOptions): BrowserSession {
  const session: BrowserSession = { worker: null, browser: null };
  beforeAll(async () => {
    [session.worker, session.browser] = await Promise.all([startWranglerDev(options), launchChromium()]);
  }, 150_000);
  afterAll(async () => {
    await session.browser?.close();
    await session.worker?.stop();
  }, 30_000);
  return session;
}
