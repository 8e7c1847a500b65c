/**
 * Node side of ingestion: find and read the markdown files of a Docusaurus docs folder. Decoding
 * and every content decision stay in `src/core/ingest` (runtime-neutral); this file only does I/O.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { RetrieverError } from '../../core/common/errors';
import { decodeDocBytes } from '../../core/build-time/ingest/decode-text';
import type { SkipCode } from '../../core/build-time/ingest/types';

/** A markdown file: path relative to the docs dir (forward slashes) and its text. */
export interface DocFile {
  path: string;
  text: string;
}

/** A markdown file (or folder) that could not be read as text, and why. */
export interface SkippedDoc {
  path: string;
  code: SkipCode;
  reason: string;
}

/** Everything found under a docs dir, sorted by path. */
export interface ReadDocsResult {
  files: DocFile[];
  skipped: SkippedDoc[];
}

const DOC_FILE = /\.mdx?$/;
// Markdown by another name (`.markdown`, `.mkd`, …) or in capitals (`.MD`): Docusaurus reads only
// `.md`/`.mdx`, so these are not pages of the site either, but a writer who has them expects them
// indexed: they are listed as skipped with the fix, never silently left out.
const OTHER_MARKDOWN = /\.(md|mdx|markdown|mdown|mkdn?|mkd|mdwn|mdtxt|mdtext)$/i;

/**
 * Recursively read the `.md`/`.mdx` files under `docsDir`, the way the Docusaurus docs plugin
 * selects them: `node_modules`, dot-folders/files and `_`-prefixed files and folders (partials,
 * drafts) are left out silently. Files that cannot be read, are binary or are not valid UTF-8 are
 * listed in `skipped` with a reason, and so is markdown Docusaurus does not read (`.markdown`,
 * `.MD`); nothing throws for a bad file. Symlinks are followed, each
 * real folder visited once (so link loops end).
 *
 * @throws RetrieverError `invalid_request` when `docsDir` is not a readable directory.
 * @example
 * const { files, skipped } = await readDocs('sample-book/docs');
 */
export async function readDocs(docsDir: string): Promise<ReadDocsResult> {
  const info = await stat(docsDir).catch(() => null);
  if (!info?.isDirectory()) {
    const what = info ? `${docsDir} is a file, not a folder: give the folder that holds the book's .md/.mdx pages` : `docs directory not found: ${docsDir}`;
    throw new RetrieverError('invalid_request', what, { params: ['docs'] });
  }
  const result: ReadDocsResult = { files: [], skipped: [] };
  await walk(docsDir, docsDir, result, new Set([await realpath(docsDir)]));
  const byPath = (a: { path: string }, b: { path: string }): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  result.files.sort(byPath);
  result.skipped.sort(byPath);
  return result;
}

async function walk(root: string, dir: string, result: ReadDocsResult, seen: Set<string>): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    result.skipped.push({ path: toDocPath(root, dir), code: 'unreadable', reason: `cannot list folder: ${describe(error)}` });
    return;
  }
  // Real entries before symlinks, each by name: a folder reachable both directly and through a
  // link is then listed under its real path, whatever order the file system returns.
  entries.sort((a, b) => Number(a.isSymbolicLink()) - Number(b.isSymbolicLink()) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const name = entry.name;
    if (name.startsWith('.') || name.startsWith('_') || name === 'node_modules') continue;
    const full = join(dir, name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const target = await stat(full).catch(() => null);
      if (!target) {
        if (DOC_FILE.test(name)) result.skipped.push({ path: toDocPath(root, full), code: 'unreadable', reason: 'broken symbolic link' });
        continue;
      }
      isDir = target.isDirectory();
      isFile = target.isFile();
    }
    if (isDir) {
      const real = await realpath(full).catch(() => full);
      if (seen.has(real)) continue; // symlink loop or a folder linked twice
      seen.add(real);
      await walk(root, full, result, seen);
    } else if (isFile && DOC_FILE.test(name)) {
      await readOne(root, full, result);
    } else if (isFile && OTHER_MARKDOWN.test(name)) {
      const rename = /x$/i.test(name) ? '.mdx' : '.md';
      result.skipped.push({ path: toDocPath(root, full), code: 'unsupported_extension', reason: `Docusaurus reads .md and .mdx only: rename to ${rename} to include it` });
    }
  }
}

async function readOne(root: string, full: string, result: ReadDocsResult): Promise<void> {
  const path = toDocPath(root, full);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(full);
  } catch (error) {
    result.skipped.push({ path, code: 'unreadable', reason: `cannot read file: ${describe(error)}` });
    return;
  }
  const decoded = decodeDocBytes(bytes);
  if (decoded.ok) result.files.push({ path, text: decoded.text });
  else result.skipped.push({ path, code: decoded.code, reason: decoded.reason });
}

function toDocPath(root: string, full: string): string {
  return relative(root, full).split(sep).join('/');
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}
