/**
 * Searches fitted to a collection that only filters on indexed payload keys (Qdrant strict mode
 * with `unindexed_filtering_retrieve: false`, the default for new collections on Qdrant Cloud).
 * Qdrant would refuse such a query with a 400 naming the key; knowing the collection facts, we
 * answer before sending: a user filter on an unindexed key is the caller's `invalid_request`
 * (named, with the keys that can be filtered), while our own ranking priors on unindexed keys are
 * dropped — the search degrades (e.g. overview pages are not demoted) and never breaks.
 */
import { RetrieverError } from '../../common/errors';
import type { QdrantFilter } from '../../common/types';
import type { CollectionInfo, StoreQuery } from '../ports';
import { clauseList } from './filter-clauses';

/**
 * Returns `base` as the collection can run it: unchanged when it is not strict; without the priors
 * on unindexed keys; refused when a filter names an unindexed key.
 *
 * @throws RetrieverError `invalid_request` naming the first unindexed filter key.
 * @example
 * const base = fitStrictFiltering({ limit: 5, filter }, info);
 */
export function fitStrictFiltering<T extends Pick<StoreQuery, 'filter' | 'priors'>>(base: T, info: CollectionInfo | null): T {
  const filtering = info?.filtering;
  if (!filtering?.strict) return base;
  const indexed = new Set(filtering.indexed);
  const unindexed = filterKeys(base.filter).find((key) => !indexed.has(key));
  if (unindexed !== undefined) {
    const can = filtering.indexed.length ? filtering.indexed.join(', ') : 'none';
    throw new RetrieverError(
      'invalid_request',
      `Cannot filter on "${unindexed}": collection "${info!.name}" only filters on indexed payload keys (Qdrant strict mode) — indexed: ${can}. Re-run ingest to add the indexes it makes, or create one for this key`,
      { params: ['filter'], field: unindexed, indexed: filtering.indexed },
    );
  }
  const priors = base.priors?.filter((prior) => indexed.has(prior.key));
  if (base.priors && priors!.length < base.priors.length) {
    const { priors: _all, ...rest } = base;
    return (priors!.length ? { ...rest, priors } : rest) as T;
  }
  return base;
}

/** Payload keys a Qdrant filter tests (conditions at any depth; nested keys as `key[].inner`). */
export function filterKeys(filter: QdrantFilter | null | undefined, prefix = ''): string[] {
  if (!filter) return [];
  const keys: string[] = [];
  const visit = (condition: unknown): void => {
    if (!condition || typeof condition !== 'object') return;
    const c = condition as Record<string, unknown>;
    if (typeof c.key === 'string' && (c.match != null || c.range != null || c.values_count != null)) keys.push(prefix + c.key);
    const nested = c.nested as { key?: unknown; filter?: QdrantFilter } | undefined;
    if (nested && typeof nested.key === 'string') keys.push(...filterKeys(nested.filter, `${prefix}${nested.key}[].`));
    if ('must' in c || 'should' in c || 'must_not' in c || 'min_should' in c) keys.push(...filterKeys(c as QdrantFilter, prefix));
  };
  for (const part of ['must', 'should', 'must_not'] as const) for (const condition of clauseList(filter[part])) visit(condition);
  const minShould = (filter as Record<string, unknown>).min_should as { conditions?: unknown[] } | undefined;
  for (const condition of minShould?.conditions ?? []) visit(condition);
  return [...new Set(keys)];
}
