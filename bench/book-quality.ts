/**
 * `npm run bench:quality -- --docs DIR --queries FILE […]` or `-- --book DIR=FILE --book DIR2=FILE2 …`
 * (several books, then the mean over all their query sets per run: a ranking change should hold
 * across books, not on one). The options: `QUALITY_USAGE` in quality/cli-options.ts (`--help`).
 *
 * Measures retrieval quality on any book: builds the book's embedded index in a temp dir, runs
 * every labelled question through the real core pipeline once per run (mode), and prints per set
 * and run: hit@1, hit@3, MRR, off-topic questions flagged and answerable ones wrongly flagged, and
 * the answerable questions whose page is not in the top 3, with how many of those use a word the book
 * lacks (a synonyms file's to fix; the rest are ranking's) — next to plain BM25 over 250-word windows
 * measured in the same run (the bar to beat).
 * Without arguments it measures the bundled sample book's query sets.
 */
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDocs } from '../src/cli/ingest/read-docs';
import { inProcessSearcher, loadIndexFile } from '../src/cli/retrieve/run-query';
import { toEvalResults } from '../src/cli/retrieve/validate';
import { unmatchedFileLabels, unmatchedLabelsWarning } from '../src/core/build-time/eval/label-check';
import { resultHeadings } from '../src/core/build-time/eval/passages';
import { indexVocabulary } from '../src/core/query/book-terms/book-vocabulary';
import { loadBookQueries, pageKeyOf, QuestionFileError, type BookQuery, type QuerySetSpec } from './quality/book-queries';
import { buildWindowIndex, searchWindows } from './quality/bm25-windows';
import { aggregate, scoreAnswer, type QueryScore, type RankedAnswer } from './quality/page-score';
import { formatQualityTable, formatDetail, type BookRow, type QuestionDetail } from './quality/book-report';
import { buildTempIndex } from './quality/temp-index';
import { lackingWords } from './quality/lacking-words';
import { formatMeans, formatSeedBand } from './quality/across-books';
import { withTypos } from './quality/typo-questions';
import { BASELINE_RUN, DEPTH, inSubset, runParams } from './quality/run-spec';
import { parseQualityArgs, QUALITY_USAGE, UsageError, type QualityArgs } from './quality/cli-options';
import { stopQuietlyOnClosedPipe } from '../src/cli/closed-pipe';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs measured by default: each mode, RRF hybrid, and whatever SEARCH_MODE defaults to. */
export const DEFAULT_BOOK_RUNS = ['default', 'semantic', 'keyword', 'hybrid', 'hybrid:rrf'] as const;

/** Options of {@link measureBook}. */
export interface BookQualityOptions {
  docsDir: string;
  sets: QuerySetSpec[];
  runs?: readonly string[];
  /** Extra rows over a slice of ids, e.g. `d21..d36` (inclusive, compared by number). */
  subsets?: readonly string[];
  /** Also count each question's `also_relevant` pages (pages that answer it in part) as hits. */
  lenient?: boolean;
  /** LSA dimensions, as `ingest --dims` (default null: chosen from the book's size). */
  dims?: number | null;
  /** A synonyms file, as `ingest --synonyms` (default: the docs root's synonyms.txt when present). */
  synonyms?: string;
  /**
   * Seed of the LSA's randomized SVD (default: ingest's). Measuring a few seeds shows how much of a
   * difference between two runs is the model's noise rather than the change.
   */
  seed?: number;
  /** Ask each answerable question with one slip in its rarest book word (quality/typo-questions.ts). */
  typos?: boolean;
}

/** Per set, per subset, per run; and per question, for `--verbose`. */
export interface BookQualityResult extends QuestionDetail {
  chunks: number;
  rows: BookRow[];
  text: string;
}

/**
 * Measures one book.
 *
 * @example
 * const { text } = await measureBook({ docsDir: 'sample-book/docs', sets: [{ name: 'old', path: 'sample-book/queries.json' }] });
 */
export async function measureBook(options: BookQualityOptions): Promise<BookQualityResult> {
  const runs = options.runs ?? DEFAULT_BOOK_RUNS;
  const index = await buildTempIndex(options.docsDir, options.dims ?? null, options.seed, options.synonyms);
  const { files } = await readDocs(options.docsDir);
  const windows = buildWindowIndex(files);
  const detail: BookQualityResult['detail'] = new Map();
  const lackingBySet: BookQualityResult['lacking'] = new Map();
  const rows: BookRow[] = [];
  try {
    const vocabulary = indexVocabulary(loadIndexFile(index.path));
    for (const set of options.sets) {
      const queries = options.typos ? withTypos(loadBookQueries(set.path), vocabulary) : loadBookQueries(set.path);
      // A page label that names no page of the book can only fail: say so before the figures blame the retriever.
      const unmatched = unmatchedLabelsWarning(unmatchedFileLabels(queries.map((q) => ({ id: q.id, expected: { file_paths: q.expected } })), files.map((file) => file.path)));
      if (unmatched) console.error(`${set.name}: ${unmatched}`);
      // The words each question uses that no chunk does: they split the misses, and `-v` lists them.
      const lacking = lackingWords(vocabulary, queries);
      lackingBySet.set(set.name, lacking);
      const perRun = new Map<string, QueryScore[]>();
      const answer = async (run: string, q: BookQuery): Promise<RankedAnswer> => {
        if (run === BASELINE_RUN) return { pages: searchWindows(windows, q.query, DEPTH), flagged: false };
        const searcher = inProcessSearcher({ env: {}, indexPath: index.path });
        const doc = await searcher.search({ ...runParams(run), q: q.query, k: DEPTH });
        const flagged = (doc.summary as { confidence?: { low_confidence?: boolean } }).confidence?.low_confidence === true;
        const pages = doc.results.map((r) => pageKeyOf(String(r.metadata?.file_path ?? r.file_path ?? '')));
        const headings = toEvalResults(doc).map(resultHeadings);
        return { pages, flagged, headings };
      };
      for (const run of [BASELINE_RUN, ...runs]) {
        const scores: QueryScore[] = [];
        for (const q of queries) {
          const score = scoreAnswer(q, await answer(run, q), options.lenient, lacking.has(q.id));
          scores.push(score);
          const byId = detail.get(set.name) ?? new Map<string, Map<string, QueryScore>>();
          detail.set(set.name, byId);
          const byRun = byId.get(q.id) ?? new Map<string, QueryScore>();
          byId.set(q.id, byRun);
          byRun.set(run, score);
        }
        perRun.set(run, scores);
      }
      for (const [run, scores] of perRun) rows.push({ set: `${set.name} (${queries.length})`, run, score: aggregate(scores) });
      for (const subset of options.subsets ?? []) {
        const ids = new Set(queries.filter((q) => inSubset(q.id, subset)).map((q) => q.id));
        if (ids.size === 0) continue;
        for (const [run, scores] of perRun) rows.push({ set: `${set.name} ${subset} (${ids.size})`, run, score: aggregate(scores.filter((s) => ids.has(s.id))) });
      }
    }
  } finally {
    index.dispose();
  }
  return { chunks: index.chunks, rows, detail, lacking: lackingBySet, text: formatQualityTable(options.docsDir, index.chunks, rows, options.lenient) };
}

/** A query set's name in the tables: `book/queries`, or just `queries` for the sample book's own files. */
function setName(docsDir: string, queries: string): string {
  const file = basename(queries, '.json');
  return basename(dirname(resolve(queries))) === 'sample-book' ? file : `${basename(dirname(resolve(docsDir)))}/${file}`;
}

/** The sample book's sets: the original 44 and the student set. */
export function sampleBookSets(): QuerySetSpec[] {
  return [
    { name: 'sample old', path: resolve(ROOT, 'sample-book/queries.json') },
    { name: 'sample new', path: resolve(ROOT, 'sample-book/student-queries.json') },
  ];
}

/** Measures what the command line asks for (see `QUALITY_USAGE`). */
async function main(args: QualityArgs): Promise<void> {
  const runs = args.runs ?? DEFAULT_BOOK_RUNS;
  const common = { runs, lenient: args.lenient, dims: args.dims, typos: args.typos };
  const measureAll = async (seed: number | undefined): Promise<BookRow[]> => {
    const seeded = seed === undefined ? {} : { seed };
    const rows: BookRow[] = [];
    if (args.books.length > 0) {
      for (const book of args.books) {
        const sets = [{ name: setName(book.docs, book.queries), path: resolve(book.queries) }];
        const result = await measureBook({ docsDir: resolve(book.docs), sets, ...common, ...seeded });
        console.log(`${result.text}\n`);
        if (args.verbose) console.log(`${formatDetail(result, runs, sets)}\n`);
        rows.push(...result.rows);
      }
      console.log(formatMeans(rows));
      return rows;
    }
    const docsDir = resolve(args.docs ?? resolve(ROOT, 'sample-book/docs'));
    const sets = args.queries.length ? args.queries.map((p) => ({ name: setName(docsDir, p), path: resolve(p) })) : sampleBookSets();
    const synonyms = args.synonyms === undefined ? {} : { synonyms: resolve(args.synonyms) };
    const result = await measureBook({ docsDir, sets, subsets: args.subsets, ...common, ...synonyms, ...seeded });
    console.log(result.text);
    if (args.verbose) console.log(formatDetail(result, runs, sets));
    return result.rows;
  };
  // One seed, or several (`--seed 1,2,3`): then each is measured in turn and the band printed last.
  if (args.seeds.length <= 1) {
    await measureAll(args.seeds[0]);
    return;
  }
  const bySeed = new Map<number, BookRow[]>();
  for (const seed of args.seeds) {
    console.log(`\n== seed ${seed}\n`);
    bySeed.set(seed, await measureAll(seed));
  }
  console.log(`\n${formatSeedBand(bySeed)}`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  stopQuietlyOnClosedPipe();
  try {
    const args = parseQualityArgs(process.argv.slice(2));
    if (args.help) console.log(QUALITY_USAGE);
    else await main(args);
    process.exit(0);
  } catch (error) {
    // A mistake in the command line or in a question file is the user's to fix: one line, no stack.
    // Anything else is a bug in the bench or the product: its stack is what finds it.
    const usage = error instanceof UsageError;
    const own = usage || error instanceof QuestionFileError;
    console.error(`bench:quality: ${own ? (error as Error).message : ((error as Error).stack ?? String(error))}${usage ? ' (--help lists the options)' : ''}`);
    process.exit(usage ? 2 : 1);
  }
}
