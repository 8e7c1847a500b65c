/**
 * The tables of `npm run bench:compare`: per book, then the mean over every query set measured,
 * each run's hit@3 and MRR also as a ratio of this project's default's (the claim under test is
 * that the default beats what the frameworks give, so the default is the denominator). Pure: no
 * framework package is imported here.
 */
import type { SetRow } from '../quality/across-books';
import { formatAnswerableFlagged, type RunScore } from '../quality/page-score';
import { textTable } from '../quality/text-table';

/** The run every other is compared with: the project's embedded default. */
export const OURS = 'default';

const f3 = (v: number): string => v.toFixed(3);
// A ratio to a zero score would read as "infinitely better": n/a says the comparison is empty.
const ratio = (v: number, base: number | undefined): string => (base ? `${(v / base).toFixed(2)}x` : 'n/a');

const HEADER = ['run', 'chunks', 'hit@1', 'hit@3', 'MRR', 'off-topic flagged', 'answerable flagged', `hit@3 vs ${OURS}`, `MRR vs ${OURS}`];

/**
 * One book's table: a line per query set and run, with how many chunks each run indexed.
 *
 * @example
 * formatBookTable('book-d/docs', rows, new Map([['default', 812], ['lc-md-bm25', 640]]));
 * // 'book-d/docs\nset  run  chunks  hit@1  hit@3  MRR  …'
 */
export function formatBookTable(title: string, rows: readonly SetRow[], chunks: ReadonlyMap<string, number>): string {
  const ours = new Map(rows.filter((r) => r.run === OURS).map((r) => [r.set, r.score]));
  // A set's runs together (in the order measured), so each framework sits under the default it is compared with.
  const sets = [...new Set(rows.map((r) => r.set))];
  const grouped = sets.flatMap((set) => rows.filter((r) => r.set === set));
  const body = grouped.map(({ set, run, score }) => {
    const base = ours.get(set);
    return [set, ...cells(run, chunks.get(run), score, base?.hit3, base?.mrr)];
  });
  return [title, ...textTable(['set', ...HEADER], body)].join('\n');
}

/** A run's figures over several query sets: means of the rates (each set weighs the same), sums of the counts. */
export function meanScore(scores: readonly RunScore[]): RunScore {
  const mean = (pick: (s: RunScore) => number): number => scores.reduce((sum, s) => sum + pick(s), 0) / Math.max(1, scores.length);
  const total = (pick: (s: RunScore) => number): number => scores.reduce((sum, s) => sum + pick(s), 0);
  return {
    answerable: total((s) => s.answerable),
    offTopic: total((s) => s.offTopic),
    hit1: mean((s) => s.hit1),
    hit3: mean((s) => s.hit3),
    mrr: mean((s) => s.mrr),
    offTopicFlagged: total((s) => s.offTopicFlagged),
    answerableFlagged: total((s) => s.answerableFlagged),
    answerableFlaggedInTop3: total((s) => s.answerableFlaggedInTop3),
    passage: null,
    misses: total((s) => s.misses),
    missesLackingWord: total((s) => s.missesLackingWord),
  };
}

/**
 * The mean over every query set in `rows`, a line per run (in the order runs first appear), the
 * ratios taken between means. Every run must have been measured on the same sets, or the means
 * would compare different questions: a run missing a set throws.
 *
 * @example
 * formatCompareMeans([...sampleRows, ...bookDRows]); // 'Mean over 3 query sets (…)\nrun  hit@1  …'
 */
export function formatCompareMeans(rows: readonly SetRow[]): string {
  const sets = [...new Set(rows.map((r) => r.set))];
  const runs = [...new Set(rows.map((r) => r.run))];
  const means = new Map(runs.map((run) => {
    const mine = rows.filter((r) => r.run === run);
    if (mine.length !== sets.length) throw new Error(`run ${run} was measured on ${mine.length} of the ${sets.length} query sets`);
    return [run, meanScore(mine.map((r) => r.score))] as const;
  }));
  const ours = means.get(OURS);
  const body = runs.map((run) => {
    const score = means.get(run) as RunScore;
    return cells(run, undefined, score, ours?.hit3, ours?.mrr).filter((_, i) => i !== 1);
  });
  const title = `Mean over ${sets.length} query sets (each set weighs the same; flagged counts summed)`;
  return [title, ...textTable(HEADER.filter((h) => h !== 'chunks'), body)].join('\n');
}

function cells(run: string, chunks: number | undefined, s: RunScore, baseHit3: number | undefined, baseMrr: number | undefined): string[] {
  return [
    run,
    chunks === undefined ? 'n/a' : String(chunks),
    f3(s.hit1),
    f3(s.hit3),
    f3(s.mrr),
    `${s.offTopicFlagged}/${s.offTopic}`,
    formatAnswerableFlagged(s.answerableFlagged, s.answerable, s.answerableFlaggedInTop3),
    ratio(s.hit3, baseHit3),
    ratio(s.mrr, baseMrr),
  ];
}
