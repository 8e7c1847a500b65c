import { describe, expect, it } from 'vitest';
import { RetrieverError } from '../../../../src/core/common/errors';
import { fuseRrf, fuseWeighted } from '../../../../src/core/query/search/fusion';
import type { ScoredPoint } from '../../../../src/core/common/types';

const pt = (id: string | number, score: number, extra: Partial<ScoredPoint> = {}): ScoredPoint => ({
  id,
  score,
  payload: { name: `p-${id}` },
  ...extra,
});

// semantic: a 0.9 (rank 1), b 0.7 (rank 2), c 0.5 (rank 3)
// keyword:  b 12 (rank 1),  d 6 (rank 2),   a 3 (rank 3)
const semantic = [pt('a', 0.9), pt('b', 0.7), pt('c', 0.5)];
const keyword = [pt('b', 12), pt('d', 6), pt('a', 3)];

function expectInvalid(fn: () => unknown, param: string): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RetrieverError);
    expect((error as RetrieverError).code).toBe('invalid_request');
    expect((error as RetrieverError).details.params).toContain(param);
    return;
  }
  throw new Error('expected a RetrieverError');
}

describe('fuseWeighted', () => {
  it('min-max normalizes each list and weights them (defaults 0.7 / 0.3)', () => {
    // semantic normalized: (s - 0.5) / 0.4 → a 1, b 0.5, c 0
    // keyword normalized:  (k - 3) / 9     → b 1, d 1/3, a 0
    // a = 0.7·1 + 0.3·0 = 0.7;  b = 0.7·0.5 + 0.3·1 = 0.65;  d = 0.3·(1/3) = 0.1;  c = 0.7·0 = 0
    const fused = fuseWeighted(semantic, keyword);
    expect(fused.map((p) => p.id)).toEqual(['a', 'b', 'd', 'c']);
    const byId = Object.fromEntries(fused.map((p) => [p.id, p]));
    expect(byId.a!.score).toBeCloseTo(0.7, 12);
    expect(byId.b!.score).toBeCloseTo(0.65, 12);
    expect(byId.d!.score).toBeCloseTo(0.1, 12);
    expect(byId.c!.score).toBe(0);
    expect(byId.b!.scores).toEqual({ semantic: 0.7, keyword: 12, fused: byId.b!.score });
    expect(byId.b!.ranks).toEqual({ semantic: 2, keyword: 1 });
  });

  it('gives null raw score and rank for the list a point is missing from', () => {
    const byId = Object.fromEntries(fuseWeighted(semantic, keyword).map((p) => [p.id, p]));
    expect(byId.c!.scores.keyword).toBeNull();
    expect(byId.c!.ranks).toEqual({ semantic: 3, keyword: null });
    expect(byId.d!.scores.semantic).toBeNull();
    expect(byId.d!.ranks).toEqual({ semantic: null, keyword: 2 });
    expect(byId.d!.payload).toEqual({ name: 'p-d' });
  });

  it('honours custom weights that need not sum to 1', () => {
    // 1 / 1: a = 1 + 0 = 1;  b = 0.5 + 1 = 1.5;  d = 1/3;  c = 0
    const fused = fuseWeighted(semantic, keyword, { semanticWeight: 1, keywordWeight: 1 });
    expect(fused.map((p) => p.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]!.score).toBeCloseTo(1.5, 12);
    expect(fused[2]!.score).toBeCloseTo(1 / 3, 12);
  });

  it('maps a list whose scores are all equal to 1, and breaks fused ties by id', () => {
    // both 0.5 → normalized 1 → fused 0.7 each; numeric ids compare numerically: 9 before 10
    const fused = fuseWeighted([pt(10, 0.5), pt(9, 0.5)], []);
    expect(fused.map((p) => p.id)).toEqual([9, 10]);
    expect(fused.map((p) => p.score)).toEqual([0.7, 0.7]);
  });

  it('maps an all-zero list to 0, so a query with no known word does not look like a perfect match', () => {
    // semantic all 0 (zero query vector) → 0 each; keyword b 4, a 2 → 1, 0 → fused b 0.3, a 0, c 0
    const fused = fuseWeighted([pt('a', 0), pt('b', 0), pt('c', 0)], [pt('b', 4), pt('a', 2)]);
    expect(fused.map((p) => [p.id, p.score])).toEqual([['b', 0.3], ['a', 0], ['c', 0]]);
  });

  it('ranks by score even when a list arrives unsorted, keeping the best of a repeated id', () => {
    const fused = fuseWeighted([], [pt('x', 1), pt('y', 5), pt('x', 3)]);
    const byId = Object.fromEntries(fused.map((p) => [p.id, p]));
    expect(byId.y!.ranks.keyword).toBe(1);
    expect(byId.x!.ranks.keyword).toBe(2);
    expect(byId.x!.scores.keyword).toBe(3);
    expect(fused).toHaveLength(2);
  });

  it('keeps the dense vector when only the semantic hit carries it', () => {
    const fused = fuseWeighted([pt('a', 1, { vector: [1, 0] })], [pt('a', 2)]);
    expect(fused[0]!.vector).toEqual([1, 0]);
    expect(fuseWeighted([], [pt('b', 1)])[0]).not.toHaveProperty('vector');
  });

  it('returns [] for two empty lists', () => {
    expect(fuseWeighted([], [])).toEqual([]);
  });

  it('rejects negative, non-finite or all-zero weights', () => {
    expectInvalid(() => fuseWeighted(semantic, keyword, { semanticWeight: -0.1 }), 'semantic_weight');
    expectInvalid(() => fuseWeighted(semantic, keyword, { keywordWeight: Number.NaN }), 'keyword_weight');
    expectInvalid(() => fuseWeighted(semantic, keyword, { semanticWeight: 0, keywordWeight: 0 }), 'semantic_weight');
  });

  it('accepts one zero weight (keyword-only points then score 0)', () => {
    const fused = fuseWeighted(semantic, keyword, { keywordWeight: 0 });
    expect(fused.find((p) => p.id === 'd')!.score).toBe(0);
  });
});

describe('fuseRrf', () => {
  it('sums 1/(k + rank) with 1-based ranks and k = 60, over its best value 2/61 (1 = first in both lists)', () => {
    // a = 1/61 + 1/63 ≈ 0.0322665;  b = 1/62 + 1/61 ≈ 0.0325225;  d = 1/62 ≈ 0.0161290;  c = 1/63 ≈ 0.0158730; each ÷ 2/61
    const fused = fuseRrf(semantic, keyword);
    expect(fused.map((p) => p.id)).toEqual(['b', 'a', 'd', 'c']);
    const byId = Object.fromEntries(fused.map((p) => [p.id, p]));
    const best = 2 / 61;
    expect(byId.a!.score).toBeCloseTo((1 / 61 + 1 / 63) / best, 14);
    expect(byId.b!.score).toBeCloseTo((1 / 62 + 1 / 61) / best, 14);
    expect(byId.c!.score).toBeCloseTo(1 / 63 / best, 14);
    expect(byId.d!.score).toBeCloseTo(1 / 62 / best, 14);
    expect(fuseRrf([pt('x', 0.9)], [pt('x', 4)])[0]!.score).toBe(1);
    expect(byId.a!.scores).toEqual({ semantic: 0.9, keyword: 3, fused: byId.a!.score });
    expect(byId.a!.ranks).toEqual({ semantic: 1, keyword: 3 });
  });

  it('uses k as given (k = 0: a = (1 + 1/3) / 2, b = (1/2 + 1) / 2)', () => {
    const byId = Object.fromEntries(fuseRrf(semantic, keyword, { k: 0 }).map((p) => [p.id, p]));
    expect(byId.a!.score).toBeCloseTo(2 / 3, 15);
    expect(byId.b!.score).toBeCloseTo(0.75, 15);
  });

  it('applies per-list weights (semantic 2 flips a above b)', () => {
    // a = 2/61 + 1/63 ≈ 0.0486599;  b = 2/62 + 1/61 ≈ 0.0486515;  c = 2/63 ≈ 0.0317;  d = 1/62 ≈ 0.0161; each ÷ 3/61
    const fused = fuseRrf(semantic, keyword, { weights: { semantic: 2 } });
    expect(fused.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(fused[0]!.score).toBeCloseTo((2 / 61 + 1 / 63) / (3 / 61), 14);
  });

  it('breaks equal fused scores by id', () => {
    // y is rank 1 in semantic, x rank 1 in keyword: both 1/61
    const fused = fuseRrf([pt('y', 0.9)], [pt('x', 4)]);
    expect(fused.map((p) => p.id)).toEqual(['x', 'y']);
    expect(fused[0]!.score).toBe(fused[1]!.score);
  });

  it('rejects a negative or non-finite k and bad weights', () => {
    expectInvalid(() => fuseRrf(semantic, keyword, { k: -1 }), 'rrf_k');
    expectInvalid(() => fuseRrf(semantic, keyword, { k: Number.POSITIVE_INFINITY }), 'rrf_k');
    expectInvalid(() => fuseRrf(semantic, keyword, { weights: { keyword: -1 } }), 'keyword_weight');
    expectInvalid(() => fuseRrf(semantic, keyword, { weights: { semantic: 0, keyword: 0 } }), 'semantic_weight');
  });

  it('refuses non-finite store scores instead of sorting NaN', () => {
    expect(() => fuseRrf([pt('a', Number.NaN)], [])).toThrow(/non-finite/);
  });
});
