/**
 * `retrieve "<query>" [options]` (`npm run retrieve --`, bin `retrieve`): search the book from
 * the terminal, in-process with the Worker's configuration variables or against a running Worker
 * (`--url`); `--validate <queries.json>` scores a labelled query set. See RETRIEVE_USAGE for
 * options and exit codes.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseConfig } from '../core/common/config/parse-config';
import { contextNotes, formatContext } from '../core/query/search/context-format';
import type { SearchOutcome } from '../core/query/search/search-outcome';
import { buildIndexIfStale } from './build-index';
import { loadCliEnv } from './env-file';
import { bookDocsDir, bookIndexPath, docsDirProblem } from './index-paths';
import { optionsSaid } from './index-stamp';
import { parseRetrieveArgs, RETRIEVE_USAGE, type RetrieveArgs } from './retrieve/args';
import { EXIT, reportFailure, usageError } from './cli-failure';
import { formatSearchText } from './retrieve/format-text';
import { processIo, type RetrieveIo } from './retrieve/io';
import { defaultIndexPath, inProcessSearcher, remoteSearcher, type Searcher } from './retrieve/run-query';
import { runGapsCommand } from './retrieve/gaps-command';
import { runValidateCommand } from './retrieve/validate-command';
import { CHOOSE_BOOK_HINT, searchedBook } from './retrieve/searched-book';
import { stopQuietlyOnClosedPipe } from './closed-pipe';

export type { RetrieveIo } from './retrieve/io';

/**
 * Runs the command and returns its exit code (0 results / PASS, 1 no results / FAIL,
 * 2 configuration or usage error, 3 connection error, 4 a bug). Never throws and never exits the process.
 *
 * @example
 * const code = await runRetrieve(['What is a ROS 2 topic?', '-k', '3'], {}, { stdout: console.log, stderr: console.error, cwd: process.cwd() });
 */
export async function runRetrieve(argv: readonly string[], env?: Record<string, string>, io: RetrieveIo = processIo()): Promise<number> {
  try {
    const args = parseRetrieveArgs(argv);
    if (args.help) {
      io.stdout(RETRIEVE_USAGE);
      return EXIT.ok;
    }
    const vars = env ?? loadCliEnv(io.cwd);
    refuseIndexWithQdrant(args, vars);
    // --gaps reads the book's own index too, so it is brought up to date the same way.
    if (args.url === null && args.index === null) await refreshBookIndex(vars, io);
    const book = searchedBook(args, vars, io.cwd);
    const makeSearcher = (): Searcher => searcherFor(args, vars, io);
    if (args.validate !== null) return await runValidateCommand(args, makeSearcher, io, book);
    // A book nobody chose (the bundled sample) is said, or a newcomer's questions run against it unawares.
    if (!book.chosen) io.stderr(`retrieve: searching ${book.name}; to search your book, ${CHOOSE_BOOK_HINT}`);
    if (args.gaps !== null) return await runGapsCommand(args, vars, io);
    return await searchOnce(args, makeSearcher(), io);
  } catch (error) {
    return reportFailure(error, 'retrieve', io.stderr);
  }
}

/**
 * `--index FILE` names an embedded index; QDRANT_URL sends every search to Qdrant, where the file
 * would go unread. The README gives --index as the file searched "without Qdrant settings", so
 * both at once is a usage error (exit 2) rather than a flag silently ignored.
 */
function refuseIndexWithQdrant(args: RetrieveArgs, env: Record<string, string>): void {
  if (args.index === null || parseConfig(env).storeKind !== 'qdrant') return;
  throw usageError(`--index names an embedded index and QDRANT_URL (environment or .dev.vars) points at Qdrant: pick one (drop --index to search Qdrant, or unset QDRANT_URL and QDRANT_API_KEY to search ${args.index})`);
}

/**
 * Brings the book's own embedded index up to date before an in-process search of it, as
 * `npm run dev` does: after a `git pull` or an edit of the book, the file on disk would otherwise
 * answer with the old chunks and the old ranking without a word. A no-op (a hash of the inputs)
 * when nothing changed, and when searches go to Qdrant or the book is not here.
 */
async function refreshBookIndex(env: Record<string, string>, io: RetrieveIo): Promise<void> {
  if (parseConfig(env).storeKind !== 'embedded') return;
  const { docs, configured } = bookDocsDir(env);
  // A DOCS_DIR that is not there would otherwise be answered from whatever index exists (the one
  // `wrangler deploy` last bundled, or the sample book's), as if it were that book.
  const problem = configured ? docsDirProblem(docs, true, io.cwd) : null;
  if (problem) throw usageError(problem);
  if (!existsSync(resolve(io.cwd, docs))) return;
  const started = performance.now();
  // Its report (a notice, a skipped page) on stderr: stdout is the answer, and `--json` must parse.
  const build = await buildIndexIfStale(docs, bookIndexPath(docs, io.cwd), { cwd: io.cwd, env, report: io.stderr });
  if (!build.built) return;
  const said = optionsSaid(build.options);
  io.stderr(`retrieve: rebuilt the embedded index of ${docs} (the book or the indexing code changed${said ? `; with ${said}, as it was last built` : ''}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function searcherFor(args: RetrieveArgs, env: Record<string, string>, io: RetrieveIo): Searcher {
  const fetchImpl = io.fetch;
  if (args.url !== null) {
    const apiKey = env.RETRIEVER_API_KEY?.trim();
    return remoteSearcher({ url: args.url, ...(apiKey ? { apiKey } : {}), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  }
  const indexPath = args.index !== null ? resolve(io.cwd, args.index) : defaultIndexPath(io.cwd, env);
  return inProcessSearcher({ env, indexPath, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

async function searchOnce(args: RetrieveArgs, searcher: Searcher, io: RetrieveIo): Promise<number> {
  const started = performance.now();
  const doc = await searcher.search({ ...args.params, q: args.query as string });
  const elapsedMs = performance.now() - started;
  if (args.json) io.stdout(JSON.stringify(doc, null, 2));
  else if (args.context) {
    // With no results too: the [Note] the Worker's format=context sends, so a prompt is never empty.
    io.stdout(formatContext(doc.results, contextNotes(doc.summary.warnings)));
  } else io.stdout(formatSearchText(doc, { verbose: args.verbose, elapsedMs, source: searcher.label, fromWorker: searcher.remote === true }));

  if (doc.results.length > 0) return EXIT.ok;
  io.stderr(`retrieve: no results${typeof doc.summary.message === 'string' ? `: ${doc.summary.message}` : ''}\n  hint: ${noResultsHint(args, doc)}`);
  return EXIT.noResults;
}

function noResultsHint(args: RetrieveArgs, doc: SearchOutcome): string {
  const below = doc.summary.warnings?.find((w) => w.code === 'all_below_threshold');
  const best = below?.details?.highest_score;
  if (args.params.threshold !== undefined && typeof best === 'number') {
    return `lower --threshold (the best candidate scored ${best.toFixed(4)})`;
  }
  const filtered = ['chapter', 'module', 'section', 'tags', 'filter'].some((name) => args.params[name] !== undefined);
  if (filtered) return 'relax the filters (--chapter, --module, --section, --tags, --filter); names are case-sensitive';
  // Hybrid already searched both lists: suggesting it again would send the reader round in a circle.
  const other = doc.mode === 'hybrid' ? 'rephrase the query with the book\'s own words' : 'rephrase the query or try --mode hybrid';
  return `${other}; is the collection ingested (npm run ingest)?`;
}

const invokedDirectly = process.argv[1] !== undefined && (import.meta.url === `file://${process.argv[1]}` || process.argv[1].endsWith('/src/cli/retrieve.ts'));
if (invokedDirectly) {
  stopQuietlyOnClosedPipe();
  runRetrieve(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
