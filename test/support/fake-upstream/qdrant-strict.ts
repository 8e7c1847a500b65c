/**
 * The fake Qdrant's strict mode (Qdrant ≥ 1.13), as far as searches feel it: with
 * `strict_mode_config: {enabled: true, unindexed_filtering_retrieve: false}` — what Qdrant Cloud
 * sets on every new collection — a query whose filter (at any prefetch level) or formula
 * condition names a payload key without a payload index is refused with Qdrant's 400
 * "Index required but not found for …".
 */
import { isObject } from './http-io';
import { badRequest } from './qdrant-errors';
import type { Collection } from './qdrant-types';

/** Whether the collection refuses searches that filter on unindexed keys. */
export function refusesUnindexedFilters(collection: Collection): boolean {
  const strict = collection.strictMode;
  return strict.enabled === true && strict.unindexed_filtering_retrieve === false;
}

/**
 * Throws Qdrant's 400 when strict mode forbids the request's filtering.
 *
 * @example
 * checkStrictFilters(collection, { query: [0.1], filter: { must: [{ key: 'section', match: { value: 'x' } }] } });
 */
export function checkStrictFilters(collection: Collection, request: Record<string, unknown>): void {
  if (!refusesUnindexedFilters(collection)) return;
  for (const { key, types } of filteredKeys(request)) {
    if (!collection.payloadIndexes.has(key)) {
      throw badRequest(`Index required but not found for "${key}" of one of the following types: [${types}]. Help: Create an index for this key or use a different filter.`);
    }
  }
}

/** Every `{key, match|range}` condition in filters, prefetches and formula expressions. */
function filteredKeys(node: unknown, out: { key: string; types: string }[] = []): { key: string; types: string }[] {
  if (Array.isArray(node)) {
    for (const item of node) filteredKeys(item, out);
    return out;
  }
  if (!isObject(node)) return out;
  if (typeof node.key === 'string' && (isObject(node.match) || isObject(node.range))) {
    out.push({ key: node.key, types: isObject(node.range) ? 'integer, float' : matchTypes(node.match as Record<string, unknown>) });
  }
  for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) filteredKeys(value, out);
  return out;
}

function matchTypes(match: Record<string, unknown>): string {
  const sample = Array.isArray(match.any) ? match.any[0] : match.value;
  if (typeof sample === 'number') return 'integer';
  if (typeof sample === 'boolean') return 'bool';
  return 'keyword';
}
