/**
 * One index file per book, and rebuilds that only run (and only write) when something changed:
 * what keeps a running dev server, the tests and a deploy from switching books under each other.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndexIfStale, DEV_SERVES_OWN_INDEX } from '../../src/cli/build-index';
import { parseDevArgs } from '../../src/cli/dev/dev-args';
import { parseIngestArgs } from '../../src/cli/ingest/ingest-args';
import { loadCliEnv } from '../../src/cli/env-file';
import { bookDocsDir, bookIndexPath, DEFAULT_DOCS_DIR, indexModulePath } from '../../src/cli/index-paths';
import { decodeIndex } from '../../src/core/query/local-index/index-format';
import { MINI_BOOK, runCli } from './ingest/ingest-harness';

describe('bookIndexPath', () => {
  it('gives each book its own file, named after its path', () => {
    expect(bookIndexPath('sample-book/docs', '/repo')).toBe('generated/indexes/sample-book-docs.bin');
    expect(bookIndexPath('mydocs', '/repo')).toBe('generated/indexes/mydocs.bin');
    expect(bookIndexPath('./My Docs/', '/repo')).toBe('generated/indexes/my-docs.bin');
    expect(bookIndexPath('mydocs', '/repo')).not.toBe(bookIndexPath('sample-book/docs', '/repo'));
  });

  it('adds a hash for books outside the working directory, so two docs/ folders differ', () => {
    const a = bookIndexPath('/books/a/docs', '/repo');
    const b = bookIndexPath('/books/b/docs', '/repo');
    expect(a).toMatch(/^generated\/indexes\/a-docs-[0-9a-f]{8}\.bin$/); // named by the book, not by "docs"
    expect(bookIndexPath('/books/manual', '/repo')).toMatch(/^generated\/indexes\/manual-[0-9a-f]{8}\.bin$/);
    expect(a).not.toBe(b);
  });

  it('is the default --out of ingest --target local, never the file the Worker or the tests bundle', () => {
    const args = parseIngestArgs(['mydocs', '--target', 'local'], {});
    expect(args.out).toBe(bookIndexPath('mydocs'));
    expect(args.out).not.toMatch(/generated\/(worker|test)\//);
  });

  it('pairs each index with the module an alias points at', () => {
    expect(indexModulePath('generated/indexes/book.bin')).toBe('generated/indexes/book.js');
  });
});

/** A temp dir holding the mini book as `book`, its readable pages only (the broken ones would make ingest print what it skipped). */
async function readableMiniBook(prefix: string): Promise<{ dir: string; book: string }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const book = join(dir, 'book');
  await cp(MINI_BOOK, book, { recursive: true });
  for (const bad of ['02-control/binary.md', '01-sensing/broken-front-matter.md', 'empty.md']) await rm(join(book, bad));
  return { dir, book };
}

describe('buildIndexIfStale', () => {
  let dir: string;
  let book: string;
  let out: string;
  beforeAll(async () => {
    ({ dir, book } = await readableMiniBook('index-files-'));
    out = join(dir, 'generated', 'book.bin');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('builds the index, its alias module and a stamp; a second call with nothing changed does nothing', async () => {
    const first = await buildIndexIfStale(book, out, { cwd: dir });
    expect(first).toMatchObject({ built: true, exitCode: 0 });
    expect(decodeIndex(await readFile(out)).ids.length).toBeGreaterThan(0);
    expect(await readFile(indexModulePath(out), 'utf8')).toMatch(/export \{ default \} from '\.\/book\.bin';/);
    const before = (await stat(out)).mtimeMs;
    const second = await buildIndexIfStale(book, out, { cwd: dir });
    expect(second).toMatchObject({ built: false, exitCode: 0 });
    expect((await stat(out)).mtimeMs).toBe(before);
  });

  it('rebuilds when the book changes, and the new index holds the new page', async () => {
    await writeFile(join(book, 'added-page.md'), '# Added page\n\nServo calibration with a torque sensor and encoder offsets.\n');
    const rebuilt = await buildIndexIfStale(book, out, { cwd: dir });
    expect(rebuilt.built).toBe(true);
    const index = decodeIndex(await readFile(out));
    const files = index.ids.map((_, i) => index.payload(i).file_path);
    expect(files).toContain('added-page.md');
  });
});

describe('buildIndexIfStale keeps the ingest options', () => {
  let dir: string;
  let book: string;
  beforeAll(async () => {
    ({ dir, book } = await readableMiniBook('index-options-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const urls = async (file: string) => {
    const index = decodeIndex(await readFile(file));
    return index.ids.map((_, i) => String(index.payload(i).source_url));
  };

  it('builds another index of the book (the deploy index) with the options its own index was ingested with', async () => {
    const own = join(dir, 'own.bin');
    const ingest = await runCli([book, '--target', 'local', '--out', own, '--quiet', '--base-url', 'https://brew.example'], {});
    expect(ingest.code, ingest.err).toBe(0);
    const deploy = await buildIndexIfStale(book, join(dir, 'deploy.bin'), { cwd: dir, inheritFrom: own });
    expect(deploy).toMatchObject({ built: true, options: { baseUrl: 'https://brew.example' } });
    for (const url of await urls(join(dir, 'deploy.bin'))) expect(url).toMatch(/^https:\/\/brew\.example\/docs\//);
    // Another book's recorded options are not this book's.
    const other = join(dir, 'other');
    await cp(book, other, { recursive: true });
    const elsewhere = await buildIndexIfStale(other, join(dir, 'deploy.bin'), { cwd: dir, inheritFrom: own });
    expect(elsewhere.options.baseUrl).toBe('');
    for (const url of await urls(join(dir, 'deploy.bin'))) expect(url).toMatch(/^\/docs\//);
  });

  it('follows a later ingest of the book\'s own index, but keeps what an ingest into the deploy index itself chose', async () => {
    const own = join(dir, 'later-own.bin');
    const deploy = join(dir, 'later-deploy.bin');
    // Deployed before the book was ever ingested: the defaults, not anybody's choice.
    expect(await buildIndexIfStale(book, deploy, { cwd: dir, inheritFrom: own })).toMatchObject({ built: true, options: { baseUrl: '' } });
    const ingest = await runCli([book, '--target', 'local', '--out', own, '--quiet', '--base-url', 'https://brew.example'], {});
    expect(ingest.code, ingest.err).toBe(0);
    expect(await buildIndexIfStale(book, deploy, { cwd: dir, inheritFrom: own })).toMatchObject({ built: true, options: { baseUrl: 'https://brew.example' } });
    for (const url of await urls(deploy)) expect(url).toMatch(/^https:\/\/brew\.example\/docs\//);
    // Ingested into the deploy index by hand (README: "to deploy with others"): that choice stays.
    const prod = await runCli([book, '--target', 'local', '--out', deploy, '--quiet', '--base-url', 'https://prod.example'], {});
    expect(prod.code, prod.err).toBe(0);
    expect(await buildIndexIfStale(book, deploy, { cwd: dir, inheritFrom: own })).toMatchObject({ built: false, options: { baseUrl: 'https://prod.example' } });
  });

  it('takes an edit of an explicit --synonyms file as a change, and reads the file again', async () => {
    const out = join(dir, 'synonyms.bin');
    const synonyms = join(dir, 'readers-words.txt');
    await writeFile(synonyms, 'wiggle => voxel grid\n');
    const ingest = await runCli([book, '--target', 'local', '--out', out, '--quiet', '--synonyms', synonyms], {});
    expect(ingest.code, ingest.err).toBe(0);
    expect((await buildIndexIfStale(book, out, { cwd: dir })).built).toBe(false);
    await writeFile(synonyms, 'wobble => voxel grid\n');
    const rebuilt = await buildIndexIfStale(book, out, { cwd: dir });
    expect(rebuilt).toMatchObject({ built: true, options: { synonyms } });
    const index = decodeIndex(await readFile(out));
    const phrases = index.ids.flatMap((_, i) => (index.payload(i).synonyms as string[] | undefined) ?? []);
    expect(phrases).toContain('wobble');
    expect(phrases).not.toContain('wiggle');
  });
});

describe('npm run build:index under npm run dev', () => {
  it('does nothing when the dev server bundles the book\'s own index (wrangler runs [build] anyway)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'build-index-dev-'));
    const out = join(dir, 'deploy.bin');
    const run = spawnSync(resolve('node_modules/.bin/tsx'), ['src/cli/build-index.ts', MINI_BOOK, '--out', out], {
      env: { ...process.env, [DEV_SERVES_OWN_INDEX]: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
    await rm(dir, { recursive: true, force: true });
  });
});

describe('bookDocsDir: the one reading of DOCS_DIR (dev, build:index, retrieve)', () => {
  it('takes the environment over .dev.vars, and the sample book when neither sets it (or sets it empty)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docs-dir-'));
    await writeFile(join(dir, '.dev.vars'), 'DOCS_DIR=from-file/docs\n');
    expect(bookDocsDir(loadCliEnv(dir, {}))).toEqual({ docs: 'from-file/docs', configured: true });
    expect(bookDocsDir(loadCliEnv(dir, { DOCS_DIR: 'from-env/docs' }))).toEqual({ docs: 'from-env/docs', configured: true });
    expect(bookDocsDir({})).toEqual({ docs: DEFAULT_DOCS_DIR, configured: false });
    expect(bookDocsDir({ DOCS_DIR: ' ' })).toEqual({ docs: DEFAULT_DOCS_DIR, configured: false });
    await rm(dir, { recursive: true, force: true });
  });

  it('is what build:index builds: DOCS_DIR from .dev.vars, as retrieve reads it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'build-index-vars-'));
    await writeFile(join(dir, '.dev.vars'), `DOCS_DIR=${MINI_BOOK}\n`);
    const out = join(dir, 'book.bin');
    const { DOCS_DIR: _unset, ...env } = process.env;
    const run = spawnSync(resolve('node_modules/.bin/tsx'), [resolve('src/cli/build-index.ts'), '--out', out], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`build-index: ${MINI_BOOK} -> ${out}`);
    const index = decodeIndex(await readFile(out));
    expect(index.ids.map((_, i) => index.payload(i).file_path)).toContain('intro.md'); // the mini book's, not the sample book's
    await rm(dir, { recursive: true, force: true });
  });
});

describe('npm run dev options', () => {
  it('takes --port N and --port=N (wrangler no longer gets two ports), PORT as the fallback', () => {
    expect(parseDevArgs(['--port', '8791'], {}).port).toBe(8791);
    expect(parseDevArgs(['--port=8792'], { PORT: '9000' }).port).toBe(8792);
    expect(parseDevArgs([], { PORT: '9000' }).port).toBe(9000);
    expect(parseDevArgs([], {})).toMatchObject({ port: 8787, ip: '127.0.0.1', vars: {} });
  });

  it('collects --var NAME:VALUE (values may hold colons) and rejects what it does not know', () => {
    expect(parseDevArgs(['--var', 'QDRANT_URL:http://127.0.0.1:6333', '--var', 'TOP_K_DEFAULT:2'], {}).vars).toEqual({ QDRANT_URL: 'http://127.0.0.1:6333', TOP_K_DEFAULT: '2' });
    expect(() => parseDevArgs(['--port', 'eighty'], {})).toThrow(/--port must be a port number/);
    expect(() => parseDevArgs(['--var', 'novalue'], {})).toThrow(/NAME:VALUE/);
    expect(() => parseDevArgs(['--bogus'], {})).toThrow(/--bogus/);
  });
});
