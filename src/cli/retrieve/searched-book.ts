/**
 * Which book a `retrieve` run searches, in words. Without DOCS_DIR, --index, --url or Qdrant
 * settings it is the bundled sample book (a robotics book), and a newcomer's own questions run
 * against it without a word: every label then names no page and the figures blame the retriever.
 */
import { relative, resolve } from 'node:path';
import { parseConfig } from '../../core/common/config/parse-config';
import { bookDocsDir, bookIndexPath, DEFAULT_DOCS_DIR } from '../index-paths';
import type { RetrieveArgs } from './args';
import { defaultIndexPath, packageSampleIndex } from './run-query';

/** The book a run searches: its name in a sentence, and whether the command line or DOCS_DIR chose it. */
export interface SearchedBook {
  /** E.g. "the bundled sample book (sample-book/docs)", "the book my/docs (DOCS_DIR)". */
  name: string;
  chosen: boolean;
}

/** How to search another book, for messages. */
export const CHOOSE_BOOK_HINT = 'set DOCS_DIR=path/to/docs, or pass --index FILE (an index ingest built) or --url URL (a running Worker)';

/**
 * The book `args` and `env` make `retrieve` search, from `cwd`.
 *
 * @example
 * searchedBook({ url: null, index: null }, {}, '/repo'); // { name: 'the bundled sample book (sample-book/docs)', chosen: false }
 */
export function searchedBook(args: Pick<RetrieveArgs, 'url' | 'index'>, env: Record<string, string>, cwd: string): SearchedBook {
  if (args.url !== null) return { name: `the book of the Worker at ${args.url}`, chosen: true };
  const config = parseConfig(env);
  if (config.storeKind === 'qdrant') return { name: `the Qdrant collection "${config.QDRANT_COLLECTION}"`, chosen: true };
  if (args.index !== null) return { name: `the index ${args.index}`, chosen: true };
  const { docs, configured } = bookDocsDir(env);
  if (configured) return { name: `the book ${docs} (DOCS_DIR)`, chosen: true };
  const index = defaultIndexPath(cwd, env);
  const sample = [resolve(cwd, bookIndexPath(DEFAULT_DOCS_DIR, cwd)), packageSampleIndex()].includes(index);
  return { name: sample ? `the bundled sample book (${DEFAULT_DOCS_DIR})` : `the index ${relative(cwd, index)}`, chosen: false };
}

