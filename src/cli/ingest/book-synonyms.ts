/**
 * Reads the book owner's synonyms file (core/build-time/ingest/synonyms.ts) and applies it to a
 * book's chunks: `--synonyms FILE`, else `synonyms.txt` at the docs root when there is one (so
 * `npm run dev` and `build:index` pick it up with no flag, and its edits make the index stale).
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RetrieverError } from '../../core/common/errors';
import { MAX_PHRASES_PER_CHUNK, parseSynonyms, withSynonyms, type SynonymRule } from '../../core/build-time/ingest/synonyms';
import type { Chunk } from '../../core/build-time/ingest/types';

/** Notes about single lines shown at most (then a count). */
const MAX_NOTES = 20;

/**
 * A rule whose reader words reach at least this share of a book's chunks is named in the report:
 * a word that a quarter of the book has tells little apart (the blind file of one measured book
 * reached 216 of its 221 chunks), and the owner usually meant a narrower book phrase.
 */
const BROAD_SHARE = 0.25;
/** Broad rules named at most (the broadest first), then a count. */
const MAX_BROAD = 5;

/** The file read at the docs root when `--synonyms` is not given. */
export const DEFAULT_SYNONYMS_FILE = 'synonyms.txt';

/** What applying a synonyms file did. */
export interface BookSynonyms {
  chunks: Chunk[];
  /** The file read; null when there was none. */
  file: string | null;
  rules: number;
  /** Chunks that gained readers' phrases. */
  expanded: number;
  /** Phrases left out (stopwords only), and rules whose book phrases no chunk uses (a typo, or a term of another book), by line. */
  warnings: { path: string; message: string }[];
}

/**
 * Applies `explicit` (or the docs root's synonyms.txt) to `chunks`; throws `config_error` for a
 * missing explicit file or a malformed one (naming the line).
 *
 * @example
 * const { chunks } = await applyBookSynonyms(book.chunks, 'docs', undefined);
 */
export async function applyBookSynonyms(chunks: Chunk[], docsDir: string, explicit: string | undefined): Promise<BookSynonyms> {
  const fallback = join(docsDir, DEFAULT_SYNONYMS_FILE);
  const file = explicit ?? (existsSync(fallback) ? fallback : null);
  if (file === null) return { chunks, file: null, rules: 0, expanded: 0, warnings: [] };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    // The reader typed the path (or put the file at the docs root): point at that, not at the configuration.
    const hint = explicit !== undefined
      ? `check the path given to --synonyms (${file}), or leave the flag out to read ${DEFAULT_SYNONYMS_FILE} at the docs root`
      : `${file} is read because it is at the docs root: make it readable, or name another file with --synonyms FILE`;
    throw new RetrieverError('config_error', `Cannot read the synonyms file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`, { hint });
  }
  const { rules, skipped } = parseSynonyms(text, file);
  const { chunks: expanded, unused, capped, reach } = withSynonyms(chunks, rules);
  const notes = [
    ...skipped,
    ...unused.map((rule) => ({ line: rule.line, message: `no chunk uses ${rule.book.map((p) => `"${p}"`).join(' or ')}, so this line adds nothing` })),
  ]
    .sort((a, b) => a.line - b.line)
    .map(({ line, message }) => ({ path: file, message: `line ${line}: ${message}` }));
  // A file of junk would otherwise print a line per rule.
  const warnings = notes.length > MAX_NOTES ? [...notes.slice(0, MAX_NOTES), { path: file, message: `and ${notes.length - MAX_NOTES} more such lines` }] : notes;
  warnings.push(...broadRules(rules, reach, chunks.length).map((message) => ({ path: file, message })));
  if (capped) warnings.push({ path: file, message: `${capped} chunk(s) matched more than ${MAX_PHRASES_PER_CHUNK} readers' phrases; each keeps the first ${MAX_PHRASES_PER_CHUNK} (narrow the rules whose book words are common)` });
  return { chunks: expanded, file, rules: rules.length, expanded: expanded.filter((chunk) => chunk.payload.synonyms).length, warnings };
}

/** One note per rule reaching BROAD_SHARE of the chunks (at most MAX_BROAD, broadest first, then a count). */
function broadRules(rules: readonly SynonymRule[], reach: readonly number[], chunkCount: number): string[] {
  const broad = rules
    .map((rule, index) => ({ rule, chunks: reach[index] ?? 0 }))
    .filter(({ chunks }) => chunkCount > 0 && chunks >= 2 && chunks / chunkCount >= BROAD_SHARE)
    .sort((a, b) => b.chunks - a.chunks || a.rule.line - b.rule.line);
  const notes = broad.slice(0, MAX_BROAD).map(
    ({ rule, chunks }) =>
      `line ${rule.line}: its words are added to ${chunks} of ${chunkCount} chunks (${Math.round((100 * chunks) / chunkCount)} %), wherever the book says ${rule.book.map((p) => `"${p}"`).join(' or ')}; a word that much of the book has tells little apart (a narrower book phrase helps more)`,
  );
  if (broad.length > MAX_BROAD) notes.push(`and ${broad.length - MAX_BROAD} more lines reach a quarter of the chunks or more`);
  return notes;
}
