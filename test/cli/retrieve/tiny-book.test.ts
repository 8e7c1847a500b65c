/**
 * A 4-page book (test/fixtures/books/tiny, 6 chunks): terms that occur in one chunk only must be
 * found by the local embedder in semantic mode and by the default mode, not only by keyword mode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChunks } from '../../../src/cli/ingest/collect-chunks';
import { createProgress } from '../../../src/cli/ingest/progress';
import { ingestLocal } from '../../../src/cli/ingest/target-local';
import { inProcessSearcher } from '../../../src/cli/retrieve/run-query';

const TINY = resolve(__dirname, '../../fixtures/books/tiny');

describe('a tiny book (4 pages): rare single-chunk terms are searchable', () => {
  let dir: string;
  let searcher: ReturnType<typeof inProcessSearcher>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tiny-book-'));
    const path = join(dir, 'index.bin');
    const book = await collectChunks(TINY, { baseUrl: '', routeBasePath: '/docs' });
    await ingestLocal(book.chunks, { out: path, collection: 'tiny', embedder: 'lsa', dims: 128, dryRun: false, recreate: true, config: null }, createProgress(false));
    searcher = inProcessSearcher({ env: { QDRANT_COLLECTION: 'tiny' }, indexPath: path });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cases = [
    ['replace the gasket', '03-service.md'],
    ['anti windup', '02-temperature-loop.md'],
    ['bleed screw', '01-pump.md'],
  ] as const;

  for (const mode of ['semantic', 'default'] as const) {
    for (const [q, file] of cases) {
      it(`${mode}: "${q}" → ${file} at rank 1`, async () => {
        const doc = await searcher.search(mode === 'default' ? { q, k: 3 } : { q, k: 3, mode });
        expect(doc.results.length).toBeGreaterThan(0);
        expect(doc.results[0]!.metadata?.file_path ?? doc.results[0]!.source).toContain(file);
      });
    }
  }
});
