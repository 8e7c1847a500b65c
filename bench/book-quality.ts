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
import { loadBookQueries, pageKeyOf, QuestionFileError, type BookQuery } from './quality/book-queries';
import { buildWindowIndex, searchWindows } from './quality/bm25-windows';
import { aggregate, formatAnswerableFlagged, formatMisses, formatPassage, scoreAnswer, type QueryScore, type RankedAnswer, type RunScore } from './quality/page-score';
import { buildTempIndex } from './quality/temp-index';
import { lackingWords } from './quality/lacking-words';
import { formatMeans, formatSeedBand } from './quality/across-books';
import { textTable } from './quality/text-table';
import { withTypos } from './quality/typo-questions';
import { inSubset, runParams } from './quality/run-spec';
import { parseQualityArgs, QUALITY_USAGE, UsageError, type QualityArgs } from './quality/cli-options';
import { stopQuietlyOnClosedPipe } from '../src/cli/closed-pipe';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The baseline's run name. */
export const BASELINE_RUN = 'bm25-windows';
/** Runs measured by default: each mode, RRF hybrid, and whatever SEARCH_MODE defaults to. */
export const DEFAULT_BOOK_RUNS = ['default', 'semantic', 'keyword', 'hybrid', 'hybrid:rrf'] as const;
/** Results fetched per question (MRR sees ranks up to this). */
export const DEPTH = 10;

/** One query set to measure against the book. */
export interface QuerySetSpec {
  name: string;
  path: string;
}

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

/** Per set, per subset, per run. */
export interface BookQualityResult {
  chunks: number;
  rows: { set: string; run: string; score: RunScore }[];
  /** Per-question ranks, for `--verbose` (set → query id → run → score). */
  detail: Map<string, Map<string, Map<string, QueryScore>>>;
  /** The words of each question no chunk uses (set → query id → words; questions without any left out). */
  lacking: Map<string, Map<string, string[]>>;
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
  const rows: BookQualityResult['rows'] = [];
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
  return { chunks: index.chunks, rows, detail, lacking: lackingBySet, text: formatRows(options.docsDir, index.chunks, rows, options.lenient) };
}

const f3 = (v: number) => v.toFixed(3);

function formatRows(docsDir: string, chunks: number, rows: BookQualityResult['rows'], lenient = false): string {
  // Passage figures only when some set names the sections of its answers (BM25 windows have no headings: n/a).
  const passages = rows.some((r) => r.score.passage !== null);
  const header = ['set', 'run', 'hit@1', 'hit@3', 'MRR', 'off-topic flagged', 'answerable flagged', 'top-3 misses (lacking a word)', 'hit@3 vs bm25w', 'MRR vs bm25w', ...(passages ? ['passage hit@1/hit@3/MRR'] : [])];
  const base = new Map(rows.filter((r) => r.run === BASELINE_RUN).map((r) => [r.set, r.score]));
  const body = rows.map(({ set, run, score: s }) => {
    const b = base.get(set);
    const ratio = (v: number, w: number | undefined) => (w ? `${(v / w).toFixed(2)}x` : 'n/a');
    const passage = s.passage ? formatPassage(s.passage, String(s.passage.queries)) : 'n/a';
    return [set, run, f3(s.hit1), f3(s.hit3), f3(s.mrr), `${s.offTopicFlagged}/${s.offTopic}`, formatAnswerableFlagged(s.answerableFlagged, s.answerable, s.answerableFlaggedInTop3), formatMisses(s.misses, s.missesLackingWord), ratio(s.hit3, b?.hit3), ratio(s.mrr, b?.mrr), ...(passages ? [passage] : [])];
  });
  const scoring = lenient ? ', lenient: pages that answer in part count' : '';
  return [`Book quality: ${docsDir} (${chunks} chunks, embedded index built fresh, local embedder), top ${DEPTH}${scoring}`, ...textTable(header, body)].join('\n');
}

/**
 * Per-question ranks (run columns), for finding what to fix; a question that uses words no chunk
 * uses ends with them ("lacks: shrink"): the left sides of synonyms rules that could reach it.
 */
export function formatDetail(result: BookQualityResult, runs: readonly string[], sets: readonly QuerySetSpec[]): string {
  const out: string[] = [];
  for (const set of sets) {
    const queries = loadBookQueries(set.path);
    out.push(`\n${set.name}: rank of first relevant page per run (- = not in top ${DEPTH}; F = flagged; /N = the first chunk under a labelled section; then the question, and the words of it no chunk uses)`);
    out.push(['id'.padEnd(6), ...[BASELINE_RUN, ...runs].map((r) => r.slice(0, 12).padEnd(13)), 'query'].join(''));
    for (const q of queries) {
      const byRun = result.detail.get(set.name)?.get(q.id);
      const cells = [BASELINE_RUN, ...runs].map((r) => {
        const s = byRun?.get(r);
        const rank = q.offTopic ? 'off' : s?.rank === null || s === undefined ? '-' : String(s.rank);
        const passage = s && s.passageRank !== undefined ? `/${s.passageRank ?? '-'}` : '';
        return `${rank}${s?.flagged ? 'F' : ''}${passage}`.padEnd(13);
      });
      const lacks = result.lacking.get(set.name)?.get(q.id);
      out.push([q.id.padEnd(6), ...cells, lacks ? `${q.query.slice(0, 70).padEnd(72)}lacks: ${lacks.join(', ')}` : q.query.slice(0, 70)].join(''));
    }
  }
  return out.join('\n');
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
  const measureAll = async (seed: number | undefined): Promise<BookQualityResult['rows']> => {
    const seeded = seed === undefined ? {} : { seed };
    const rows: BookQualityResult['rows'] = [];
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
  const bySeed = new Map<number, BookQualityResult['rows']>();
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
