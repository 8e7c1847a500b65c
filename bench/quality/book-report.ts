/**
 * What `bench:quality` prints for one book: the table of figures per set and run against the
 * BM25-window baseline, and (`--verbose`) each question's rank per run, for finding what to fix.
 */
import { loadBookQueries, type QuerySetSpec } from './book-queries';
import { formatAnswerableFlagged, formatMisses, formatPassage, type QueryScore, type RunScore } from './page-score';
import { BASELINE_RUN, DEPTH } from './run-spec';
import { textTable } from './text-table';

/** One row of the table: a query set (or a slice of it) under one run. */
export interface BookRow {
  set: string;
  run: string;
  score: RunScore;
}

/** Per-question outcomes of a measured book, for {@link formatDetail}. */
export interface QuestionDetail {
  /** Per-question ranks (set → query id → run → score). */
  detail: Map<string, Map<string, Map<string, QueryScore>>>;
  /** The words of each question no chunk uses (set → query id → words; questions without any left out). */
  lacking: Map<string, Map<string, string[]>>;
}

const f3 = (v: number) => v.toFixed(3);

/**
 * The table of one measured book: per set and run the figures, and each run's hit@3 and MRR as a
 * ratio to the BM25-window baseline of the same set.
 *
 * @example
 * console.log(formatQualityTable('sample-book/docs', 240, rows));
 */
export function formatQualityTable(docsDir: string, chunks: number, rows: readonly BookRow[], lenient = false): string {
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
 *
 * @example
 * console.log(formatDetail(result, ['keyword', 'hybrid'], [{ name: 'mini', path: 'queries.json' }]));
 */
export function formatDetail(result: QuestionDetail, runs: readonly string[], sets: readonly QuerySetSpec[]): string {
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
