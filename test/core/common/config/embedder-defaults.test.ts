import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';

describe('per-embedder defaults', () => {
  it('the local model searches hybrid fused by RRF by default; Cohere semantic, weighted 0.7/0.3', () => {
    expect(parseConfig({})).toMatchObject({ embedderKind: 'local', SEARCH_MODE: 'hybrid', HYBRID_FUSION: 'rrf', HYBRID_SEMANTIC_WEIGHT: 0.85, HYBRID_KEYWORD_WEIGHT: 0.15 });
    expect(parseConfig({ COHERE_API_KEY: 'k', QDRANT_URL: 'https://q.example' })).toMatchObject({
      embedderKind: 'cohere',
      SEARCH_MODE: 'semantic',
      HYBRID_FUSION: 'weighted',
      HYBRID_SEMANTIC_WEIGHT: 0.7,
      HYBRID_KEYWORD_WEIGHT: 0.3,
    });
  });

  it('explicit variables win over the per-embedder defaults, and are still validated', () => {
    expect(parseConfig({ SEARCH_MODE: 'keyword', HYBRID_KEYWORD_WEIGHT: '0.5' })).toMatchObject({ SEARCH_MODE: 'keyword', HYBRID_SEMANTIC_WEIGHT: 0.85, HYBRID_KEYWORD_WEIGHT: 0.5 });
    expect(parseConfig({ HYBRID_FUSION: 'weighted' })).toMatchObject({ embedderKind: 'local', HYBRID_FUSION: 'weighted' });
    expect(parseConfig({ COHERE_API_KEY: 'k', HYBRID_FUSION: 'rrf' })).toMatchObject({ embedderKind: 'cohere', HYBRID_FUSION: 'rrf' });
    expect(() => parseConfig({ SEARCH_MODE: 'fuzzy' })).toThrow(/SEARCH_MODE/);
    expect(() => parseConfig({ HYBRID_FUSION: 'max' })).toThrow(/HYBRID_FUSION/);
    expect(() => parseConfig({ HYBRID_SEMANTIC_WEIGHT: '0', HYBRID_KEYWORD_WEIGHT: '0' })).toThrow(/must not both be zero/);
    expect(() => parseConfig({ HYBRID_KEYWORD_WEIGHT: '101' })).toThrow(/HYBRID_KEYWORD_WEIGHT/);
  });
});
