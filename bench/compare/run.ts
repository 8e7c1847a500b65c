/**
 * `npm run bench:compare [-- --book DIR=QUERIES.json …]`: this project's offline default against
 * what LangChain.js and LlamaIndex.TS users build with no API key and no model download, on the
 * same labelled books, scored by the same page-level rules as bench:quality (hit@1, hit@3, MRR at
 * k = 10). Every figure printed comes from one run: the project's default and its BM25-windows
 * baseline are measured by bench:quality's own `measureBook` on the same book in the same process.
 * The frameworks' retrievers never say "not covered", so their answers are scored unflagged.
 * Setups and findings: README.md beside this file.
 */
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { readDocs } from '../../src/cli/ingest/read-docs';
import { stopQuietlyOnClosedPipe } from '../../src/cli/closed-pipe';
import { measureBook, sampleBookSets } from '../book-quality';
import { DEPTH } from '../quality/run-spec';
import type { SetRow } from '../quality/across-books';
import { loadBookQueries, pageKeyOf, QuestionFileError, type QuerySetSpec } from '../quality/book-queries';
import { buildWindowIndex } from '../quality/bm25-windows';
import { UsageError } from '../quality/cli-options';
import { aggregate, scoreAnswer, type QueryScore } from '../quality/page-score';
import { bookSetName, COMPARE_USAGE, parseCompareArgs } from './compare-args';
import { formatBookTable, formatCompareMeans } from './compare-table';
import { langchainBm25, langchainBm25Lowercased } from './langchain-setups';
import { llamaindexMarkdownBm25, llamaindexSentenceBm25 } from './llamaindex-setups';
import type { RetrieverSetup } from './retriever-setup';

/** The setups measured, in table order (the lowercased one last: it is a diagnostic). */
export const SETUPS: readonly RetrieverSetup[] = [langchainBm25, llamaindexSentenceBm25, llamaindexMarkdownBm25, langchainBm25Lowercased];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface BookToMeasure {
  docs: string;
  sets: QuerySetSpec[];
}

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * Measures one book with the project's default (and BM25 windows) and with every setup; prints
 * its table and returns its rows.
 */
async function measureOne(book: BookToMeasure): Promise<SetRow[]> {
  const started = performance.now();
  const ours = await measureBook({ docsDir: book.docs, sets: book.sets, runs: ['default'] });
  const timings = [`default and bm25-windows ${seconds(started)}`];
  // The same page list the project's ingest reads, raw: every setup sees the same pages.
  const { files } = await readDocs(book.docs);
  const chunks = new Map([['default', ours.chunks], ['bm25-windows', buildWindowIndex(files).windows.length]]);
  const rows: SetRow[] = [...ours.rows];
  const questions = book.sets.map((set) => ({ set, queries: loadBookQueries(set.path) }));
  for (const setup of SETUPS) {
    const built = performance.now();
    const retriever = await setup.build(files, DEPTH);
    chunks.set(setup.name, retriever.chunks);
    const asked = performance.now();
    for (const { set, queries } of questions) {
      const scores: QueryScore[] = [];
      for (const query of queries) {
        const pages = (await retriever.search(query.query)).map(pageKeyOf);
        scores.push(scoreAnswer(query, { pages, flagged: false }));
      }
      rows.push({ set: `${set.name} (${queries.length})`, run: setup.name, score: aggregate(scores) });
    }
    timings.push(`${setup.name} index ${((asked - built) / 1000).toFixed(1)} s + questions ${seconds(asked)}`);
  }
  console.log(`${formatBookTable(`${book.docs} (top ${DEPTH})`, rows, chunks)}\ntime: ${timings.join('; ')}\n`);
  return rows;
}

/** Measures what the command line names (the sample book's two sets when it names no book). */
async function main(argv: readonly string[]): Promise<void> {
  const args = parseCompareArgs(argv);
  if (args.help) {
    console.log(COMPARE_USAGE);
    return;
  }
  const started = performance.now();
  const books: BookToMeasure[] = args.books.length
    ? args.books.map((book) => ({ docs: book.docs, sets: [{ name: bookSetName(book), path: book.queries }] }))
    : [{ docs: resolve(ROOT, 'sample-book/docs'), sets: sampleBookSets() }];
  console.log(`Setups (k = ${DEPTH}):\n${SETUPS.map((s) => `  ${s.name}: ${s.summary}`).join('\n')}\n`);
  const rows: SetRow[] = [];
  for (const book of books) rows.push(...(await measureOne(book)));
  console.log(formatCompareMeans(rows));
  console.log(`\nTotal ${seconds(started)} for ${books.length} book(s).`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  stopQuietlyOnClosedPipe();
  try {
    await main(process.argv.slice(2));
    process.exit(0);
  } catch (error) {
    // A mistake in the command line or a question file is the user's: one line. Anything else: the stack.
    const own = error instanceof UsageError || error instanceof QuestionFileError;
    console.error(`bench:compare: ${own ? (error as Error).message : ((error as Error).stack ?? String(error))}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
}
