/**
 * A 4-page book (test/fixtures/books/tiny, 6 chunks): terms that occur in one chunk only must be
 * found by the local embedder in semantic mode and by the default mode, not only by keyword mode.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChunks } from '../../../src/cli/ingest/collect-chunks';
import { createProgress } from '../../../src/cli/ingest/progress';
import { ingestLocal } from '../../../src/cli/ingest/target-local';
import { inProcessSearcher } from '../../../src/cli/retrieve/run-query';
import { bm25DocumentVector } from '../../../src/core/common/bm25/index';
import { trainLsa } from '../../../src/core/build-time/local-index/lsa-train';
import { encodeIndex } from '../../../src/core/build-time/local-index/index-encode';
import { embedWithLsa } from '../../../src/core/query/local-index/lsa-model';

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

describe('the default mode answers words the local model cannot place', () => {
  it('a term outside a capped LSA vocabulary: semantic finds nothing, the default (hybrid) finds the page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capped-vocab-'));
    try {
      const texts = [
        'the pump moves water through the heater',
        'the heater warms the water in the tank',
        'replace the rubber gasket of the tank lid',
        'the pump and the heater share one supply',
      ];
      const lsa = trainLsa(texts, { dims: 3, maxVocab: 4 }); // keeps the four most widespread words only
      expect(lsa.vocab).not.toContain('gasket');
      const path = join(dir, 'index.bin');
      writeFileSync(
        path,
        encodeIndex({
          collection: 'capped',
          embedder: { kind: 'lsa', model: 'lsa', dims: lsa.dims, model_id: lsa.modelId },
          ids: texts.map((_, i) => i + 1),
          payloads: texts.map((text, i) => ({ text, file_path: `p${i}.md` })),
          dense: { vectors: texts.map((t) => embedWithLsa(lsa, t)) },
          sparse: { vectors: texts.map((t) => bm25DocumentVector(t, 6)) },
          bm25: { avgLen: 6 },
          lsa,
        }),
      );
      const capped = inProcessSearcher({ env: { QDRANT_COLLECTION: 'capped' }, indexPath: path });
      expect((await capped.search({ q: 'gasket', mode: 'semantic' })).results).toEqual([]);
      const answer = await capped.search({ q: 'gasket' });
      expect(answer.mode).toBe('hybrid');
      expect(answer.results[0]!.metadata?.file_path).toBe('p2.md');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
