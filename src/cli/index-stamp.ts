/**
 * The `.stamp` beside a local index file: what the index was built from — the hash of the book's
 * files, of the code that builds indexes and of an explicit synonyms file — and the ingest options
 * it was built with. `build-index` (and so `retrieve` and `npm run dev`) skips a rebuild when it
 * matches, and rebuilds with the same options when it does not: a page edit must not drop the
 * `--base-url` the book was ingested with. Every local build — `build-index` or
 * `ingest --target local` — writes it, so an index built by either counts as fresh for the other.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { usageError } from './cli-failure';
import { indexModulePath } from './index-paths';

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The ingest options that shape a local index: what a rebuild passes again. */
export interface IndexOptions {
  /** `--base-url`; '' for route paths alone. */
  baseUrl: string;
  routeBasePath: string;
  collection: string;
  embedder: 'lsa' | 'cohere';
  /** `--dims`; null: chosen from the book's size. */
  dims: number | null;
  /** `--synonyms FILE`, absolute; null: the docs root's synonyms.txt, when there is one. */
  synonyms: string | null;
}

/** What `ingest --target local` builds with no option given (and a book never ingested is rebuilt with). */
export const DEFAULT_INDEX_OPTIONS: Readonly<IndexOptions> = { baseUrl: '', routeBasePath: '/docs', collection: 'textbook_chunks', embedder: 'lsa', dims: null, synonyms: null };

/** A build's inputs: `docs` (absolute), the hash of what it read, the options it used. */
export interface IndexStamp {
  docs: string;
  inputs: string;
  options: IndexOptions;
  /**
   * The options were not chosen for this index by an ingest run on it: build-index took them from
   * the book's own index, or the defaults. A later ingest of the book's own index then replaces them.
   */
  inherited?: boolean;
}

/**
 * The stamp of building `docsDir` (absolute) with `options`. Take it before reading the book: a
 * page edited during the build then leaves a stamp that no longer matches.
 *
 * @example
 * const stamp = indexStamp('/abs/path/to/docs', { ...DEFAULT_INDEX_OPTIONS, baseUrl: 'https://brew.example' });
 */
export function indexStamp(docsDir: string, options: IndexOptions): IndexStamp {
  const hash = createHash('sha256');
  const roots = [docsDir, join(PACKAGE_ROOT, 'src/core'), join(PACKAGE_ROOT, 'src/cli/ingest'), ...(options.synonyms ? [options.synonyms] : [])];
  for (const root of roots) {
    for (const file of listFiles(root)) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return { docs: docsDir, inputs: hash.digest('hex'), options: { ...options } };
}

/**
 * The stamp beside `indexFile` (absolute), or null when there is none or it is not one (an older
 * version's, which recorded no options).
 *
 * @example
 * readIndexStamp('/repo/generated/indexes/book.bin')?.options.baseUrl; // 'https://brew.example'
 */
export function readIndexStamp(indexFile: string): IndexStamp | null {
  let stored: StoredStamp;
  try {
    stored = JSON.parse(readFileSync(`${indexFile}.stamp`, 'utf8')) as StoredStamp;
  } catch {
    return null;
  }
  if (typeof stored?.docs !== 'string' || typeof stored.inputs !== 'string' || typeof stored.options !== 'object' || stored.options === null) return null;
  const at = dirname(indexFile);
  const options = { ...DEFAULT_INDEX_OPTIONS, ...stored.options };
  const inherited = stored.inherited === true ? { inherited: true } : {};
  return { docs: resolve(at, stored.docs), inputs: stored.inputs, options: { ...options, synonyms: options.synonyms === null ? null : resolve(at, options.synonyms) }, ...inherited };
}

/**
 * Whether the index at `indexFile` (absolute), its alias module and its stamp exist and the stamp
 * records `stamp`: the same book, inputs and options.
 *
 * @example
 * if (indexIsFresh(target, indexStamp(docs, options))) return;
 */
export function indexIsFresh(indexFile: string, stamp: IndexStamp): boolean {
  const stampFile = `${indexFile}.stamp`;
  return existsSync(indexFile) && existsSync(indexModulePath(indexFile)) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stampText(indexFile, stamp);
}

/**
 * After a successful local build of `indexFile`: writes its alias module and its stamp.
 *
 * @example
 * markIndexBuilt('/repo/generated/indexes/docs.bin', stamp);
 */
export function markIndexBuilt(indexFile: string, stamp: IndexStamp): void {
  const module = indexModulePath(indexFile);
  // The module beside the index is ours to rewrite; a file of the user's by that name is not.
  if (existsSync(module) && !readFileSync(module, 'utf8').startsWith(MODULE_HEADER)) {
    throw usageError(`${module} exists and was not written by ingest: the index was written, but not the module the dev server loads it by`, `choose another --out (the module is --out with .js instead of .bin)`);
  }
  replaceFile(module, `${MODULE_HEADER}\nexport { default } from './${basename(indexFile)}';\n`);
  replaceFile(`${indexFile}.stamp`, stampText(indexFile, stamp));
}

/**
 * The ingest flags that build with `options` (all of them but those whose absence means the same).
 *
 * @example
 * ingestFlags({ ...DEFAULT_INDEX_OPTIONS, baseUrl: 'https://brew.example' });
 * // ['--base-url', 'https://brew.example', '--route-base-path', '/docs', '--collection', 'textbook_chunks', '--embedder', 'lsa']
 */
export function ingestFlags(options: IndexOptions): string[] {
  return [
    ...(options.baseUrl ? ['--base-url', options.baseUrl] : []),
    '--route-base-path', options.routeBasePath,
    '--collection', options.collection,
    '--embedder', options.embedder,
    ...(options.dims !== null ? ['--dims', String(options.dims)] : []),
    ...(options.synonyms !== null ? ['--synonyms', options.synonyms] : []),
  ];
}

/**
 * The options that differ from ingest's defaults, as flags, for messages ('' when none).
 *
 * @example
 * optionsSaid({ ...DEFAULT_INDEX_OPTIONS, baseUrl: 'https://brew.example' }); // '--base-url https://brew.example'
 */
export function optionsSaid(options: IndexOptions): string {
  const flags = ingestFlags(options);
  const defaults = ingestFlags(DEFAULT_INDEX_OPTIONS);
  const said: string[] = [];
  // Flags come in pairs (name, value); a pair ingest would also use with no flag goes unsaid.
  for (let i = 0; i < flags.length; i += 2) {
    const at = defaults.indexOf(flags[i]!);
    if (at === -1 || defaults[at + 1] !== flags[i + 1]) said.push(`${flags[i]} ${flags[i + 1]}`);
  }
  return said.join(' ');
}

/** The stamp as stored: paths as {@link storedPath} writes them, so a moved checkout keeps its options. */
interface StoredStamp {
  docs: string;
  inputs: string;
  options: IndexOptions;
  inherited?: true;
}

function stampText(indexFile: string, stamp: IndexStamp): string {
  const at = dirname(indexFile);
  const { baseUrl, routeBasePath, collection, embedder, dims, synonyms } = stamp.options;
  const stored: StoredStamp = {
    docs: storedPath(at, stamp.docs),
    inputs: stamp.inputs,
    options: { baseUrl, routeBasePath, collection, embedder, dims, synonyms: synonyms === null ? null : storedPath(at, synonyms) },
    ...(stamp.inherited ? { inherited: true as const } : {}),
  };
  return `${JSON.stringify(stored, null, 2)}\n`;
}

/**
 * `path` relative to `at` when they share a folder below the root (a book in the checkout moves with
 * it), else absolute (a book elsewhere stays where it is when the checkout moves).
 */
function storedPath(at: string, path: string): string {
  const climbs = relative(at, path).split(sep).filter((part) => part === '..').length;
  return climbs >= at.split(sep).filter(Boolean).length ? path : relative(at, path);
}

const MODULE_HEADER = "// Generated by a local index build: the Worker's index as a Data module (see src/worker/embedded-services.ts).";

/** Writes a small file atomically, and not at all when it already holds `text` (a running `wrangler dev` would reload). */
function replaceFile(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp-${process.pid}`, text);
  renameSync(`${path}.tmp-${process.pid}`, path);
}

/** The files under `root` in a stable order; `root` itself when it is a file; none when it is neither. */
function listFiles(root: string): string[] {
  try {
    if (statSync(root).isFile()) return [root];
  } catch {
    return [];
  }
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(join(root, entry.name)) : entry.isFile() ? [join(root, entry.name)] : []));
}
