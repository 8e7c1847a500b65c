/**
 * `group_by=page`: at most one result per page, so k results span k pages. The page is the
 * chunk's `file_path` (else `source_url` without its `#fragment`), the same key the confidence
 * summary counts distinct sources by. Applied by the pipeline to the ranked candidate pool, so it
 * composes with fusion, MMR and reranking and behaves the same on Qdrant and the embedded store.
 */
import { sourceKey } from './result-fields';
import type { ScoredPoint } from '../../common/types';

/** How many candidates per requested result a grouped search fetches, to still fill k pages. */
export const GROUP_OVERFETCH = 4;

/**
 * Keeps the first (best-ranked) hit of each page; hits with no page key are kept as they are.
 *
 * @example
 * onePerPage([{ id: 1, score: 0.9, payload: { file_path: 'a.md' } }, { id: 2, score: 0.8, payload: { file_path: 'a.md' } }]);
 * // → only id 1
 */
export function onePerPage<T extends ScoredPoint>(hits: readonly T[]): T[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    const key = sourceKey({ score: hit.score, payload: hit.payload });
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
