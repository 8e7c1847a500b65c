/**
 * Less common ingest paths: usage errors, a named dense vector (QDRANT_VECTOR_NAME), a collection
 * laid out for something else, and a local index embedded with Cohere (which records every stem of
 * the book, so a slip is read without an LSA vocabulary).
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeIndex } from '../../../src/core/query/local-index/index-format';
import { indexingText } from '../../../src/core/build-time/ingest/ingest-plan';
import { parseIngestArgs } from '../../../src/cli/ingest/ingest-args';
import { parseConfig } from '../../../src/core/common/config/parse-config';
import type { Chunk } from '../../../src/core/build-time/ingest/types';
import { fakeEmbedding, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { embedCalls, MINI_BOOK, runCli, tempDir, tenant, writeCalls } from './ingest-harness';
import { expectQuantizedRow } from '../../support/quantized-row';
import { indexVocabulary } from '../../../src/core/query/book-terms/book-vocabulary';
import { extraTokens } from '../../../src/core/common/bm25/index';
import { inBookWords } from '../../../src/core/query/book-terms/in-book-words';

let fake: FakeUpstream;
let dir: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  dir = await tempDir();
});

afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ingest usage', () => {
  it('--help prints the usage and exits 0', async () => {
    const run = await runCli(['--help'], {});
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Usage: npm run ingest -- <docs-dir>/);
    expect(run.out).toMatch(/--dry-run/);
  });

  it('--dims is optional: without it the LSA dimensions follow the book size (null), with it they are fixed', () => {
    expect(parseIngestArgs(['docs', '--target', 'local'], {}).dims).toBeNull();
    expect(parseIngestArgs(['docs', '--target', 'local', '--dims', '64'], {}).dims).toBe(64);
    expect(() => parseIngestArgs(['docs', '--dims', '1'], {})).toThrow(/--dims must be an integer in \[2, 1024\]/);
  });

  it('--dims names the range and the value given, a negative one too (not "argument is ambiguous"), and --help gives the range', async () => {
    for (const argv of [['--dims', '-1'], ['--dims=-1'], ['--dims', '1025'], ['--dims', '1e2'], ['--dims', '64.5']]) {
      const run = await runCli([MINI_BOOK, '--target', 'local', '--out', join(dir, 'dims.bin'), ...argv], {});
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).toContain(`--dims must be an integer in [2, 1024], got "${argv.at(-1)!.replace('--dims=', '')}"`);
    }
    const help = (await runCli(['--help'], {})).out.replace(/\s+/g, ' ');
    expect(help).toContain('--dims N LSA dimensions, 2 to 1024');
    expect(help).toContain("never more than the book's chunks minus one");
  });

  it('--base-url takes an http(s) URL (or nothing, for route paths alone); anything else exits 2 before reading the book', async () => {
    for (const base of ['https://your-site.example', 'http://127.0.0.1:3000/book/', '']) {
      expect(parseIngestArgs(['docs', '--base-url', base], {}).baseUrl).toBe(base);
    }
    for (const base of ['not-a-url', 'your-site.example', '/book/', 'ftp://your-site.example', 'https://your-site.example/?v=1']) {
      const run = await runCli([MINI_BOOK, '--target', 'local', '--out', join(dir, 'base.bin'), '--base-url', base], {});
      expect(run.code, base).toBe(2);
      expect(run.err).toContain(`--base-url must be an http(s) URL without ?query or #fragment, e.g. https://your-site.example, got "${base}"`);
      expect(run.out).toBe('');
    }
  });

  it('a missing docs dir, an unknown option or a bad --target exit 2 (usage) with a message', async () => {
    const missing = await runCli([join(dir, 'nope'), '--target', 'local'], {});
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`docs directory not found: ${join(dir, 'nope')}`);
    // A page given instead of its folder is said to be a file.
    const file = await runCli([join(MINI_BOOK, 'intro.md'), '--target', 'local'], {});
    expect(file.code).toBe(2);
    expect(file.err).toContain(`${join(MINI_BOOK, 'intro.md')} is a file, not a folder`);
    const unknown = await runCli([MINI_BOOK, '--bogus'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/--bogus/);
    const target = await runCli([MINI_BOOK, '--target', 'pinecone'], {});
    expect(target.code).toBe(2);
    expect(target.err).toMatch(/--target must be qdrant or local/);
  });
});

describe('ingest --collection', () => {
  it('takes the names QDRANT_COLLECTION takes and refuses the others (exit 2), creating nothing', async () => {
    const t = tenant(fake.url, 'bad-names');
    for (const name of ['bad/name', 'a b', '', 'x'.repeat(256)]) {
      expect(() => parseConfig({ QDRANT_COLLECTION: name || ' ' })).toThrow(/QDRANT_COLLECTION/);
      const run = await runCli([MINI_BOOK, '--target', 'qdrant', '--collection', name, '--quiet'], t.env);
      expect(run.code, name).toBe(2);
      expect(run.err).toContain(`--collection: expected 1–255 letters, digits, "_", "." or "-", got "${name}"`);
    }
    expect(writeCalls(await t.calls())).toEqual([]);
    for (const name of ['book.v2', 'my-book_1', 'x'.repeat(255)]) {
      expect(parseConfig({ QDRANT_COLLECTION: name }).QDRANT_COLLECTION).toBe(name);
      expect(parseIngestArgs(['docs', '--collection', name], {}).collection).toBe(name);
    }
  });
});

describe('ingest --target qdrant, collection layouts', () => {
  it('creates and fills a named dense vector when QDRANT_VECTOR_NAME is set', async () => {
    const t = tenant(fake.url, 'named');
    const run = await runCli([MINI_BOOK, '--target', 'qdrant', '--collection', 'named', '--quiet'], { ...t.env, QDRANT_VECTOR_NAME: 'dense' });
    expect(run.code, run.err).toBe(0);
    const { json } = await t.qdrant<{ result: { config: { params: { vectors: unknown } } } }>('GET', '/collections/named');
    expect(json.result.config.params.vectors).toEqual({ dense: { size: 1024, distance: 'Cosine' } });
    const [point] = await t.scroll('named', ['dense']);
    const vector = (point!.vector as { dense: number[] }).dense;
    const expected = fakeEmbedding(indexingText({ id: String(point!.id), payload: point!.payload as never }), 1024);
    vector.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 5));
    // A second run against the named layout is clean too.
    const again = await runCli([MINI_BOOK, '--target', 'qdrant', '--collection', 'named', '--json'], { ...t.env, QDRANT_VECTOR_NAME: 'dense' });
    expect(JSON.parse(again.out)).toMatchObject({ added: 0, changed: 0, deleted: 0 });
  });

  it('exits 2 without writing when the existing collection has no bm25 sparse vector', async () => {
    const t = tenant(fake.url, 'no-sparse');
    const made = await t.qdrant('PUT', '/collections/plain', { vectors: { size: 1024, distance: 'Cosine' } });
    expect(made.status).toBe(200);
    const before = (await t.calls()).length;
    const run = await runCli([MINI_BOOK, '--target', 'qdrant', '--collection', 'plain', '--quiet'], t.env);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/no sparse vector "bm25"/);
    const calls = (await t.calls()).slice(before);
    expect(writeCalls(calls)).toEqual([]);
    expect(embedCalls(calls)).toEqual([]);
  });

  it('exits 2 when the existing collection has no unnamed dense vector and QDRANT_VECTOR_NAME is unset', async () => {
    const t = tenant(fake.url, 'named-only');
    const made = await t.qdrant('PUT', '/collections/named', { vectors: { dense: { size: 1024, distance: 'Cosine' } }, sparse_vectors: { bm25: { modifier: 'idf' } } });
    expect(made.status).toBe(200);
    const run = await runCli([MINI_BOOK, '--target', 'qdrant', '--collection', 'named', '--quiet'], t.env);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/QDRANT_VECTOR_NAME/);
  });
});

describe('ingest --target local --embedder cohere', () => {
  it('stores Cohere document vectors and no LSA model', async () => {
    const t = tenant(fake.url, 'local-cohere');
    const out = join(dir, 'cohere.bin');
    const run = await runCli([MINI_BOOK, '--target', 'local', '--embedder', 'cohere', '--out', out, '--json'], t.env);
    expect(run.code, run.err).toBe(0);
    const index = decodeIndex(await readFile(out));
    expect(index.embedder).toMatchObject({ kind: 'cohere', model_id: 'embed-english-v3.0', dims: 1024 });
    expect(index.lsa).toBeNull();
    const texts = embedCalls(await t.calls()).flatMap((c) => {
      expect((c.body as { input_type: string }).input_type).toBe('search_document');
      return (c.body as { texts: string[] }).texts;
    });
    expect(texts).toHaveLength(index.size);
    const i = index.size - 1;
    const expected = fakeEmbedding(indexingText({ id: String(index.ids[i]), payload: index.payload(i) as unknown as Chunk['payload'] }), 1024);
    expectQuantizedRow(index.dense.vectors.subarray(i * 1024, (i + 1) * 1024), expected);
    // Without an LSA vocabulary the index records every stem BM25 indexes, so a slip is still read.
    const vocabulary = indexVocabulary(index);
    // (BM25 also indexes the extra tokens, the mini book's "end-to-end", which are no stems: joined-stopwords.ts.)
    const extra = new Set(texts.flatMap((text) => extraTokens(text)));
    expect(extra.size).toBeGreaterThan(0);
    expect(index.otherStems).toHaveLength(index.bm25.dfTerms.length - extra.size);
    expect(index.otherStems.every((stem) => vocabulary.df(stem) > 0)).toBe(true);
    expect(inBookWords(vocabulary, 'the miniatrue textbook').read).toEqual([{ word: 'miniatrue', as: 'miniature', how: 'misspelt' }]);
  });

  it('exits 2 naming COHERE_API_KEY when it is missing', async () => {
    const run = await runCli([MINI_BOOK, '--target', 'local', '--embedder', 'cohere', '--out', join(dir, 'x.bin')], {});
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/COHERE_API_KEY/);
  });
});
