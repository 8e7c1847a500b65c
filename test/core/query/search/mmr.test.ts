import { describe, expect, it } from 'vitest';
import { RetrieverError } from '../../../../src/core/common/errors';
import { mmrSelect, type MmrCandidate } from '../../../../src/core/query/search/mmr';

type P = { id: string | number };
const cand = (id: string | number, vector: number[], score = 0): MmrCandidate<P> => ({ point: { id }, vector, score });

function cos(a: number[], b: number[]): number {
  const dot = a.reduce((s, x, i) => s + x * b[i]!, 0);
  return dot / (Math.hypot(...a) * Math.hypot(...b));
}

// Two near-duplicates ranked first, and one different but still relevant doc. Relevance is the
// score over the best one: d1 1, d2 0.99 / 0.994, d3 0.6 / 0.994.
const d1 = [0.9, 0.1, 0];
const d2 = [0.9, 0.11, 0];
const d3 = [0.6, 0, 0.8];
const set = [cand('d3', d3, 0.6), cand('d2', d2, 0.99), cand('d1', d1, 0.994)];
const rel = (score: number) => score / 0.994;

describe('mmrSelect', () => {
  it('λ = 1 is pure relevance order: picks both duplicates first', () => {
    const picked = mmrSelect(set, { k: 3, lambda: 1 });
    expect(picked.map((p) => p.point.id)).toEqual(['d1', 'd2', 'd3']);
    expect(picked.map((p) => p.relevance)).toEqual([1, rel(0.99), rel(0.6)].map((x) => expect.closeTo(x, 12)));
  });

  it('λ = 1 gives back the ranking it is handed, whatever the vectors', () => {
    // Scores that disagree with the vectors' direction (a prior demoted 'o', a boost lifted 'x'):
    // relevance is the ranking's, so nothing moves; equal scores stay in id order.
    const ranked = [cand('x', [0, 1], 0.9), cand('a', [1, 0], 0.5), cand('b', [1, 0.1], 0.5), cand('o', [1, 0], 0.4), cand(3, [0.5, 0.5], -0.2)];
    expect(mmrSelect([...ranked].reverse(), { k: 5, lambda: 1 }).map((p) => p.point.id)).toEqual(['x', 'a', 'b', 'o', 3]);
  });

  it('λ = 0.3 picks the diverse doc second', () => {
    // 2nd pick: d2 → 0.3·0.9960 − 0.7·0.99994 ≈ −0.401;  d3 → 0.3·0.6036 − 0.7·0.5963 ≈ −0.236 → d3 wins
    const picked = mmrSelect(set, { k: 3, lambda: 0.3 });
    expect(picked.map((p) => p.point.id)).toEqual(['d1', 'd3', 'd2']);
    const [first, second, third] = picked;
    expect(first!.diversity).toBe(1);
    expect(first!.mmr_score).toBeCloseTo(0.3, 12);
    expect(second!.diversity).toBeCloseTo(1 - cos(d1, d3), 12);
    expect(second!.mmr_score).toBeCloseTo(0.3 * rel(0.6) - 0.7 * cos(d1, d3), 12);
    // d2's max similarity to {d1, d3} is its similarity to d1
    expect(third!.diversity).toBeCloseTo(1 - Math.max(cos(d2, d1), cos(d2, d3)), 12);
    expect(third!.score).toBe(0.99);
  });

  it('default λ = 0.7 still favours relevance here (d2 second)', () => {
    // d2 → 0.7·0.9960 − 0.3·0.99994 ≈ 0.397;  d3 → 0.7·0.6036 − 0.3·0.5963 ≈ 0.244
    expect(mmrSelect(set, { k: 2 }).map((p) => p.point.id)).toEqual(['d1', 'd2']);
  });

  it('moves the diverse doc earlier, never later, as λ decreases', () => {
    let previous = Infinity;
    for (let lambda = 1; lambda >= -1e-9; lambda -= 0.1) {
      const order = mmrSelect(set, { k: 3, lambda: Math.max(0, lambda) }).map((p) => p.point.id);
      const pos = order.indexOf('d3');
      expect(pos).toBeLessThanOrEqual(previous);
      previous = pos;
    }
    expect(previous).toBe(1);
  });

  it('starts with the most relevant doc even at λ = 0', () => {
    expect(mmrSelect(set, { k: 1, lambda: 0 })[0]!.point.id).toBe('d1');
  });

  it('matches a brute-force MMR on random data', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const cands = Array.from({ length: 20 }, (_, i) => cand(i, Array.from({ length: 8 }, rand), rand() * 3));
    const scores = cands.map((c) => c.score);
    // Some scores are negative: relevance is then measured from the lowest, (s − min) / (max − min).
    const [min, max] = [Math.min(0, ...scores), Math.max(...scores)];
    for (const lambda of [0.2, 0.5, 0.9]) {
      const naive: number[] = [];
      while (naive.length < 7) {
        let best = -1;
        let bestScore = -Infinity;
        cands.forEach((c, i) => {
          if (naive.includes(i)) return;
          const rel = (c.score - min) / (max - min);
          const red = naive.length === 0 ? 0 : Math.max(...naive.map((j) => cos(c.vector as number[], cands[j]!.vector as number[])));
          const s = lambda * rel - (1 - lambda) * red;
          if (s > bestScore) [best, bestScore] = [i, s];
        });
        naive.push(best);
      }
      expect(mmrSelect(cands, { k: 7, lambda }).map((p) => p.point.id)).toEqual(naive);
    }
  });

  it('breaks ties by id ascending', () => {
    const same = [cand('b', [1, 0]), cand('a', [1, 0]), cand(10, [1, 0]), cand(9, [1, 0])];
    expect(mmrSelect(same, { k: 4, lambda: 1 }).map((p) => p.point.id)).toEqual([9, 10, 'a', 'b']);
  });

  it('reads scores of one sign relative to the best, and equal scores as equally relevant', () => {
    const picked = mmrSelect([cand('a', [1, 0], 8), cand('b', [0, 1], 2), cand('c', [1, 1], 0)], { k: 3, lambda: 1 });
    expect(picked.map((p) => p.relevance)).toEqual([1, 0.25, 0]);
    expect(mmrSelect([cand('a', [1, 0], -2), cand('b', [0, 1], -2)], { k: 2, lambda: 1 }).map((p) => p.relevance)).toEqual([1, 1]);
  });

  it('accepts Float32Array vectors and handles zero vectors without NaN', () => {
    const picked = mmrSelect([cand('z', [0, 0]), { point: { id: 'f' }, vector: new Float32Array([0, 2]), score: 1 }], { k: 2 });
    expect(picked.map((p) => p.point.id)).toEqual(['f', 'z']);
    expect(picked[1]!.relevance).toBe(0);
    expect(picked[1]!.diversity).toBe(1);
  });

  it('returns all candidates when k exceeds them, none when k = 0', () => {
    expect(mmrSelect(set, { k: 10 })).toHaveLength(3);
    expect(mmrSelect(set, { k: 0 })).toEqual([]);
    expect(mmrSelect([], { k: 5 })).toEqual([]);
  });

  it('rejects λ outside [0, 1] and a bad k', () => {
    for (const lambda of [-0.1, 1.5, Number.NaN]) {
      expect(() => mmrSelect(set, { k: 2, lambda })).toThrow(RetrieverError);
      try {
        mmrSelect(set, { k: 2, lambda });
      } catch (e) {
        expect((e as RetrieverError).code).toBe('invalid_request');
        expect((e as RetrieverError).details.params).toEqual(['lambda']);
      }
    }
    expect(() => mmrSelect(set, { k: -1 })).toThrow(/integer/);
    expect(() => mmrSelect(set, { k: 1.5 })).toThrow(/integer/);
  });

  it('reports a dimension mismatch with the details README "Errors" names (expected, got)', () => {
    try {
      mmrSelect([cand('x', [1, 0]), cand('y', [1, 0, 0])], { k: 1 });
      throw new Error('expected a throw');
    } catch (e) {
      expect((e as RetrieverError).code).toBe('dimension_mismatch');
      expect((e as RetrieverError).details).toEqual({ expected: 2, got: 3 });
    }
  });
});
