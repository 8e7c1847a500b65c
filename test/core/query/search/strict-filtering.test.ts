import { describe, expect, it } from 'vitest';
import type { CollectionInfo } from '../../../../src/core/query/ports';
import { filterKeys, fitStrictFiltering } from '../../../../src/core/query/search/strict-filtering';
import { OVERVIEW_PRIOR } from '../../../../src/core/query/stores/score-formula';

const info = (filtering?: CollectionInfo['filtering']): CollectionInfo => ({
  name: 'book', pointsCount: 3, denseVectors: { '': { size: 4, distance: 'Cosine' } }, sparseVectors: {}, metadata: {}, ...(filtering ? { filtering } : {}),
});
const filter = { must: [{ key: 'module', match: { value: 'm' } }, { should: [{ key: 'section', match: { value: 's' } }] }] };

describe('filterKeys', () => {
  it('finds condition keys at any depth, nested keys with their path, each once', () => {
    expect(filterKeys(filter)).toEqual(['module', 'section']);
    expect(filterKeys({
      must_not: { key: 'tags', match: { any: ['a'] } },
      min_should: { conditions: [{ key: 'pos', range: { gte: 1 } }, { key: 'module', match: { value: 'x' } }], min_count: 1 },
      should: [{ nested: { key: 'authors', filter: { must: [{ key: 'name', match: { value: 'x' } }] } } }, { has_id: [1] }],
    } as never).sort()).toEqual(['authors[].name', 'module', 'pos', 'tags']);
    expect(filterKeys(undefined)).toEqual([]);
  });
});

describe('fitStrictFiltering', () => {
  const definition = { key: 'defines', any: ['topic'], factor: 1.3 };
  const base = { limit: 5, filter, priors: [OVERVIEW_PRIOR, definition] };

  it('leaves queries alone when the collection is not strict or its filtering is unknown', () => {
    expect(fitStrictFiltering(base, info({ strict: false, indexed: [] }))).toBe(base);
    expect(fitStrictFiltering(base, info())).toBe(base);
    expect(fitStrictFiltering(base, null)).toBe(base);
  });

  it('keeps the priors whose keys are indexed, drops the others (never the search)', () => {
    const indexed = ['defines', 'kind', 'module', 'section'];
    expect(fitStrictFiltering(base, info({ strict: true, indexed }))).toBe(base);
    expect(fitStrictFiltering(base, info({ strict: true, indexed: ['defines', 'module', 'section'] }))).toEqual({ limit: 5, filter, priors: [definition] });
    expect(fitStrictFiltering(base, info({ strict: true, indexed: ['module', 'section'] }))).toEqual({ limit: 5, filter });
  });

  it('refuses a filter on an unindexed key with invalid_request naming it and what can be filtered', () => {
    expect(() => fitStrictFiltering(base, info({ strict: true, indexed: ['kind', 'module'] }))).toThrow(
      expect.objectContaining({ code: 'invalid_request', details: expect.objectContaining({ field: 'section', indexed: ['kind', 'module'] }) }),
    );
    expect(() => fitStrictFiltering({ limit: 1, filter }, info({ strict: true, indexed: [] }))).toThrow(/indexed: none/);
  });
});
