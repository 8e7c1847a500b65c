/**
 * One line per run over several books: the mean of each query set's hit@1, hit@3 and MRR (every
 * set weighs the same, whatever its size), the flagged counts and the top-3 misses summed. A ranking
 * change is only worth keeping when it holds across books: measured on one or two, noise picks the
 * winner.
 */
import { formatAnswerableFlagged, formatMisses, formatPassage, type RunScore } from './page-score';
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
  // Passage figures exist only for sets whose questions name sections (and never for BM25 windows).
  const passages = whole.some((r) => r.score.passage !== null);
  const header = ['run', 'hit@1', 'hit@3', 'MRR', 'off-topic flagged', 'answerable flagged', 'top-3 misses (lacking a word)', ...(passages ? ['passage hit@1/hit@3/MRR'] : [])];
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
      formatMisses(total((s) => s.misses), total((s) => s.missesLackingWord)),
      ...(passages ? [passageMeans(mine)] : []),
    ];
  });
  return [`Mean over ${sets} query sets (each set weighs the same; flagged counts and misses summed)`, ...textTable(header, body)].join('\n');
}

/** Mean passage hit@1 / hit@3 / MRR over the sets that have them (each weighs the same), and how many sets and questions. */
function passageMeans(scores: readonly RunScore[]): string {
  const labelled = scores.flatMap((s) => (s.passage ? [s.passage] : []));
  if (labelled.length === 0) return 'n/a';
  const mean = (pick: (p: (typeof labelled)[number]) => number): number => labelled.reduce((sum, p) => sum + pick(p), 0) / labelled.length;
  const questions = labelled.reduce((sum, p) => sum + p.queries, 0);
  return formatPassage({ hit_at_1: mean((p) => p.hit_at_1), hit_at_3: mean((p) => p.hit_at_3), mrr: mean((p) => p.mrr) }, `${labelled.length} sets, ${questions}`);
}

/**
 * The same means over several LSA seeds (`bench:quality --seed 1,2,3`): per run, the mean over seeds
 * of each seed's set-mean, and how far MRR moved between seeds. A change smaller than that spread is
 * the model's noise, not the change.
 *
 * @example
 * formatSeedBand(new Map([[1, rowsOfSeed1], [2, rowsOfSeed2]]));
 * // 'Over 2 seeds (1, 2): mean of each seed's mean over N query sets\nrun  hit@1  hit@3  MRR  MRR min–max  MRR sd\n…'
 */
export function formatSeedBand(rowsBySeed: ReadonlyMap<number, readonly SetRow[]>): string {
  const perSeed = [...rowsBySeed.values()].map((rows) => rows.filter((r) => !r.set.includes('..')));
  const runs = [...new Set(perSeed.flat().map((r) => r.run))];
  const sets = new Set(perSeed.flat().map((r) => r.set)).size;
  // Passage MRR too, when some set names its sections: a passage-level change needs its own noise band.
  const passages = perSeed.flat().some((r) => r.score.passage !== null);
  const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const band = (values: readonly number[]): string => `${f3(mean(values))} (${f3(Math.min(...values))}–${f3(Math.max(...values))})`;
  const body = runs.map((run) => {
    const seedMeans = perSeed.map((rows) => {
      const mine = rows.filter((r) => r.run === run).map((r) => r.score);
      const labelled = mine.flatMap((s) => (s.passage ? [s.passage.mrr] : []));
      return { hit1: mean(mine.map((s) => s.hit1)), hit3: mean(mine.map((s) => s.hit3)), mrr: mean(mine.map((s) => s.mrr)), passage: labelled.length ? mean(labelled) : null };
    });
    const mrrs = seedMeans.map((m) => m.mrr);
    const mrr = mean(mrrs);
    const sd = Math.sqrt(mean(mrrs.map((m) => (m - mrr) ** 2)) * (mrrs.length / Math.max(1, mrrs.length - 1)));
    const passageMrrs = seedMeans.flatMap((m) => (m.passage === null ? [] : [m.passage]));
    const passage = passageMrrs.length ? band(passageMrrs) : 'n/a';
    return [run, f3(mean(seedMeans.map((m) => m.hit1))), f3(mean(seedMeans.map((m) => m.hit3))), f3(mrr), `${f3(Math.min(...mrrs))}–${f3(Math.max(...mrrs))}`, f3(sd), ...(passages ? [passage] : [])];
  });
  const header = ['run', 'hit@1', 'hit@3', 'MRR', 'MRR min–max', 'MRR sd', ...(passages ? ['passage MRR (min–max)'] : [])];
  const seeds = [...rowsBySeed.keys()].join(', ');
  return [`Over ${rowsBySeed.size} seeds (${seeds}): mean of each seed's mean over ${sets} query sets`, ...textTable(header, body)].join('\n');
}
