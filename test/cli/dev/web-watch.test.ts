/**
 * dev/web-watch.ts: `npm run dev` rebuilds the web assets when a file under the watched folders
 * changes, once per burst of saves, and a failing rebuild (a half-typed edit) does not end the
 * watching. Real files in a temporary folder, real fs.watch events.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { watchWebSources } from '../../../src/cli/dev/web-watch';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-watch-'));
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'demo.ts'), 'export {};\n');
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 20));
  }
};

it('rebuilds once for a burst of saves in a nested folder, and not before any change', async () => {
  const dir = tempTree();
  let rebuilds = 0;
  let rebuilt = 0;
  cleanups.push(watchWebSources([dir], { rebuild: async () => void rebuilds++, onRebuilt: () => void rebuilt++, debounceMs: 300 }));
  await new Promise((done) => setTimeout(done, 200));
  expect(rebuilds).toBe(0);
  for (let i = 0; i < 5; i++) writeFileSync(join(dir, 'demo', 'demo.ts'), `export const x = ${i};\n`);
  await until(() => rebuilt >= 1);
  await new Promise((done) => setTimeout(done, 300));
  expect(rebuilds).toBe(1);
});

it('reports a failed rebuild and rebuilds again on the next change', async () => {
  const dir = tempTree();
  const errors: unknown[] = [];
  let calls = 0;
  const rebuild = async () => {
    calls++;
    if (calls === 1) throw new Error('Expected ";" but found "}"');
  };
  cleanups.push(watchWebSources([dir], { rebuild, onError: (error) => errors.push(error), debounceMs: 50 }));
  writeFileSync(join(dir, 'demo', 'demo.ts'), 'export const = ;\n');
  await until(() => errors.length === 1);
  expect(String(errors[0])).toContain('Expected ";"');
  writeFileSync(join(dir, 'demo', 'demo.ts'), 'export const y = 1;\n');
  await until(() => calls === 2);
  expect(errors).toHaveLength(1);
});

it('sees a file saved by renaming a new one over it, twice, and a file in a folder made since', async () => {
  const dir = tempTree();
  let rebuilt = 0;
  cleanups.push(watchWebSources([dir], { rebuild: async () => undefined, onRebuilt: () => void rebuilt++, debounceMs: 50 }));
  // How `sed -i` and many editors save: a new file renamed over the old one.
  const save = (text: string) => {
    writeFileSync(join(dir, 'demo', '.demo.ts.tmp'), text);
    renameSync(join(dir, 'demo', '.demo.ts.tmp'), join(dir, 'demo', 'demo.ts'));
  };
  save('export const a = 1;\n');
  await until(() => rebuilt >= 1);
  save('export const a = 2;\n');
  await until(() => rebuilt >= 2);
  mkdirSync(join(dir, 'widget'));
  await until(() => rebuilt >= 3);
  await new Promise((done) => setTimeout(done, 100));
  writeFileSync(join(dir, 'widget', 'widget.ts'), 'export {};\n');
  await until(() => rebuilt >= 4);
});

it('stops rebuilding once stopped', async () => {
  const dir = tempTree();
  let rebuilds = 0;
  const stop = watchWebSources([dir], { rebuild: async () => void rebuilds++, debounceMs: 50 });
  stop();
  writeFileSync(join(dir, 'demo', 'demo.ts'), 'export const z = 2;\n');
  await new Promise((done) => setTimeout(done, 300));
  expect(rebuilds).toBe(0);
});

it('watches a folder removed and made again (a branch switched) as the new folder it is', async () => {
  const dir = tempTree();
  let rebuilt = 0;
  cleanups.push(watchWebSources([dir], { rebuild: async () => undefined, onRebuilt: () => void rebuilt++, debounceMs: 50 }));
  rmSync(join(dir, 'demo'), { recursive: true });
  mkdirSync(join(dir, 'demo'));
  writeFileSync(join(dir, 'demo', 'demo.ts'), 'export const b = 1;\n');
  await until(() => rebuilt >= 1);
  await new Promise((done) => setTimeout(done, 200));
  const before = rebuilt;
  writeFileSync(join(dir, 'demo', 'demo.ts'), 'export const b = 2;\n');
  await until(() => rebuilt > before);
});
