/**
 * Where embedded index files live.
 *
 * Every book gets its own file (`generated/indexes/<book>.bin`), so ingesting one book never
 * switches what a running dev server, the tests or a deploy bundle: those each name their own file
 * (the dev server its book's, the tests `generated/test/…`, `wrangler deploy` the one its
 * `[alias]` names).
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { loadCliEnv } from './env-file';

/** The book the Worker serves when nothing else is said. */
export const DEFAULT_DOCS_DIR = 'sample-book/docs';

/**
 * The book `dev`, `build:index` and `retrieve` work on: `DOCS_DIR` read as the CLI reads every
 * variable (the environment over `.dev.vars`, env-file.ts), so the same setting picks the same book
 * for each of them; else the sample book. Empty counts as unset, as in the configuration.
 * `configured`: whether DOCS_DIR named it (a folder that is not there is then the variable's fault).
 *
 * @example
 * bookDocsDir({ DOCS_DIR: 'my-book/docs' }); // { docs: 'my-book/docs', configured: true }
 * bookDocsDir(loadCliEnv(cwd)); // what the environment and cwd/.dev.vars say
 */
export function bookDocsDir(vars: Record<string, string | undefined> = loadCliEnv()): { docs: string; configured: boolean } {
  const docs = vars.DOCS_DIR?.trim();
  return docs ? { docs, configured: true } : { docs: DEFAULT_DOCS_DIR, configured: false };
}

/** The index `wrangler dev` / `wrangler deploy` bundle (wrangler.toml `[alias]`, built by `[build]`). */
export const WORKER_INDEX = 'generated/worker/embedded-index.bin';

/** The module specifier the Worker imports its index by; wrangler/vite aliases point it at a file. */
export const INDEX_MODULE = '@edge-retriever/embedded-index';

/**
 * The alias target for an index file: a one-line ES module beside it that re-exports the `.bin`
 * as a Data module (an alias straight to the `.bin` would bypass wrangler's module rules).
 *
 * @example
 * indexModulePath('generated/indexes/book.bin'); // 'generated/indexes/book.js'
 */
export function indexModulePath(indexFile: string): string {
  return indexFile.replace(/\.bin$/, '') + '.js';
}

/**
 * The index file of one book, relative to `cwd`: a slug of the docs directory's path, plus a short
 * hash when the book lives outside `cwd` (two `docs/` folders elsewhere must not share a file).
 *
 * @example
 * bookIndexPath('sample-book/docs', '/repo'); // 'generated/indexes/sample-book-docs.bin'
 * bookIndexPath('/books/kicad/docs', '/repo'); // 'generated/indexes/kicad-docs-<hash>.bin'
 */
export function bookIndexPath(docsDir: string, cwd = process.cwd()): string {
  const absolute = resolve(cwd, docsDir);
  const inside = relative(cwd, absolute);
  const outside = inside === '' || inside.startsWith('..') || isAbsolute(inside);
  // A Docusaurus book's folder is `<book>/docs`: named by the book, not by "docs".
  const base = basename(absolute) === 'docs' ? `${basename(dirname(absolute))}-docs` : basename(absolute);
  const name = outside ? `${base}-${createHash('sha256').update(absolute).digest('hex').slice(0, 8)}` : inside;
  const slug = name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'book';
  return join('generated', 'indexes', `${slug}.bin`);
}

/**
 * What is wrong with the book folder `dev` or `retrieve` was asked to use, or null. Said as the
 * command's own problem: the index build underneath would answer as `ingest`, and `retrieve`
 * used to fall back on another book's index without a word.
 *
 * @example
 * docsDirProblem('no/such/docs', true); // 'DOCS_DIR no/such/docs is not a folder: …'
 */
export function docsDirProblem(docs: string, fromEnv: boolean, cwd = '.'): string | null {
  let isDirectory = false;
  try {
    isDirectory = statSync(resolve(cwd, docs)).isDirectory();
  } catch {
    // missing or unreadable: said below
  }
  if (isDirectory) return null;
  const name = fromEnv ? `DOCS_DIR ${docs}` : `the sample book's folder ${docs}`;
  return `${name} is not a folder: set DOCS_DIR to a book's docs folder of .md/.mdx pages${fromEnv ? ', or unset it to use the sample book' : ''}`;
}
