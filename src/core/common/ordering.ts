/**
 * The one tie-breaking rule every retrieval strategy shares, so that equal scores never make the
 * output depend on input order, Map iteration or the sort algorithm.
 */
import type { PointId } from './types';

/**
 * Orders point ids ascending: numbers numerically, strings by UTF-16 code unit (not
 * `localeCompare`, whose result depends on the runtime's ICU data), and every number before every
 * string. Why not "compare as strings when the types differ": that rule is not transitive
 * (10 < '5' as strings, '5' < 9 as strings, 9 < 10 numerically), and a sort with a cyclic
 * comparator can return different orders for different input orders. Qdrant also lists integer
 * ids before UUIDs.
 *
 * @example
 * [10, 'b', 9, 'a'].sort(compareIds); // → [9, 10, 'a', 'b']
 */
export function compareIds(a: PointId, b: PointId): number {
  const na = typeof a === 'number';
  const nb = typeof b === 'number';
  if (na && nb) return (a as number) - (b as number);
  if (na !== nb) return na ? -1 : 1;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * Comparator: score descending, then id ascending (see {@link compareIds}).
 *
 * @example
 * points.sort(byScoreThenId);
 */
export function byScoreThenId(a: { score: number; id: PointId }, b: { score: number; id: PointId }): number {
  if (a.score !== b.score) return b.score - a.score;
  return compareIds(a.id, b.id);
}
