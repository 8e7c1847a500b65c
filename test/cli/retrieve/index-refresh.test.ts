/**
 * `retrieve` on the book's own embedded index (no --index, no Qdrant) brings that index up to date
 * first, as `npm run dev` does: a book edited (or indexing code pulled) after the last build must
 * not be answered from the old file without a word.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookIndexPath } from '../../../src/cli/index-paths';
import { runCli } from '../ingest/ingest-harness';
import { retrieveIn } from './support';

const TINY = resolve(__dirname, '../../fixtures/books/tiny');
let cwd: string;

const run = (argv: string[], env: Record<string, string>) => retrieveIn(cwd, argv, env);

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'retrieve-refresh-'));
  cpSync(TINY, join(cwd, 'book'), { recursive: true });
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('retrieve refreshes the book index it searches', () => {
  it('builds a missing index, reuses an unchanged one, rebuilds after the book changed', async () => {
    const env = { DOCS_DIR: 'book' };
    const first = await run(['zeppelinium flux capacitor', '--json'], env);
    expect(first.err).toMatch(/rebuilt the embedded index of book/);

    const again = await run(['zeppelinium flux capacitor', '--json'], env);
    expect(again.err).not.toMatch(/rebuilt/);
    expect(again.code).toBe(1); // the word is not in the book yet

    writeFileSync(join(cwd, 'book', 'zz-new-page.md'), '---\ntitle: Flux\n---\n\n# Flux\n\nThe zeppelinium flux capacitor needs a yearly check of its seals.\n');
    const edited = await run(['zeppelinium flux capacitor', '--json', '--mode', 'keyword'], env);
    expect(edited.err).toMatch(/rebuilt the embedded index of book/);
    expect(edited.code, edited.err).toBe(0);
    expect(JSON.parse(edited.out).results[0].metadata.file_path).toBe('zz-new-page.md');
  });

  it('takes an index just written by ingest --target local as fresh (no rebuild on the first search)', async () => {
    cpSync(TINY, join(cwd, 'ingested'), { recursive: true });
    const out = join(cwd, bookIndexPath('ingested', cwd));
    const ingest = await runCli([join(cwd, 'ingested'), '--target', 'local', '--out', out, '--quiet'], {});
    expect(ingest.code, ingest.err).toBe(0);
    const first = await run(['pump', '--json'], { DOCS_DIR: 'ingested' });
    expect(first.code, first.err).toBe(0);
    expect(first.err).not.toMatch(/rebuilt/);
  });

  it('still rebuilds after ingest --dry-run, which writes no index and so no stamp', async () => {
    cpSync(TINY, join(cwd, 'dry'), { recursive: true });
    const ingest = await runCli([join(cwd, 'dry'), '--target', 'local', '--out', join(cwd, bookIndexPath('dry', cwd)), '--dry-run', '--quiet'], {});
    expect(ingest.code, ingest.err).toBe(0);
    const first = await run(['pump', '--json'], { DOCS_DIR: 'dry' });
    expect(first.err).toMatch(/rebuilt the embedded index of dry/);
  });

  it('rebuilds after an edit with the options the book was last ingested with (--base-url, --route-base-path)', async () => {
    cpSync(TINY, join(cwd, 'site'), { recursive: true });
    const out = join(cwd, bookIndexPath('site', cwd));
    const ingest = await runCli([join(cwd, 'site'), '--target', 'local', '--out', out, '--quiet', '--base-url', 'https://brew.example', '--route-base-path', '/manual'], {});
    expect(ingest.code, ingest.err).toBe(0);
    writeFileSync(join(cwd, 'site', 'intro.md'), '# Intro\n\nThe pump manual, edited: prime the pump before the first start.\n');
    const edited = await run(['prime the pump', '--json'], { DOCS_DIR: 'site' });
    expect(edited.err).toMatch(/rebuilt the embedded index of site .*with --base-url https:\/\/brew\.example --route-base-path \/manual, as it was last built/);
    const urls = JSON.parse(edited.out).results.map((result: { source_url: string }) => result.source_url);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^https:\/\/brew\.example\/manual\//);
  });

  it('takes an explicit ingest with other options as the new ones to keep', async () => {
    cpSync(TINY, join(cwd, 'moved'), { recursive: true });
    const out = join(cwd, bookIndexPath('moved', cwd));
    for (const base of ['https://old.example', 'https://new.example']) {
      const ingest = await runCli([join(cwd, 'moved'), '--target', 'local', '--out', out, '--quiet', '--base-url', base], {});
      expect(ingest.code, ingest.err).toBe(0);
    }
    writeFileSync(join(cwd, 'moved', 'zz-extra.md'), '# Extra\n\nPrime the pump before the first start.\n');
    const edited = await run(['prime the pump', '--json'], { DOCS_DIR: 'moved' });
    expect(edited.err).toMatch(/rebuilt/);
    expect(JSON.parse(edited.out).results[0].source_url).toMatch(/^https:\/\/new\.example\//);
  });

  it('keeps --json parseable when the rebuild has something to say (the report goes to stderr)', async () => {
    cpSync(TINY, join(cwd, 'noted'), { recursive: true });
    const out = join(cwd, bookIndexPath('noted', cwd));
    // --dims above what the book allows: every rebuild with these options says so.
    const ingest = await runCli([join(cwd, 'noted'), '--target', 'local', '--out', out, '--quiet', '--dims', '1000'], {});
    expect(ingest.code, ingest.err).toBe(0);
    writeFileSync(join(cwd, 'noted', 'zz-extra.md'), '# Extra\n\nPrime the pump before the first start.\n');
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const edited = await run(['prime the pump', '--json'], { DOCS_DIR: 'noted' });
      expect(edited.err).toMatch(/notice: --dims 1000: used \d+ dimensions[\s\S]*rebuilt the embedded index of noted/);
      expect(JSON.parse(edited.out).results.length).toBeGreaterThan(0);
      expect(printed).not.toHaveBeenCalled(); // nothing but the answer on stdout
    } finally {
      printed.mockRestore();
    }
  });

  it('leaves an index named with --index alone', async () => {
    const named = await run(['anything', '--index', join(cwd, 'missing.bin')], { DOCS_DIR: 'book' });
    expect(named.code).toBe(2);
    expect(named.err).not.toMatch(/rebuilt/);
  });
});
