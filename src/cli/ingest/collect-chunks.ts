/**
 * Reads a docs tree and chunks every file, collecting what was skipped and why.
 */
import { chunkMarkdownFile } from '../../core/build-time/ingest/chunk-markdown-file';
import { moduleOf, sharedFileNames } from '../../core/build-time/ingest/doc-metadata';
import { keepDistinctDefinitions } from '../../core/build-time/ingest/distinct-definitions';
import type { Chunk } from '../../core/build-time/ingest/types';
import { readModuleTitles } from './module-titles';
import { readDocs } from './read-docs';

/** Chunks of a whole book plus the files that yielded none. */
export interface CollectedBook {
  files: number;
  chunks: Chunk[];
  tokens: number;
  skipped: { path: string; reason: string }[];
  warnings: { path: string; message: string }[];
}

/** Reads and chunks `docsDir`; never throws for a bad file (it is reported in `skipped`). */
export async function collectChunks(docsDir: string, options: { baseUrl: string; routeBasePath: string }): Promise<CollectedBook> {
  const { files, skipped } = await readDocs(docsDir);
  const book: CollectedBook = {
    files: files.length,
    chunks: [],
    tokens: 0,
    skipped: skipped.map(({ path, reason }) => ({ path, reason })),
    warnings: [],
  };
  // Each module's name as the book's sidebar shows it, from its folder's `_category_` file.
  const modules = files.map((file) => moduleOf(file.path)).filter((module): module is string => module !== null);
  const { titles: moduleTitles, warnings } = await readModuleTitles(docsDir, modules);
  book.warnings.push(...warnings);
  // Page URL → the first file that publishes it: two files on one route (`index.md` beside
  // `README.md`) are a Docusaurus build error, and their passages would link to the same page.
  const routes = new Map<string, string>();
  const shared = sharedFileNames(files.map((file) => file.path));
  for (const file of files) {
    const result = await chunkMarkdownFile({ filePath: file.path, text: file.text }, { ...options, sharedFileNames: shared, moduleTitles });
    if (!result.ok) {
      book.skipped.push({ path: file.path, reason: result.reason });
      continue;
    }
    for (const message of result.warnings) book.warnings.push({ path: file.path, message });
    const route = result.chunks[0]?.payload.source_url;
    const first = route ? routes.get(route) : undefined;
    if (route && first) book.warnings.push({ path: file.path, message: `publishes ${route}, as ${first} does: Docusaurus refuses duplicate routes (give one of them a \`slug\`)` });
    else if (route) routes.set(route, file.path);
    for (const chunk of result.chunks) {
      book.chunks.push(chunk);
      book.tokens += chunk.payload.chunk_token_count;
    }
  }
  // Whether a chunk defines a term depends on how many others do too: known only for the whole book.
  book.chunks = keepDistinctDefinitions(book.chunks);
  return book;
}
