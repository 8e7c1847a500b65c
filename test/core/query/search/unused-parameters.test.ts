import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import { parseSearchParams } from '../../../../src/core/query/search/search-params';
import { unusedParameters } from '../../../../src/core/query/search/unused-parameters';

describe('unusedParameters', () => {
  it('names each given parameter the resolved search never reads, with what it needs', () => {
    const given = new Set(['semantic_weight', 'keyword_weight', 'rrf_k', 'rrf_keyword_weight', 'lambda', 'fusion']);
    expect(unusedParameters({ given, mode: 'hybrid', fusion: 'rrf', rerank: 'none' })).toEqual([
      { param: 'semantic_weight', needs: 'mode=hybrid&fusion=weighted' },
      { param: 'keyword_weight', needs: 'mode=hybrid&fusion=weighted' },
      { param: 'lambda', needs: 'rerank=mmr' },
    ]);
    expect(unusedParameters({ given, mode: 'hybrid', fusion: 'weighted', rerank: 'mmr' }).map((u) => u.param)).toEqual(['rrf_k', 'rrf_keyword_weight']);
    expect(unusedParameters({ given, mode: 'keyword', fusion: 'rrf', rerank: 'mmr' }).map((u) => u.param)).toEqual(['fusion', 'semantic_weight', 'keyword_weight', 'rrf_k', 'rrf_keyword_weight']);
  });

  it('says nothing of parameters left to their defaults', () => {
    expect(unusedParameters({ given: new Set(['q', 'k', 'mode']), mode: 'semantic', fusion: 'rrf', rerank: 'none' })).toEqual([]);
  });
});

describe('parseSearchParams: unused', () => {
  const config = parseConfig({});

  it('is read from the request as given, after rerank=rrf resolved to hybrid + RRF', () => {
    expect(parseSearchParams({ q: 'topics', mode: 'hybrid', fusion: 'rrf', semantic_weight: '0.9', lambda: 0.5 }, config).unused).toEqual([
      { param: 'semantic_weight', needs: 'mode=hybrid&fusion=weighted' },
      { param: 'lambda', needs: 'rerank=mmr' },
    ]);
    expect(parseSearchParams({ q: 'topics', rerank: 'rrf', rrf_k: 10 }, config).unused).toEqual([]);
    expect(parseSearchParams({ q: 'topics', mode: 'hybrid', fusion: 'weighted', semantic_weight: 0.8, rerank: 'mmr', lambda: 0.5 }, config).unused).toEqual([]);
  });

  it('refuses two zero weights only where they are read: elsewhere they are ignored, as any other weight', () => {
    const zero = { q: 'topics', semantic_weight: 0, keyword_weight: 0 };
    expect(parseSearchParams({ ...zero, mode: 'hybrid', fusion: 'rrf' }, config).unused.map((u) => u.param)).toEqual(['semantic_weight', 'keyword_weight']);
    expect(parseSearchParams({ ...zero, mode: 'semantic' }, config).unused.map((u) => u.param)).toEqual(['semantic_weight', 'keyword_weight']);
    expect(() => parseSearchParams({ ...zero, mode: 'hybrid', fusion: 'weighted' }, config)).toThrow(/must not both be zero/);
  });
});
