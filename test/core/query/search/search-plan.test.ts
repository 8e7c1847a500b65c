/**
 * How many candidates a search asks the store for: a fused or reranked search fetches a deeper pool
 * than k, and a fused search with a k below the default never fetches a shallower pool than the
 * default k does — else `k=3` would fuse each list's top 6 and could return a chunk that `k=5` ranks
 * below its top 5.
 */
import { describe, expect, it } from 'vitest';
import { planSearch } from '../../../../src/core/query/search/search-plan';
import type { SearchParams } from '../../../../src/core/query/search/search-params';

const CONFIG = { RERANK_OVERFETCH: 2, TOP_K_DEFAULT: 5 };
const params = (over: Partial<SearchParams>): SearchParams => ({ q: 'q', k: 5, mode: 'hybrid', fusion: 'rrf', rerank: 'none', ...over }) as SearchParams;

describe('planSearch: candidates per list', () => {
  it('a fused search fetches k × RERANK_OVERFETCH from each list', () => {
    expect(planSearch(params({ k: 5 }), CONFIG).candidates).toBe(10);
    expect(planSearch(params({ k: 20 }), CONFIG).candidates).toBe(40);
    expect(planSearch(params({ k: 20 }), { ...CONFIG, RERANK_OVERFETCH: 1.5 }).candidates).toBe(30);
  });

  it('a k below the default fuses the pool of the default k, so its results are the head of that ranking', () => {
    for (const k of [1, 2, 3, 4]) expect(planSearch(params({ k }), CONFIG).candidates).toBe(10);
    expect(planSearch(params({ k: 3, rerank: 'cohere' }), CONFIG).candidates).toBe(10);
    expect(planSearch(params({ k: 2 }), { ...CONFIG, TOP_K_DEFAULT: 8 }).candidates).toBe(16);
  });

  it('a reranker over one list (nothing fused) keeps k × RERANK_OVERFETCH', () => {
    expect(planSearch(params({ k: 3, rerank: 'mmr', mode: 'semantic' }), CONFIG).candidates).toBe(6);
    expect(planSearch(params({ k: 2, rerank: 'cohere', mode: 'keyword' }), CONFIG).candidates).toBe(4);
  });

  it('a single list with no reranker fetches exactly k: there is nothing to fuse or reorder', () => {
    expect(planSearch(params({ k: 3, mode: 'keyword' }), CONFIG).candidates).toBe(3);
    expect(planSearch(params({ k: 3, mode: 'semantic' }), CONFIG).candidates).toBe(3);
  });
});
