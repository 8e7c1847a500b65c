/**
 * The embeddable widget (`GET /widget.js`, `<edge-retriever-search>`) in real Chromium, on a page
 * of ANOTHER origin whose stylesheet does its worst (`all: unset`, 44 px root font, display:none on
 * the usual class names, borders on everything), against the real Worker (`wrangler dev`,
 * embedded default, CORS limited to that origin). Checked: it renders readable results anyway;
 * the host's `--er-*` theme applies; typing is debounced into one request; typing on aborts the
 * request in flight (network slowed down through the DevTools protocol); `results` and `select`
 * reach the host page with the chunks; keyboard selection. Screenshots in .tmp/screenshots/. The
 * widget on the Worker's own origin is in search-widget-same-origin.test.ts.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWranglerDev, type WranglerDev } from '../support/wrangler-dev';
import { SCREENSHOTS, VIEWPORTS, launchChromium, originOf, servePages } from './support/browser';
import { events, input, openHost, waitForEvents, type Panel, type Visit } from './support/widget-host';

const HOST = readFileSync(resolve(__dirname, 'fixtures/hostile-host.html'), 'utf8');

let worker: WranglerDev | null = null;
let host: Server | null = null;
let browser: Browser | null = null;

const open = (viewport: { width: number; height: number }, debounce: number, latencyMs = 0) =>
  openHost(browser!, `${originOf(host!)}/host?debounce=${debounce}`, worker!.url, viewport, latencyMs);

beforeAll(async () => {
  // The Worker's URL is known only once it runs, and each test picks its debounce.
  host = await servePages((url) =>
    url.pathname === '/host' ? HOST.replaceAll('__WORKER__', worker!.url).replace('__DEBOUNCE__', url.searchParams.get('debounce') ?? '250') : undefined,
  );
  [worker, browser] = await Promise.all([startWranglerDev({ vars: { CORS_ORIGINS: originOf(host) } }), launchChromium()]);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  host?.close();
}, 30_000);

describe('the widget on a hostile page of another origin', () => {
  let desktop: Visit;
  beforeAll(async () => {
    desktop = await open(VIEWPORTS.desktop, 800);
    // Typed quickly (30 ms a key, debounce 800 ms: slack for a busy CI machine): one search, for the whole question.
    await input(desktop.page).pressSequentially('How do QoS reliability policies work?', { delay: 30 });
    await waitForEvents(desktop.page, 1);
  }, 60_000);
  afterAll(() => desktop?.page.close());

  it('debounced: one request for the whole question, and one `results` event with its chunks', async () => {
    expect(desktop.searches).toEqual([{ q: 'How do QoS reliability policies work?', k: '3', mode: 'hybrid' }]);
    const [first] = await events(desktop.page);
    expect(first).toMatchObject({ type: 'results', query: 'How do QoS reliability policies work?', ranks: [1, 2, 3], contents: [true, true, true], composed: false, bubbles: false });
    expect(['high', 'medium', 'low']).toContain(first!.rating);
  });

  it('renders readable results despite the host stylesheet, in the host\'s theme', async () => {
    const look = await desktop.page.evaluate(() => {
      const root = document.querySelector('edge-retriever-search')!.shadowRoot!;
      const where = root.querySelector('.where')!;
      const button = root.querySelector('button')!;
      const box = button.getBoundingClientRect();
      return {
        buttons: root.querySelectorAll('button').length,
        visible: getComputedStyle(button).display !== 'none' && box.width > 200 && box.height > 20,
        fontSize: getComputedStyle(root.querySelector('.root')!).fontSize,
        letterSpacing: getComputedStyle(where).letterSpacing,
        transform: getComputedStyle(where).textTransform,
        accent: getComputedStyle(where).color,
        status: root.querySelector('.status')!.textContent,
        inputVisible: root.querySelector('input')!.getBoundingClientRect().height > 20,
        // Each preview is the sentence that matches the question, its words marked in the widget's colour.
        marked: Array.from(root.querySelectorAll('.text')).every((text) => text.querySelector('mark') !== null),
        markWords: Array.from(root.querySelectorAll('.text mark')).map((mark) => mark.textContent!.toLowerCase()),
        markBackground: getComputedStyle(root.querySelector('.text mark')!).backgroundColor,
      };
    });
    expect(look).toEqual({
      buttons: 3,
      visible: true,
      fontSize: '16px', // the host's --er-font-size, not its 40 px body or 44 px root
      letterSpacing: 'normal',
      transform: 'none',
      accent: 'rgb(192, 0, 42)', // --er-accent
      status: expect.stringMatching(/^3 passages/),
      inputVisible: true,
      marked: true,
      markWords: expect.arrayContaining([expect.stringMatching(/^(qos|reliab\w*|polic\w*)$/)]),
      markBackground: 'rgb(255, 241, 168)', // --er-mark's default, whatever the host sets on mark
    });
    await desktop.page.screenshot({ path: join(SCREENSHOTS, 'widget-hostile-desktop.png'), fullPage: true });
  });

  it('keyboard: ArrowDown to the first result, ArrowDown again, Enter — `select` carries that chunk', async () => {
    await input(desktop.page).focus();
    await desktop.page.keyboard.press('ArrowDown');
    await desktop.page.keyboard.press('ArrowDown');
    await desktop.page.keyboard.press('Enter');
    await waitForEvents(desktop.page, 2);
    const picked = (await events(desktop.page))[1]!;
    expect(picked).toMatchObject({ type: 'select', query: 'How do QoS reliability policies work?', bubbles: false });
    expect(picked.picked).toMatchObject({ rank: 2, hasContent: true, source: expect.stringMatching(/\.mdx?:\d+-\d+$/) });
  });

  it('a click selects too', async () => {
    await desktop.page.locator('edge-retriever-search button').nth(2).click();
    await waitForEvents(desktop.page, 3);
    expect((await events(desktop.page))[2]!.picked!.rank).toBe(3);
  });

  it('an empty answer is a `results` event with no chunks and says so; an unreachable Worker is an `error` event', async () => {
    const { page } = desktop;
    await page.evaluate(() => (document.querySelector('edge-retriever-search') as unknown as Panel).search('zzxq qqjkv'));
    await waitForEvents(page, 4);
    expect((await events(page))[3]).toMatchObject({ type: 'results', query: 'zzxq qqjkv', ranks: [], rating: 'none' });
    const status = () => page.evaluate(() => document.querySelector('edge-retriever-search')!.shadowRoot!.querySelector('.status')!.textContent);
    expect(await status()).toMatch(/^No results for this query/);
    await page.evaluate(() => {
      const panel = document.querySelector('edge-retriever-search') as unknown as Panel;
      panel.setAttribute('endpoint', 'http://127.0.0.1:9'); // nothing listens on the discard port
      return panel.search('ROS 2 topics');
    });
    await waitForEvents(page, 5);
    expect((await events(page))[4]).toMatchObject({ type: 'error', query: 'ROS 2 topics', code: 'network_error' });
    expect(await status()).toMatch(/cannot be reached/);
    expect(await input(page).inputValue()).toBe('ROS 2 topics');
    // The page's window.onerror and window listeners (an error tracker's) never saw the widget's events.
    expect(await page.evaluate(() => (window as unknown as { __windowSaw: string[] }).__windowSaw)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'widget-error-desktop.png') });
  });

  it('a misspelt question is searched as the book\'s word, and the status line says so', async () => {
    const { page } = desktop;
    await page.evaluate((url) => {
      const panel = document.querySelector('edge-retriever-search') as unknown as Panel;
      panel.setAttribute('endpoint', url);
      return panel.search('how do QoS relaibility policies work');
    }, worker!.url);
    await waitForEvents(page, 6);
    expect((await events(page))[5]).toMatchObject({ type: 'results', query: 'how do QoS relaibility policies work', ranks: [1, 2, 3] });
    const status = await page.evaluate(() => document.querySelector('edge-retriever-search')!.shadowRoot!.querySelector('.status')!.textContent);
    expect(status).toBe('3 passages · Searched “relaibility” as “reliability”, the book\'s word.');
    await page.screenshot({ path: join(SCREENSHOTS, 'widget-misspelt-desktop.png') });
  });

  it('clearing the input empties the panel and fires `results` with no chunks, so a chat UI drops its context', async () => {
    const { page } = desktop;
    await input(page).fill('');
    await waitForEvents(page, 7);
    expect((await events(page))[6]).toMatchObject({ type: 'results', query: '', ranks: [] });
    expect(await page.locator('edge-retriever-search li').count()).toBe(0);
  });

  it('labels a chunk under the page title once, not "Title › Title"', async () => {
    const { page } = desktop;
    await page.evaluate(() => (document.querySelector('edge-retriever-search') as unknown as Panel).search('ROS 2 Architecture and Workspaces'));
    await waitForEvents(page, 8);
    const labels = await page.locator('edge-retriever-search .where').allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.some((label) => !label.includes(' › '))).toBe(true); // the page's own opening
    for (const label of labels) expect(label).not.toMatch(/^(.+) › \1$/);
  });

  it('says, as the demo page does, that the book may not answer an off-topic question', async () => {
    const { page } = desktop;
    await page.evaluate(() => (document.querySelector('edge-retriever-search') as unknown as Panel).search('best pizza recipe in Naples'));
    await waitForEvents(page, 9);
    expect((await events(page))[8]).toMatchObject({ type: 'results', query: 'best pizza recipe in Naples', rating: 'low' });
    const status = await page.evaluate(() => document.querySelector('edge-retriever-search')!.shadowRoot!.querySelector('.status')!.textContent);
    expect(status).toMatch(/^\d passages? · low confidence: the book may not answer this$/);
    expect(await input(page).getAttribute('aria-label')).toBe('Search the book');
  });
});

describe('typing on while a search is in flight', () => {
  it('aborts that request; only the final question\'s results reach the host', async () => {
    // 1.5 s network latency, 300 ms debounce: the first search is still in flight when typing resumes.
    const visit = await open(VIEWPORTS.phone, 300, 1500);
    try {
      await input(visit.page).pressSequentially('ROS 2 topics', { delay: 10 });
      await visit.page.waitForTimeout(700); // past the debounce: the first search starts
      await input(visit.page).pressSequentially(' and services', { delay: 10 });
      await waitForEvents(visit.page, 1);
      await visit.page.waitForTimeout(500); // would a late earlier answer still arrive?
      const asked = visit.searches.map((s) => s.q);
      expect(asked[0]).toBe('ROS 2 topics');
      expect(asked.at(-1)).toBe('ROS 2 topics and services');
      // Every search but the last was cancelled by the browser (a stall while typing may add one more).
      // The last one may be reported "aborted" too, after its body was read in full: under emulated
      // latency Chromium signals the load's end late, and the client's reader.cancel() (which frees
      // the connection) lands first. Its answer arrived — the `results` event below proves it.
      const earlier = visit.failed.filter((f) => f.q !== asked.at(-1));
      expect(earlier).toEqual(asked.slice(0, -1).map((q) => ({ q, reason: 'net::ERR_ABORTED' })));
      const seen = await events(visit.page);
      expect(seen.map((e) => [e.type, e.query])).toEqual([['results', 'ROS 2 topics and services']]);
      await visit.page.screenshot({ path: join(SCREENSHOTS, 'widget-hostile-phone.png') });
    } finally {
      await visit.page.close();
    }
  });
});
