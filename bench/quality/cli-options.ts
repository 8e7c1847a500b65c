/**
 * The command line of `npm run bench:quality`, parsed and checked before any index is built: a
 * mistyped run name or a missing file is reported in one line at once, not after a minute of
 * ingest and with a stack trace.
 */
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { flagErrorMessage } from '../../src/cli/parse-flags';
import { parseConfig } from '../../src/core/common/config/parse-config';
import { RetrieverError } from '../../src/core/common/errors';
import { parseSearchParams } from '../../src/core/query/search/search-params';
import { BASELINE_RUN, runParams } from './run-spec';

/** What `--help` prints. */
export const QUALITY_USAGE = `Measures retrieval quality of a book's embedded index against labelled questions.

Usage:
  npm run bench:quality                         the bundled sample book's two question sets
  npm run bench:quality -- --docs DIR --queries FILE [--queries FILE2] [options]
  npm run bench:quality -- --book DIR=FILE [--book DIR2=FILE2 ...] [options]   several books, then their mean

Options:
  --runs a,b        runs to compare (default: default,semantic,keyword,hybrid,hybrid:rrf); a run is
                    MODE[:FUSION][+RERANK], hybrid@W (weighted, semantic weight W), or any of them
                    followed by ?name=value search parameters (hybrid:rrf?rrf_k=10); bm25-windows
                    (plain BM25 over 250-word windows, the bar to beat) is always measured first
  --subset A..B     extra rows over a slice of question ids (d21..d36), with --docs
  --dims N          LSA dimensions, as ingest --dims
  --synonyms FILE   a synonyms file, as ingest --synonyms, with --docs
  --seed N[,N...]   the LSA's SVD seed; several: each in turn, then the band
  --typos           ask each answerable question with one slip in its rarest book word
  --lenient         pages that answer in part (also_relevant) count as hits
  -v, --verbose     per-question ranks, and the words of each question the book lacks
  -h, --help        this text

Question files: docs/retrieval-quality.md and the README ("Measuring any book").`;

const QUALITY_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  docs: { type: 'string' },
  book: { type: 'string', multiple: true },
  queries: { type: 'string', multiple: true },
  runs: { type: 'string' },
  subset: { type: 'string', multiple: true },
  verbose: { type: 'boolean', short: 'v' },
  lenient: { type: 'boolean' },
  dims: { type: 'string' },
  synonyms: { type: 'string' },
  seed: { type: 'string' },
  typos: { type: 'boolean' },
} as const;

/** A command-line mistake: printed as one line, exit status 2. */
export class UsageError extends Error {}

/** The parsed command line. */
export interface QualityArgs {
  help: boolean;
  docs: string | undefined;
  /** `--book DIR=FILE`, split. */
  books: { docs: string; queries: string }[];
  queries: string[];
  runs: string[] | undefined;
  subsets: string[];
  verbose: boolean;
  lenient: boolean;
  dims: number | null;
  synonyms: string | undefined;
  seeds: number[];
  typos: boolean;
}

/**
 * Parses and checks `argv` (the arguments after the script): options, numbers, `--book` pairs,
 * that every named file and folder exists, and that every run is a valid search.
 *
 * @throws UsageError on any mistake, with a message naming the option.
 * @example
 * parseQualityArgs(['--docs', 'book/docs', '--queries', 'q.json', '--runs', 'default,keyword']).runs; // ['default', 'keyword']
 */
export function parseQualityArgs(argv: readonly string[]): QualityArgs {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: QUALITY_OPTIONS }));
  } catch (error) {
    throw new UsageError(flagErrorMessage(error, QUALITY_OPTIONS));
  }
  const dims = values.dims === undefined ? null : Number(values.dims);
  if (dims !== null && !(Number.isInteger(dims) && dims > 0)) throw new UsageError(`--dims takes a positive integer, got "${values.dims}"`);
  const seeds = (values.seed ?? '').split(',').filter((x) => x.trim() !== '').map(Number);
  if (seeds.some((x) => !(Number.isInteger(x) && x >= 0))) throw new UsageError(`--seed takes non-negative integers (1 or 1,2,3), got "${values.seed}"`);
  const books = (values.book ?? []).map((spec) => {
    const [docs, queries, ...rest] = spec.split('=');
    if (!docs || !queries || rest.length > 0) throw new UsageError(`--book takes DIR=QUERIES.json, got "${spec}"`);
    return { docs, queries };
  });
  if (books.length > 0 && values.docs !== undefined) throw new UsageError('--book and --docs do not go together: name each book with --book DIR=FILE');
  // Without it the sample book's robotics questions would be asked of this book: figures, exit 0, no meaning.
  if (values.docs !== undefined && (values.queries ?? []).length === 0 && !values.help) {
    throw new UsageError(`--docs needs --queries FILE, the labelled questions of that book (the format: README, "Measuring any book"); without --docs the sample book is measured with its own`);
  }
  const named = values.runs === undefined ? undefined : values.runs.split(',').map((r) => r.trim()).filter(Boolean);
  if (named?.length === 0) throw new UsageError('--runs names no run');
  // The baseline is measured first in every table, under this name: a reader who copies it from a
  // table into --runs means that row, not a search mode to refuse.
  const runs = named?.filter((run) => run !== BASELINE_RUN);
  for (const run of runs ?? []) checkRun(run);
  const args: QualityArgs = {
    help: values.help ?? false,
    docs: values.docs,
    books,
    queries: values.queries ?? [],
    runs,
    subsets: values.subset ?? [],
    verbose: values.verbose ?? false,
    lenient: values.lenient ?? false,
    dims,
    synonyms: values.synonyms,
    seeds,
    typos: values.typos ?? false,
  };
  if (!args.help) checkPaths(args);
  return args;
}

/** A run must be a search the embedded default accepts (with no keys, as the bench runs it). */
function checkRun(run: string): void {
  try {
    parseSearchParams({ ...runParams(run), q: 'x' }, parseConfig({}));
  } catch (error) {
    const message = error instanceof RetrieverError ? error.message : String(error);
    throw new UsageError(`--runs: "${run}" is not a valid run (${message})`);
  }
}

function checkPaths(args: QualityArgs): void {
  const folder = (path: string, option: string) => {
    if (!existsSync(path) || !statSync(path).isDirectory()) throw new UsageError(`${option}: no folder at ${path}`);
  };
  const file = (path: string, option: string) => {
    if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(`${option}: no file at ${path}`);
  };
  if (args.docs !== undefined) folder(args.docs, '--docs');
  for (const path of args.queries) file(path, '--queries');
  for (const book of args.books) {
    folder(book.docs, '--book');
    file(book.queries, '--book');
  }
  if (args.synonyms !== undefined) file(args.synonyms, '--synonyms');
}
