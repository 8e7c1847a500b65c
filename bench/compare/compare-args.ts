/**
 * The command line of `npm run bench:compare`: the books to measure, named as `bench:quality`
 * names them (`--book DIR=QUERIES.json`, repeatable), checked before any framework is loaded so a
 * typo costs one line rather than a minute of indexing. Pure: no framework package is imported
 * here, so the root's tests can check it without bench/compare's own install.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { flagErrorMessage } from '../../src/cli/parse-flags';
import { UsageError } from '../quality/cli-options';

/** What `--help` prints. */
export const COMPARE_USAGE = `Measures LangChain.js's and LlamaIndex.TS's offline retrievers against this project's default on labelled books.

Usage:
  npm run bench:compare                                  the bundled sample book's two question sets
  npm run bench:compare -- --book DIR=FILE [--book DIR2=FILE2 ...]   several books, then their mean

The first run installs bench/compare's own packages (npm ci --prefix bench/compare).
Setups and what they measure: bench/compare/README.md.`;

const COMPARE_OPTIONS = { help: { type: 'boolean', short: 'h' }, book: { type: 'string', multiple: true } } as const;

/** One book to measure: its pages and one question file. */
export interface CompareBook {
  docs: string;
  queries: string;
}

/** The parsed command line. */
export interface CompareArgs {
  help: boolean;
  books: CompareBook[];
}

/**
 * Parses and checks `argv` (the arguments after the script); paths come back absolute.
 *
 * @throws UsageError on an unknown option, a malformed `--book` or a missing folder or file.
 * @example
 * parseCompareArgs(['--book', 'book-d/docs=book-d/queries.json']).books[0].docs; // '/abs/book-d/docs'
 */
export function parseCompareArgs(argv: readonly string[]): CompareArgs {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: COMPARE_OPTIONS }));
  } catch (error) {
    throw new UsageError(flagErrorMessage(error, COMPARE_OPTIONS));
  }
  const books = (values.book ?? []).map((spec) => {
    const [docs, queries, ...rest] = spec.split('=');
    if (!docs || !queries || rest.length > 0) throw new UsageError(`--book takes DIR=QUERIES.json, got "${spec}"`);
    return { docs: resolve(docs), queries: resolve(queries) };
  });
  const help = values.help ?? false;
  if (!help) {
    for (const book of books) {
      if (!existsSync(book.docs) || !statSync(book.docs).isDirectory()) throw new UsageError(`--book: no folder at ${book.docs}`);
      if (!existsSync(book.queries) || !statSync(book.queries).isFile()) throw new UsageError(`--book: no file at ${book.queries}`);
    }
  }
  return { help, books };
}

/**
 * A question set's name in the tables, as bench:quality names it: `book/queries` (the folder
 * holding the docs folder, then the question file's name).
 *
 * @example
 * bookSetName({ docs: '/x/.held-out/r-intro/docs', queries: '/repo/bench/held-out/r-intro/queries.json' }); // 'r-intro/queries'
 */
export function bookSetName(book: CompareBook): string {
  return `${basename(dirname(book.docs))}/${basename(book.queries, '.json')}`;
}
