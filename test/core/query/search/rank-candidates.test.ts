import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import type { ScoredPoint } from '../../../../src/core/common/types';
import { rankCandidates } from '../../../../src/core/query/search/rank-candidates';
import { parseSearchParams } from '../../../../src/core/query/search/search-params';
import { planSearch } from '../../../../src/core/query/search/search-plan';

describe('rankCandidates: MMR diversifies the ranking it is given', () => {
  const config = parseConfig({});
  const query = Float32Array.from([1, 0, 0]);
  const pt = (id: string, score: number, vector: number[]): ScoredPoint => ({ id, score, payload: {}, vector });
  // The store's scores carry priors: 'overview' points straight at the query (the highest cosine)
  // but an overview page is demoted below two chapters; 'defines' is lifted by a definition boost.
  const dense = [pt('defines', 0.62, [0.6, 0.8, 0]), pt('chapter', 0.55, [0.8, 0.6, 0]), pt('overview', 0.5, [1, 0, 0]), pt('aside', 0.3, [0.3, 0, 0.95])];
  const sparse = [pt('aside', 7, [0.3, 0, 0.95]), pt('overview', 6, [1, 0, 0]), pt('defines', 2, [0.6, 0.8, 0]), pt('chapter', 1, [0.8, 0.6, 0])];
  const order = (q: Record<string, string>) => {
    const params = parseSearchParams({ q: 'x', k: '4', ...q }, config);
    const plan = planSearch(params, config);
    const searchesDense = q.mode !== 'keyword';
    return rankCandidates(searchesDense ? dense : null, q.mode === 'semantic' ? null : sparse, params, plan, query).map((h) => h.id);
  };

  it('λ = 1 returns the input order exactly, in every mode', () => {
    const modes: Record<string, string>[] = [{ mode: 'semantic' }, { mode: 'keyword' }, { mode: 'hybrid', fusion: 'rrf' }, { mode: 'hybrid', fusion: 'weighted' }];
    for (const mode of modes) {
      const plain = order(mode);
      expect(plain).toHaveLength(4);
      expect(order({ ...mode, rerank: 'mmr', lambda: '1' }), JSON.stringify(mode)).toEqual(plain);
    }
    // The demoted overview stays below the chapters (a cosine with the query would put it first).
    expect(order({ mode: 'semantic', rerank: 'mmr', lambda: '1' })).toEqual(['defines', 'chapter', 'overview', 'aside']);
  });

  it('below λ = 1 it still trades relevance for diversity', () => {
    // 'chapter' nearly repeats 'defines' (cosine 0.96): at λ = 0.3 the different 'aside' comes before it.
    const picked = order({ mode: 'semantic', rerank: 'mmr', lambda: '0.3' });
    expect(picked[0]).toBe('defines');
    expect(picked.indexOf('aside')).toBeLessThan(picked.indexOf('chapter'));
  });
});
