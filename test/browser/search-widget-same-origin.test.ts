/**
 * The embeddable widget on a page of the Worker's own origin, in real Chromium against the real
 * Worker (`wrangler dev`, embedded default): it defaults its endpoint to the page's origin and sends
 * its `key` attribute as a Bearer token.
 */
import { describe, expect, it } from 'vitest';
import { useWorkerAndChromium } from './support/browser';
import type { Panel } from './support/widget-host';

const session = useWorkerAndChromium();

describe('the widget on the Worker\'s own origin, with a key', () => {
  it('defaults its endpoint to the page\'s origin and sends the key as a Bearer token', async () => {
    // The demo page is a same-origin page to put it on; its CSP admits only its own script, so bypass it here.
    const context = await session.browser!.newContext({ bypassCSP: true });
    const page = await context.newPage();
    try {
      const sent: Array<string | undefined> = [];
      page.on('request', (r) => void (r.url().startsWith(`${session.worker!.url}/search?`) && sent.push(r.headers().authorization)));
      await page.goto(session.worker!.url);
      await page.addScriptTag({ url: '/widget.js' });
      await page.evaluate(() => {
        const panel = document.createElement('edge-retriever-search');
        panel.setAttribute('key', 'demo-key-123');
        panel.addEventListener('results', (e) => ((window as unknown as { __got: unknown }).__got = (e as CustomEvent).detail.results.length));
        document.body.prepend(panel);
        return (panel as unknown as Panel).search('tf2 coordinate frames');
      });
      expect(await page.evaluate(() => (window as unknown as { __got: unknown }).__got)).toBe(5);
      expect(sent).toEqual(['Bearer demo-key-123']);
    } finally {
      await context.close();
    }
  });
});
