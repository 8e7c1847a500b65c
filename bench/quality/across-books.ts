/**
 * One line per run over several books: the mean of each query set's hit@1, hit@3 and MRR (every
 * set weighs the same, whatever its size) and the flagged counts summed. A ranking change is only
 * worth keeping when it holds across books: measured on one or two, noise picks the winner.
 */
import { formatAnswerableFlagged, type RunScore } from './page-score';
import { textTable } from './text-table';

/** A measured row: one query set under one run. */
export interface SetRow {
  set: string;
  run: string;
  score: RunScore;
}

const f3 = (v: number): string => v.toFixed(3);

/**
 * The per-run means over every set in `rows` (subset rows, whose names carry `..`, left out).
 *
 * @example
 * formatMeans([...bookD.rows, ...bookE.rows]);
 * // 'mean over 2 sets  run  hit@1  hit@3  MRR  off-topic flagged  answerable flagged\n…'
 */
export function formatMeans(rows: readonly SetRow[]): string {
  const whole = rows.filter((r) => !r.set.includes('..'));
  const runs = [...new Set(whole.map((r) => r.run))];
  const sets = new Set(whole.map((r) => r.set)).size;
  const header = ['run', 'hit@1', 'hit@3', 'MRR', 'off-topic flagged', 'answerable flagged'];
  const body = runs.map((run) => {
    const mine = whole.filter((r) => r.run === run).map((r) => r.score);
    const total = (pick: (s: RunScore) => number): number => mine.reduce((sum, s) => sum + pick(s), 0);
    const mean = (pick: (s: RunScore) => number): string => f3(total(pick) / mine.length);
    return [
      run,
      mean((s) => s.hit1),
      mean((s) => s.hit3),
      mean((s) => s.mrr),
      `${total((s) => s.offTopicFlagged)}/${total((s) => s.offTopic)}`,
      formatAnswerableFlagged(total((s) => s.answerableFlagged), total((s) => s.answerable), total((s) => s.answerableFlaggedInTop3)),
    ];
  });
  return [`Mean over ${sets} query sets (each set weighs the same; flagged counts summed)`, ...textTable(header, body)].join('\n');
}
