/**
 * `ingest --target local`: the embedded index file (decoded back with `decodeIndex`), change
 * detection against the previous file, --dry-run and --json.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeIndex } from '../../../src/core/query/local-index/index-format';
import { embedWithLsa } from '../../../src/core/query/local-index/lsa-model';
import { chunkMarkdownFile } from '../../../src/core/build-time/ingest/chunk-markdown-file';
import { indexingText } from '../../../src/core/build-time/ingest/ingest-plan';
import type { Chunk } from '../../../src/core/build-time/ingest/types';
import { analyzeText, bm25DocumentVectorFromTokens, extraTokens } from '../../../src/core/common/bm25/index';
import { vocabularyBridges, withSpellings } from '../../../src/cli/ingest/vocabulary-bridges';
import { copyBook, inTempDir, MINI_BOOK, runCli, tempDir } from './ingest-harness';
import { expectQuantizedRow } from '../../support/quantized-row';

const GOOD_FILES = ['01-sensing/02-lidar-processing.md', '01-sensing/index.md', '02-control/01-pid-control.mdx', '02-control/02-trajectories.md', 'intro.md'];

let out: string;
let dir: string;
/** What the chunker makes of the good files on its own: the reference the index must hold. */
let reference: Chunk[];
let first: Awaited<ReturnType<typeof runCli>>;

beforeAll(async () => {
  dir = await tempDir();
  out = join(dir, 'nested', 'index.bin');
  reference = [];
  for (const file of GOOD_FILES) {
    const result = await chunkMarkdownFile({ filePath: file, text: await readFile(join(MINI_BOOK, file), 'utf8') }, { baseUrl: 'https://book.example.com' });
    if (!result.ok) throw new Error(`${file}: ${result.reason}`);
    reference.push(...result.chunks);
  }
  first = await runCli([MINI_BOOK, '--target', 'local', '--out', out, '--base-url', 'https://book.example.com', '--dims', '4', '--json'], {});
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ingest --target local', () => {
  it('needs no configuration and prints a parseable JSON report', () => {
    expect(first.code, first.err).toBe(0);
    const report = JSON.parse(first.out);
    expect(report).toMatchObject({ target: 'local', dry_run: false, files: 7, chunks: reference.length, added: reference.length, changed: 0, deleted: 0, unchanged: 0, out });
    expect(report.skipped.map((s: { path: string }) => s.path).sort()).toEqual(['01-sensing/broken-front-matter.md', '02-control/binary.md', 'empty.md']);
    expect(report.tokens).toBe(reference.reduce((n, c) => n + c.payload.chunk_token_count, 0));
    expect(report.bytes).toBeGreaterThan(0);
    expect(report.gzip_bytes).toBeGreaterThan(0);
    expect(report.gzip_bytes).toBeLessThan(report.bytes);
    expect(report.size_warning).toBeUndefined(); // a small book's index fits any Worker
    expect(report.embedder).toMatch(/^lsa-4-[0-9a-f]{8}$/);
  });

  it('writes an index that decodeIndex reads back: every chunk, its payload, an LSA model', async () => {
    const bytes = await readFile(out);
    expect(JSON.parse(first.out).bytes).toBe(bytes.byteLength);
    const index = decodeIndex(bytes);
    expect(index.size).toBe(reference.length);
    expect([...index.ids].map(String).sort()).toEqual(reference.map((c) => c.id).sort());
    for (const chunk of reference) {
      const i = index.ids.findIndex((id) => String(id) === chunk.id);
      expect(index.payload(i)).toEqual(chunk.payload);
    }
    expect(index.embedder.kind).toBe('lsa');
    expect(index.lsa).not.toBeNull();
    expect(index.lsa!.dims).toBe(4);
    expect(index.dense.dims).toBe(4);
    expect(index.sparse.name).toBe('bm25');
  });

  it('stores dense vectors the shipped LSA model reproduces, and BM25 vectors (text + other spellings) with the corpus avg_len', async () => {
    const index = decodeIndex(await readFile(out));
    const texts = index.ids.map((_, i) => indexingText({ id: String(index.ids[i]), payload: index.payload(i) as unknown as Chunk['payload'] }));
    // The extra tokens as ingest adds them: the mini book's "end-to-end" is one (joined-stopwords.ts).
    const tokens = withSpellings(texts, vocabularyBridges(texts).spellings).map((text) => [...analyzeText(text), ...extraTokens(text)]);
    const avgLen = tokens.reduce((n, t) => n + t.length, 0) / tokens.length;
    expect(index.bm25.avgLen).toBeCloseTo(avgLen, 4);
    for (const i of [0, index.size - 1]) {
      const expected = embedWithLsa(index.lsa!, texts[i]!);
      expectQuantizedRow(index.dense.vectors.subarray(i * 4, i * 4 + 4), expected);
      const sparse = bm25DocumentVectorFromTokens(tokens[i]!, avgLen);
      const from = index.sparse.offsets[i]!;
      const to = index.sparse.offsets[i + 1]!;
      expect(Array.from(index.sparse.indices.subarray(from, to))).toEqual(Array.from(sparse.indices));
      Array.from(index.sparse.values.subarray(from, to)).forEach((v, k) => expect(v).toBeCloseTo(sparse.values[k]!, 4));
    }
  });

  it('reports everything unchanged on a second run', async () => {
    const second = await runCli([MINI_BOOK, '--target', 'local', '--out', out, '--base-url', 'https://book.example.com', '--dims', '4', '--quiet'], {});
    expect(second.code, second.err).toBe(0);
    expect(second.out).toContain(`did add 0 · update 0 · delete 0 · unchanged ${reference.length}`);
  });

  it('--dry-run writes no file, and reports changes against an existing one without touching it', async () => {
    const missing = join(dir, 'never.bin');
    const dry = await runCli([MINI_BOOK, '--target', 'local', '--out', missing, '--dry-run', '--json'], {});
    expect(dry.code, dry.err).toBe(0);
    expect(JSON.parse(dry.out)).toMatchObject({ dry_run: true, added: reference.length });
    await expect(stat(missing)).rejects.toThrow();

    const book = await copyBook();
    try {
      await rm(join(book, 'intro.md'));
      const file = join(book, '02-control/02-trajectories.md');
      await writeFile(file, (await readFile(file, 'utf8')).replace('protects gearboxes', 'protects harmonic drives'));
      const before = await readFile(out);
      const changed = await runCli([book, '--target', 'local', '--out', out, '--base-url', 'https://book.example.com', '--dims', '4', '--dry-run', '--json'], {});
      expect(changed.code, changed.err).toBe(0);
      // Only the chunk holding the edited sentence changes; the file's other sections do not.
      const editedChunks = reference.filter((c) => c.payload.content.includes('protects gearboxes')).length;
      const trajectoryChunks = reference.filter((c) => c.payload.file_path === '02-control/02-trajectories.md').length;
      const introChunks = reference.filter((c) => c.payload.file_path === 'intro.md').length;
      expect(editedChunks).toBeLessThan(trajectoryChunks);
      expect(JSON.parse(changed.out)).toMatchObject({ added: 0, changed: editedChunks, deleted: introChunks, unchanged: reference.length - editedChunks - introChunks });
      expect((await readFile(out)).equals(before)).toBe(true);

      // A front-matter edit changes the payload (title) but not the content: still a change.
      await writeFile(join(book, 'intro.md'), (await readFile(join(MINI_BOOK, 'intro.md'), 'utf8')).replace('title: Welcome to the Mini Book', 'title: Hello'));
      const retitled = await runCli([book, '--target', 'local', '--out', out, '--base-url', 'https://book.example.com', '--dims', '4', '--dry-run', '--json'], {});
      expect(JSON.parse(retitled.out)).toMatchObject({ added: 0, changed: editedChunks + introChunks, deleted: 0 });
    } finally {
      await rm(book, { recursive: true, force: true });
    }
  });
});

describe('ingest --target local, where the index cannot go', () => {
  it('--out naming a folder exits 2 with what is wrong and leaves no temporary file', () =>
    inTempDir('ingest-out-', async (folder) => {
      const run = await runCli([MINI_BOOK, '--target', 'local', '--out', folder, '--dims', '4'], {});
      expect(run.code, run.err).toBe(2);
      expect(run.err).toContain(`cannot write the index to ${folder} (it is a folder)`);
      expect(run.err).not.toMatch(/this is a bug/);
      expect((await readdir(join(folder, '..'))).filter((name) => name.startsWith(`${folder.split('/').pop()}.tmp-`))).toEqual([]);
    }));

  it('never overwrites a file of the user\'s where the index module goes (--out with .js)', () =>
    inTempDir('ingest-js-', async (folder) => {
      const mine = join(folder, 'app.js');
      await writeFile(mine, 'console.log("my app");\n');
      const run = await runCli([MINI_BOOK, '--target', 'local', '--out', join(folder, 'app'), '--dims', '4'], {});
      expect(run.code, run.err).toBe(2);
      expect(run.err).toContain('app.js exists and was not written by ingest');
      expect(await readFile(mine, 'utf8')).toBe('console.log("my app");\n');
      // A module ingest wrote itself is rewritten as before.
      const ours = await runCli([MINI_BOOK, '--target', 'local', '--out', join(folder, 'book.bin'), '--dims', '4'], {});
      expect(ours.code, ours.err).toBe(0);
      expect(await readFile(join(folder, 'book.js'), 'utf8')).toContain("export { default } from './book.bin';");
      expect((await runCli([MINI_BOOK, '--target', 'local', '--out', join(folder, 'book.bin'), '--dims', '4'], {})).code).toBe(0);
    }));
});

describe('ingest --target local --dims above what the book allows', () => {
  it('uses one fewer than the chunks and says so, in the JSON report and under --quiet', () =>
    inTempDir('ingest-dims-', async (folder) => {
      const json = await runCli([MINI_BOOK, '--target', 'local', '--out', join(folder, 'a.bin'), '--dims', '1000', '--json'], {});
      expect(json.code, json.err).toBe(0);
      const report = JSON.parse(json.out);
      expect(report.chunks).toBe(12);
      expect(report.embedder).toMatch(/^lsa-11-/);
      expect(report.dims_notice).toBe('--dims 1000: used 11 dimensions, the most a book of 12 chunks allows (one fewer than its chunks)');
      const quiet = await runCli([MINI_BOOK, '--target', 'local', '--out', join(folder, 'b.bin'), '--dims', '1000', '--quiet'], {});
      expect(quiet.out).toContain('notice: --dims 1000: used 11 dimensions');
      // Asked for no more than the book allows: no notice.
      const fits = await runCli([MINI_BOOK, '--target', 'local', '--out', join(folder, 'c.bin'), '--dims', '11', '--json'], {});
      expect(JSON.parse(fits.out).dims_notice).toBeUndefined();
    }));
});

describe('ingest --target local on a book of one chunk', () => {
  it('says the local model needs two chunks, not that the configuration is wrong', () =>
    inTempDir('ingest-one-', async (folder) => {
      await writeFile(join(folder, 'only.md'), '# Only page\n\nOne short section about the reactor.\n');
      const run = await runCli([folder, '--target', 'local', '--out', join(folder, 'one.bin')], {});
      expect(run.code, run.err).toBe(2);
      expect(run.err).toContain('the book makes 1 chunk: the local model needs at least 2');
      expect(run.err).not.toMatch(/check your configuration/);
    }));
});

describe('ingest --target local on a book with a page nested 5,000 blockquotes deep', () => {
  it('skips that page with a reason and ingests the rest (exit 0), instead of ending as a bug (exit 4)', () =>
    inTempDir('ingest-deep-', async (folder) => {
      await writeFile(join(folder, 'deep.md'), `${'> '.repeat(5000)}deep\n`);
      await writeFile(join(folder, 'a.md'), '# Reactor\n\nThe reactor core holds the fuel rods in a lattice.\n');
      await writeFile(join(folder, 'b.md'), '# Turbine\n\nSteam from the core turns the turbine blades.\n');
      await writeFile(join(folder, 'c.md'), '# Cooling\n\nA river cools the condenser below the turbine.\n');
      const run = await runCli([folder, '--target', 'local', '--out', join(folder, 'out', 'book.bin'), '--dims', '2', '--json'], {});
      expect(run.code, run.err).toBe(0);
      const report = JSON.parse(run.out);
      expect(report.chunks).toBe(3);
      expect(report.skipped).toEqual([{ path: 'deep.md', reason: expect.stringMatching(/^nested 5000 levels deep at line 1/) }]);
    }));
});
