/**
 * The home page's blurb (front matter `slug: /`) previews every chapter in a few words; BM25's
 * length normalisation rewards it, and it came first over the chapter that answers (40 questions
 * of 52 new users' books, docs/retrieval-quality.md Round 126). Its prose is `kind: home` and
 * scores HOME_PRIOR× in the store, through the real ingest and search pipeline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChunks } from '../../../src/cli/ingest/collect-chunks';
import { createProgress } from '../../../src/cli/ingest/progress';
import { ingestLocal } from '../../../src/cli/ingest/target-local';
import { inProcessSearcher } from '../../../src/cli/retrieve/run-query';

const DOCS = resolve(__dirname, '../../fixtures/books/home-blurb');
let dir = '';
let searcher: ReturnType<typeof inProcessSearcher>;
let kinds: Map<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'home-blurb-'));
  const path = join(dir, 'index.bin');
  const book = await collectChunks(DOCS, { baseUrl: '', routeBasePath: '/docs' });
  kinds = new Map(book.chunks.map((c) => [`${c.payload.file_path}:${c.payload.start_line}`, c.payload.kind]));
  await ingestLocal(book.chunks, { out: path, collection: 'bees', embedder: 'lsa', dims: 128, dryRun: false, recreate: true, config: null }, createProgress(false));
  searcher = inProcessSearcher({ env: { QDRANT_COLLECTION: 'bees' }, indexPath: path });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pages = async (params: Record<string, string | number>) => {
  const doc = await searcher.search(params as never);
  return doc.results.map((r) => (r.metadata as { file_path?: string }).file_path);
};

describe("the home page's blurb against the chapter that answers", () => {
  it('labels the home page prose home and the chapters content', () => {
    expect(kinds.get('intro.md:6')).toBe('home');
    expect([...kinds].filter(([place]) => !place.startsWith('intro.md')).every(([, kind]) => kind === 'content')).toBe(true);
  });

  // Without the prior the blurb ("when to harvest honey and how much to leave") is first in both
  // modes: 2.22 against the chapter's 1.60 in BM25.
  it.each<Record<string, string>>([{ mode: 'keyword' }, { mode: 'hybrid', fusion: 'weighted' }])('%o: "when should I harvest honey" → the honey chapter first, the blurb second', async (mode) => {
    expect((await pages({ q: 'when should I harvest honey', k: 3, ...mode })).slice(0, 2)).toEqual(['03-honey.md', 'intro.md']);
  });
});
