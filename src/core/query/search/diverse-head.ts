/**
 * Less redundancy at the head of the answer (`diversity=pages`, the default). In the first half of
 * the results (rounded up; of the default k's when k is smaller), a chunk that is the next or previous chunk of one already shown
 * yields its place to the candidate right behind it when that one comes from a page not shown yet,
 * and then follows it (once: a held-back chunk moves one place at most, so its `rank` says where the
 * ranking put it within one). Neighbouring chunks say the least that is new (the chunker even repeats a
 * sentence between them), and on books with long pages the best-ranked chunks were often
 * neighbouring sections of one page: when that page was the wrong one, the next page waited behind
 * them. Only adjacent candidates swap and the first result never moves, so a page that clearly
 * leads keeps its chunks near the top (README, "Page diversity", for what was measured and the
 * stronger variants that were not kept). `group_by=page` is the strong form (one result per page).
 */
import type { PayloadFieldMap } from '../../common/config/payload-fields';
import type { ScoredPoint } from '../../common/types';
import { pointChunkIndex, pointPage } from './result-fields';

/**
 * How many results are diversified: half of k, rounded up — of `defaultK` when k is smaller. A k
 * below the default is answered from the default k's pool (search-plan.ts) and must return the head
 * of the default k's answer: with half of its own k, `k=3` diversified two places where `k=5`
 * diversified three, and the third result changed with k.
 *
 * @example
 * diverseHeadSize(3, 5); // 3, as for k = 5
 * diverseHeadSize(10, 5); // 5
 */
export function diverseHeadSize(k: number, defaultK = k): number {
  return Math.ceil(Math.max(k, defaultK) / 2);
}

/**
 * Reorders `hits` (best first) in the first `head` positions as described above. The page and the
 * chunk index are read through `fields` (the collection's payload field map: `url`, `position`, …);
 * hits without a page key or a chunk index are never counted as a neighbour (and never held back).
 *
 * @example
 * diversifyHead([a0, a1, b4, a2], 2, DEFAULT_PAYLOAD_FIELDS); // [a0, b4, a1, a2] — a1, a0's neighbour, yields to b4
 */
export function diversifyHead<T extends ScoredPoint>(hits: readonly T[], head: number, fields: PayloadFieldMap): T[] {
  const where = (hit: T) => ({ page: pointPage(hit.payload, fields), index: pointChunkIndex(hit.payload, fields) });
  const chunksShown = new Set<string>();
  const pagesShown = new Set<string>();
  const slot = (page: string, index: number) => `${index}\u0000${page}`;
  const nextToShown = (hit: T) => {
    const { page, index } = where(hit);
    return page !== undefined && index !== undefined && (chunksShown.has(slot(page, index - 1)) || chunksShown.has(slot(page, index + 1)));
  };
  const rest = [...hits];
  const first: T[] = [];
  const yielded = new Set<T>();
  while (first.length < head && rest.length > 0) {
    const [next, behind] = rest as [T, T | undefined];
    const behindPage = behind && where(behind).page;
    const yields = behind !== undefined && !yielded.has(next) && nextToShown(next) && (behindPage === undefined || !pagesShown.has(behindPage));
    if (yields) yielded.add(next);
    const [chosen] = rest.splice(yields ? 1 : 0, 1) as [T];
    const { page, index } = where(chosen);
    if (page !== undefined) {
      pagesShown.add(page);
      if (index !== undefined) chunksShown.add(slot(page, index));
    }
    first.push(chosen);
  }
  return [...first, ...rest];
}
