/**
 * `npm run build:web`: the same sources give the same bytes and ETags (so a redeploy of unchanged
 * code keeps browsers' caches valid), the widget stays within its budget, and the page loads
 * nothing from elsewhere (it must work offline and under its own CSP).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WIDGET_BUDGET_BYTES, buildWebAssets } from '../../scripts/build-web';

// Not generated/: the Worker tests may be reading that file while this runs.
const OUT = join(mkdtempSync(join(tmpdir(), 'build-web-')), 'web-assets.ts');

describe('build-web', () => {
  it('is deterministic: two builds write identical assets and ETags', async () => {
    await buildWebAssets(OUT);
    const first = readFileSync(OUT, 'utf8');
    await buildWebAssets(OUT);
    expect(readFileSync(OUT, 'utf8')).toBe(first);
    expect(first).toMatch(/export const DEMO_PAGE_ETAG = "\\"[\w-]{22}\\"";/);
  });

  it('leaves an unchanged file alone: `npm run dev` reloads on every write, and read one half written', async () => {
    // npm test (or build:web in another shell) beside a running dev server rewrote the file with the
    // same bytes; the server reloaded on it truncated ("has no exports") and its demo page was a 500.
    await buildWebAssets(OUT);
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(OUT, old, old);
    await buildWebAssets(OUT);
    expect(statSync(OUT).mtimeMs).toBe(old.getTime());
  });

  it('leaves no temporary file behind when the write fails', async () => {
    // The file is written to a temporary file renamed over it; a rename that failed (here: a
    // directory stands where the file goes) left `web-assets.ts.<pid>.tmp` beside it for good.
    const dir = mkdtempSync(join(tmpdir(), 'build-web-'));
    mkdirSync(join(dir, 'web-assets.ts'));
    await expect(buildWebAssets(join(dir, 'web-assets.ts'))).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['web-assets.ts']);
  });

  it('keeps the widget within budget and the page free of outside resources', async () => {
    const assets = await buildWebAssets(OUT);
    const widget = assets.find((a) => a.name === 'WIDGET_SCRIPT')!;
    const page = assets.find((a) => a.name === 'DEMO_PAGE')!.text;
    expect(widget.gzipBytes).toBeLessThanOrEqual(WIDGET_BUDGET_BYTES);
    const markup = page.replace(/<script>[\s\S]*?<\/script>/, '<script></script>'); // the script only writes text
    expect(markup.match(/\b(?:src|href)="(?!\/|data:|#)[^"]*"/g) ?? []).toEqual([]);
    expect(markup).toContain('href="/health"');
    expect(page).not.toMatch(/@import|url\(http/);
  });
});
