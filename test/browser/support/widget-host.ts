/**
 * Driving the search widget on a host page in a browser tab: open the page (recording the
 * widget's /search requests and the ones the browser gave up on), read the events it dispatched
 * to the host, and find its question field.
 */
import type { Browser, Page } from 'playwright-core';

/** An event the widget dispatched, as the host page recorded it. */
export interface HostEvent {
  type: 'results' | 'select' | 'error';
  query: string;
  ranks?: number[];
  contents?: boolean[];
  rating?: string;
  picked?: { rank: number; source: string; hasContent: boolean };
  code?: string;
  composed: boolean;
  bubbles: boolean;
}

/** The element's public API, as a host page script sees it. */
export interface Panel {
  search(text: string): Promise<void>;
  setAttribute(name: string, value: string): void;
}

/** A host page open in a tab, with the widget's /search requests. */
export interface Visit {
  page: Page;
  /** Parameters of the /search requests the widget sent. */
  searches: Array<Record<string, string>>;
  /** /search requests the browser gave up on, with Chromium's reason. */
  failed: Array<{ q: string; reason: string }>;
}

/**
 * Opens the host page at `url` in a new tab of `browser`, recording the widget's searches of the
 * Worker at `workerUrl`; `latencyMs` slows the tab's network.
 */
export async function openHost(browser: Browser, url: string, workerUrl: string, viewport: { width: number; height: number }, latencyMs = 0): Promise<Visit> {
  const page = await browser.newPage({ viewport });
  const visit: Visit = { page, searches: [], failed: [] };
  const search = (url: string) => (url.startsWith(`${workerUrl}/search?`) ? Object.fromEntries(new URL(url).searchParams) : null);
  page.on('request', (r) => {
    const params = search(r.url());
    if (params && r.method() === 'GET') visit.searches.push(params);
  });
  page.on('requestfailed', (r) => {
    const params = search(r.url());
    if (params) visit.failed.push({ q: params.q!, reason: r.failure()?.errorText ?? '' });
  });
  if (latencyMs) {
    // Slow the network (not the Worker) so a request is still in flight when the reader types on.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: latencyMs, downloadThroughput: -1, uploadThroughput: -1 });
  }
  await page.goto(url);
  await page.waitForFunction(() => customElements.get('edge-retriever-search') !== undefined);
  return visit;
}

/** The widget events the host page has recorded. */
export const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: HostEvent[] }).__events);
/** Waits until the host page has recorded `count` events. */
export const waitForEvents = (page: Page, count: number) =>
  page.waitForFunction((n) => (window as unknown as { __events: unknown[] }).__events.length >= n, count, { timeout: 20_000 });
/** The widget's question field. */
export const input = (page: Page) => page.locator('edge-retriever-search input');
