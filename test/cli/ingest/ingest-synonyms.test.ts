/**
 * The book owner's synonyms file at ingest: a reader's words find the book's term in the embedded
 * index and in Qdrant, only the chunks it touches are rewritten, and a bad file is refused by line.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSearcher } from '../../../src/cli/retrieve/run-query';
import type { Highlight } from '../../../src/core/query/search/highlight';
import { stemWord } from '../../../src/core/common/bm25/index';
import { storedVocabulary } from '../../../src/core/query/book-terms/book-vocabulary';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { callsSince, copyBook, embedCalls, inTempDir, runCli, tempDir, tenant } from './ingest-harness';

const PAGES: Record<string, string> = {
  'setup.md': '# Setup\n\n## Changing hostname\n\nPrint the current one with hostnamectl, then set a new one with hostnamectl set-hostname. Restart to apply.\n',
  'network.md': '# Network\n\nEach interface gets its address from DHCP. Show the addresses with the ip command.\n',
  'backup.md': '# Backups\n\nCopy the home directory to the external disk with rsync, and check the copy.\n',
  'editor.md': '# Editor\n\nThe modal editor has an insert mode and a normal mode. Save and quit with a command.\n',
};
const QUESTION = 'rename my computer';

let dir: string;
let fake: FakeUpstream;
const books: string[] = [];

beforeAll(async () => {
  dir = await tempDir('synonyms-');
  await mkdir(join(dir, 'docs'));
  for (const [file, text] of Object.entries(PAGES)) await writeFile(join(dir, 'docs', file), text);
  fake = await startFakeUpstream();
});

afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
  for (const book of books) await rm(book, { recursive: true, force: true });
});

async function first(indexPath: string, mode: string) {
  const doc = await inProcessSearcher({ env: {}, indexPath }).search({ q: QUESTION, k: 3, mode });
  return doc.results[0];
}

async function firstPage(indexPath: string, mode: string): Promise<string> {
  return String((await first(indexPath, mode))?.metadata?.file_path ?? '');
}

describe('ingest --synonyms (embedded index)', () => {
  it.each(['keyword', 'semantic', 'hybrid'])('the readers\' words find the book\'s term first in %s mode, and only with the file', async (mode) => {
    const without = join(dir, `without-${mode}.bin`);
    const withFile = join(dir, `with-${mode}.bin`);
    await writeFile(join(dir, 'syn.txt'), 'rename computer, computer name => hostname\n');
    expect((await runCli([join(dir, 'docs'), '--target', 'local', '--out', without, '--dims', '3', '--quiet'], {})).code).toBe(0);
    const run = await runCli([join(dir, 'docs'), '--target', 'local', '--out', withFile, '--dims', '3', '--synonyms', join(dir, 'syn.txt')], {});
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/synonyms .*syn\.txt: 1 rule\(s\), 1 chunk\(s\) also indexed under readers' words/);
    const found = await first(withFile, mode);
    expect(found?.metadata?.file_path).toBe('setup.md');
    // Found through "rename computer => hostname", it shows the book's word marked.
    expect((found?.highlight as Highlight | null | undefined)?.terms).toEqual(['hostname']);
    expect(await firstPage(without, mode)).not.toBe('setup.md');
  });

  it('reads synonyms.txt at the docs root without a flag, and says which lines match nothing', async () => {
    await writeFile(join(dir, 'docs', 'synonyms.txt'), 'rename computer => hostname\nbuild server => jenkins\n');
    try {
      const out = join(dir, 'root.bin');
      const run = await runCli([join(dir, 'docs'), '--target', 'local', '--out', out, '--dims', '3', '--json'], {});
      expect(run.code, run.err).toBe(0);
      const report = JSON.parse(run.out) as { synonyms: unknown; warnings: { path: string; message: string }[] };
      expect(report.synonyms).toEqual({ file: join(dir, 'docs', 'synonyms.txt'), rules: 2, chunks: 1 });
      expect(report.warnings).toEqual([{ path: join(dir, 'docs', 'synonyms.txt'), message: 'line 2: no chunk uses "jenkins", so this line adds nothing' }]);
      expect(await firstPage(out, 'keyword')).toBe('setup.md');
    } finally {
      await rm(join(dir, 'docs', 'synonyms.txt'));
    }
  });

  it('lists at most 20 lines that match nothing, then a count', async () => {
    await writeFile(join(dir, 'junk.txt'), Array.from({ length: 30 }, (_, i) => `reader${i} => nowhere${i}`).join('\n'));
    const run = await runCli([join(dir, 'docs'), '--target', 'local', '--out', join(dir, 'junk.bin'), '--dims', '3', '--synonyms', join(dir, 'junk.txt'), '--json'], {});
    expect(run.code, run.err).toBe(0);
    const messages = (JSON.parse(run.out) as { warnings: { message: string }[] }).warnings.map((w) => w.message);
    expect(messages).toHaveLength(21);
    expect(messages[0]).toBe('line 1: no chunk uses "nowhere0", so this line adds nothing');
    expect(messages[20]).toBe('and 10 more such lines');
  });

  it('names a rule whose words reach a quarter of the chunks or more, the broadest first', async () => {
    // Lines 1 and 2 reach one chunk of four each (a single chunk is never broad); line 3 reaches three.
    await writeFile(join(dir, 'broad.txt'), 'duplicate => copy\nswitch => mode\ncomputer, machine => hostname, interface, editor\n');
    const run = await runCli([join(dir, 'docs'), '--target', 'local', '--out', join(dir, 'broad.bin'), '--dims', '3', '--synonyms', join(dir, 'broad.txt'), '--json'], {});
    expect(run.code, run.err).toBe(0);
    const messages = (JSON.parse(run.out) as { warnings: { message: string }[] }).warnings.map((w) => w.message);
    expect(messages).toEqual([
      'line 3: its words are added to 3 of 4 chunks (75 %), wherever the book says "hostname" or "interface" or "editor"; a word that much of the book has tells little apart (a narrower book phrase helps more)',
    ]);
  });

  it.each([
    ['a malformed line', 'hostname\n', /line 1: an equivalence needs two or more phrases/],
    ['a missing file', null, /Cannot read the synonyms file .*nope\.txt: ENOENT/],
  ])('refuses %s with exit code 2', async (_name, text, message) => {
    const file = join(dir, text === null ? 'nope.txt' : 'bad.txt');
    if (text !== null) await writeFile(file, text);
    const run = await runCli([join(dir, 'docs'), '--target', 'local', '--out', join(dir, 'bad.bin'), '--synonyms', file], {});
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
  });

  it('an unreadable file\'s hint names --synonyms and the file (or the docs root\'s file), not "your configuration"', async () => {
    const missing = join(dir, 'nope.txt');
    const flag = await runCli([join(dir, 'docs'), '--target', 'local', '--out', join(dir, 'bad.bin'), '--synonyms', missing], {});
    expect(flag.err).toContain(`hint: check the path given to --synonyms (${missing})`);
    expect(flag.err).not.toMatch(/configuration/);
    await inTempDir('synonyms-root-', async (docs) => {
      await writeFile(join(docs, 'page.md'), PAGES['setup.md']!);
      await mkdir(join(docs, 'synonyms.txt'));
      const root = await runCli([docs, '--target', 'local', '--out', join(docs, 'x.bin')], {});
      expect(root.code).toBe(2);
      expect(root.err).toContain(`hint: ${join(docs, 'synonyms.txt')} is read because it is at the docs root`);
    });
  });
});

describe('ingest --synonyms (Qdrant)', () => {
  it('a changed file rewrites exactly the chunks it touches, with the phrases embedded, indexed and recorded', async () => {
    const book = await copyBook();
    books.push(book);
    const t = tenant(fake.url, 'synonyms');
    const ingest = (...extra: string[]) => runCli([book, '--target', 'qdrant', '--collection', 'mini', '--quiet', ...extra], t.env);
    expect((await ingest()).code).toBe(0);
    const touched = (await t.scroll('mini')).filter((p) => /gearbox/i.test(String(p.payload.content))).map((p) => String(p.id));
    expect(touched.length).toBeGreaterThan(0);
    await writeFile(join(book, 'synonyms.txt'), 'gear train, reducer => gearbox\n');
    const before = (await t.calls()).length;
    const run = await ingest('--json');
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ added: 0, changed: touched.length, deleted: 0 });
    const calls = await callsSince(t, before);
    const embedded = embedCalls(calls).flatMap((c) => (c.body as { texts: string[] }).texts);
    expect(embedded).toHaveLength(touched.length);
    for (const text of embedded) expect(text).toMatch(/\n\ngear train, reducer$/);
    const stored = await t.scroll('mini');
    for (const p of stored) {
      expect(p.payload.synonyms).toEqual(touched.includes(String(p.id)) ? ['gear train', 'reducer'] : undefined);
      expect(p.payload.synonym_of).toEqual(touched.includes(String(p.id)) ? ['gearbox', 'gearbox'] : undefined);
    }
    const metadata = (await t.qdrant<{ result: { config: { metadata: Record<string, unknown> } } }>('GET', '/collections/mini')).json.result.config.metadata;
    // "reducer" is now a word of the book, so a question using it is not called off-topic for it.
    expect(storedVocabulary(metadata)!.df(stemWord('reducer'))).toBeGreaterThan(0);
    // Unchanged file, unchanged collection.
    const again = await ingest('--json');
    expect(JSON.parse(again.out)).toMatchObject({ changed: 0, added: 0 });
    await writeFile(join(book, 'synonyms.txt'), (await readFile(join(book, 'synonyms.txt'), 'utf8')).replace('reducer', 'speed reducer'));
    expect(JSON.parse((await ingest('--json')).out)).toMatchObject({ changed: touched.length });
  });
});
