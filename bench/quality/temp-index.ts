/**
 * Builds a book's embedded index (the same ingest as `npm run ingest -- DIR --target local`) into
 * a temporary directory, so measuring never touches generated/embedded-index.bin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyBookSynonyms } from '../../src/cli/ingest/book-synonyms';
import { collectChunks } from '../../src/cli/ingest/collect-chunks';
import { createProgress } from '../../src/cli/ingest/progress';
import { ingestLocal } from '../../src/cli/ingest/target-local';

/** A built index file and how to remove it. */
export interface TempIndex {
  path: string;
  chunks: number;
  dispose(): void;
}

/**
 * Chunks and embeds `docsDir` (local LSA embedder, `dims` null: as `npm run ingest` chooses; `seed`:
 * the randomized SVD's, default as ingest; `synonyms`: a synonyms file, default as ingest — the
 * docs root's synonyms.txt when there is one) into a fresh temp file.
 */
export async function buildTempIndex(docsDir: string, dims: number | null = null, seed?: number, synonyms?: string): Promise<TempIndex> {
  const dir = mkdtempSync(join(tmpdir(), 'edge-retriever-quality-'));
  const path = join(dir, 'index.bin');
  const collected = await collectChunks(docsDir, { baseUrl: '', routeBasePath: '/docs' });
  const book = await applyBookSynonyms(collected.chunks, docsDir, synonyms);
  if (book.chunks.length === 0) throw new Error(`no chunks could be made from ${docsDir}`);
  await ingestLocal(book.chunks, { out: path, collection: 'textbook_chunks', embedder: 'lsa', dims, ...(seed === undefined ? {} : { seed }), dryRun: false, recreate: true, config: null }, createProgress(false));
  return { path, chunks: book.chunks.length, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
