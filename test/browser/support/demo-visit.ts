/**
 * Driving the demo page in a browser tab: open it (recording every request, the /search Accept
 * headers and console errors), ask a question by keyboard, and read the results and notes shown.
 */
import type { Browser, Page } from 'playwright-core';

/** A demo page open in a tab, with what it requested and logged. */
export interface Visit {
  page: Page;
  /** Every URL the page requested. */
  requests: string[];
  /** Accept headers of the page's /search requests. */
  searchAccepts: string[];
  /** Console errors (CSP violations show up here). */
  consoleErrors: string[];
}

/** Opens the demo page at `base` + `path` in a new tab of `browser`, recording its requests and console errors. */
export async function openDemo(browser: Browser, base: string, viewport: { width: number; height: number }, path = '/'): Promise<Visit> {
  const page = await browser.newPage({ viewport });
  const visit: Visit = { page, requests: [], searchAccepts: [], consoleErrors: [] };
  page.on('request', (request) => {
    visit.requests.push(request.url());
    if (new URL(request.url()).pathname === '/search') visit.searchAccepts.push(request.headers().accept ?? '');
  });
  page.on('console', (message) => void (message.type() === 'error' && visit.consoleErrors.push(message.text())));
  await page.goto(`${base}${path}`);
  return visit;
}

/** Types a question and submits with Enter, as a keyboard user would; waits for the outcome. */
export async function ask(page: Page, question: string): Promise<string> {
  await page.locator('#q').fill('');
  await page.locator('#q').focus();
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /result|failed/i.test(document.querySelector('#status')?.textContent ?? '') && !document.querySelector('#results[aria-busy]'));
  return (await page.locator('#status').textContent()) ?? '';
}

/** The rendered results, as a reader sees each one. */
export const results = (page: Page) =>
  page.$$eval('#results .result', (items) =>
    items.map((item) => ({
      rank: item.querySelector('.rank')?.textContent,
      bar: (item.querySelector('.bar i') as HTMLElement).style.width,
      crumbs: item.querySelector('.crumbs')?.textContent ?? '',
      source: item.querySelector('.src code')?.textContent ?? '',
      sourceUrl: item.querySelector('.src span, .src a')?.textContent ?? '',
      text: item.querySelector('.text')?.textContent ?? '',
      marks: Array.from(item.querySelectorAll('.text:first-of-type mark')).map((mark) => mark.textContent ?? ''),
    })),
  );

/** The notes under the status line. */
export const notes = (page: Page) => page.$$eval('#notes li', (items) => items.map((item) => item.textContent ?? ''));
