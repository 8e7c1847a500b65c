/**
 * The demo page in real Chromium against a Worker (`wrangler dev`) whose Qdrant is a closed port, so
 * its searches fail for real: the page shows the Worker's own error message and code.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { SCREENSHOTS, VIEWPORTS, useWorkerAndChromium } from './support/browser';
import { ask, openDemo, results } from './support/demo-visit';

// A Worker whose Qdrant is a closed port: its searches fail for real.
const session = useWorkerAndChromium({ vars: { QDRANT_URL: `http://127.0.0.1:${await freePort()}`, SEARCH_MODE: 'keyword' }, degraded: true });

const open = (base: string, viewport: { width: number; height: number }, path?: string) => openDemo(session.browser!, base, viewport, path);

describe('the demo page when the search fails', () => {
  it('shows the Worker\'s own error message and code', async () => {
    const visit = await open(session.worker!.url, VIEWPORTS.desktop);
    try {
      const status = await ask(visit.page, 'ROS 2 topics');
      const direct = (await (await fetch(`${session.worker!.url}/search?q=ROS%202%20topics`)).json()) as { error: { code: string; message: string } };
      expect(direct.error.code).toMatch(/^vector_store_/);
      expect(status).toBe(`Search failed: ${direct.error.message} (${direct.error.code})`);
      expect(await visit.page.locator('#status.error').count()).toBe(1);
      expect(await results(visit.page)).toEqual([]);
      await visit.page.screenshot({ path: join(SCREENSHOTS, 'demo-error-desktop.png') });
    } finally {
      await visit.page.close();
    }
  });
});
