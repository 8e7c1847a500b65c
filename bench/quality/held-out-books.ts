/**
 * The held-out books (bench/held-out/) that are built on this machine, for `npm run bench`: each
 * book whose questions are in the repository and whose pages `sh bench/held-out/fetch.sh` has
 * built (under `HELD_OUT_DIR`, else `.held-out/` at the repository root), as measure.sh finds them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SetRow } from './across-books';

/** A built held-out book: its pages and its questions. */
export interface HeldOutBook {
  name: string;
  docs: string;
  queries: string;
}

/**
 * The held-out books whose pages are built, in folder order.
 *
 * @example
 * heldOutBooks('/repo'); // [{ name: 'denemo-manual', docs: '/repo/.held-out/denemo-manual/docs', queries: '/repo/bench/held-out/denemo-manual/queries.json' }, …]
 */
export function heldOutBooks(root: string, builtDir = process.env.HELD_OUT_DIR ?? join(root, '.held-out')): HeldOutBook[] {
  const here = join(root, 'bench/held-out');
  return readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, 'queries.json')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, docs: join(builtDir, name, 'docs'), queries: join(here, name, 'queries.json') }))
    .filter((book) => existsSync(book.docs));
}

/**
 * One line per run: its mean hit@3 and MRR over the sets as ratios of the baseline run's.
 *
 * @example
 * ratiosToBaseline(rows, 'bm25-windows'); // ['default: hit@3 1.04×, MRR 1.10× (16 sets)']
 */
export function ratiosToBaseline(rows: readonly SetRow[], baseline: string): string[] {
  const mean = (run: string, pick: (row: SetRow) => number): number => {
    const mine = rows.filter((row) => row.run === run);
    return mine.reduce((sum, row) => sum + pick(row), 0) / Math.max(1, mine.length);
  };
  const sets = new Set(rows.map((row) => row.set)).size;
  return [...new Set(rows.map((row) => row.run))]
    .filter((run) => run !== baseline)
    .map((run) => {
      const hit3 = mean(run, (row) => row.score.hit3) / mean(baseline, (row) => row.score.hit3);
      const mrr = mean(run, (row) => row.score.mrr) / mean(baseline, (row) => row.score.mrr);
      return `${run}: hit@3 ${hit3.toFixed(2)}×, MRR ${mrr.toFixed(2)}× (${sets} sets)`;
    });
}
