/**
 * `group_by=page`: at most one result per page, so k results span k pages. The page is the
 * chunk's `file_path` (else its source URL, `url` included, without its `#fragment`: pointPage),
 * the same key the confidence summary counts distinct sources by. Applied by the pipeline to the ranked candidate pool, so it
 * composes with fusion, MMR and reranking and behaves the same on Qdrant and the embedded store.
 */
import type { PayloadFieldMap } from '../../common/config/payload-fields';
import { pointPage } from './result-fields';
import type { ScoredPoint } from '../../common/types';

/** How many candidates per requested result a grouped search fetches, to still fill k pages. */
export const GROUP_OVERFETCH = 4;

/**
 * Keeps the first (best-ranked) hit of each page; hits with no page key are kept as they are.
 * `fields`: the collection's payload field map (config `payloadFields`).
 *
 * @example
 * onePerPage([{ id: 1, score: 0.9, payload: { file_path: 'a.md' } }, { id: 2, score: 0.8, payload: { file_path: 'a.md' } }], DEFAULT_PAYLOAD_FIELDS);
 * // → only id 1
 */
export function onePerPage<T extends ScoredPoint>(hits: readonly T[], fields: PayloadFieldMap): T[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    const key = pointPage(hit.payload, fields);
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
