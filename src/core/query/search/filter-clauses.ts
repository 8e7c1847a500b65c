/**
 * The shape of Qdrant filter JSON, as the filter language builds it and as the stages that read a
 * filter back (shortcuts, descriptions, strict filtering) walk it: a clause's conditions, whether a
 * condition is a nested filter, and how translated parts splice into a parent so that
 * `{"and": [{"and": …}]}` becomes one flat `must` rather than a tower of wrappers.
 */
import type { Schemas } from '@qdrant/js-client-rest';
import type { QdrantFilter } from '../../common/types';

/** One Qdrant condition (a field condition or a nested filter). */
export type QdrantCondition = Schemas['Condition'];

/**
 * The conditions of one clause of a filter (`must`, `should`, …): a list, one condition, or none.
 *
 * @example
 * clauseList({ key: 'module', match: { value: 'a' } }); // → [{ key: 'module', match: { value: 'a' } }]
 */
export function clauseList(value: QdrantFilter['must']): QdrantCondition[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value as QdrantCondition];
}

/**
 * True for a nested filter (as opposed to a field condition).
 *
 * @example
 * isFilterCondition({ must_not: [{ key: 'draft', match: { value: true } }] }); // → true
 */
export function isFilterCondition(c: QdrantCondition): c is QdrantFilter {
  return !('key' in c) && ('must' in c || 'should' in c || 'must_not' in c);
}

/** The conditions of a filter that is nothing but one `clause` list, else undefined. */
function only(f: QdrantCondition, clause: 'must' | 'should' | 'must_not'): QdrantCondition[] | undefined {
  if (!isFilterCondition(f)) return undefined;
  const keys = Object.keys(f);
  const list = f[clause];
  return keys.length === 1 && Array.isArray(list) ? list : undefined;
}

/**
 * Conditions to splice into a parent `must` (flattens AND-of-AND).
 *
 * @example
 * asMust({ must: [a, b] }); // → [a, b]
 */
export function asMust(f: QdrantCondition): QdrantCondition[] {
  return only(f, 'must') ?? [f];
}

/**
 * Conditions to splice into a parent `should` (flattens OR-of-OR and single-condition wrappers).
 * A parent `must_not` takes the same list: NOT(a OR b) = must_not [a, b]; NOT(a) = must_not [a].
 *
 * @example
 * asAlternatives({ should: [a, b] }); // → [a, b]
 */
export function asAlternatives(f: QdrantCondition): QdrantCondition[] {
  const must = only(f, 'must');
  return only(f, 'should') ?? (must?.length === 1 ? must : [f]);
}
