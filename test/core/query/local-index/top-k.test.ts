import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../src/core/build-time/local-index/prng';
import { TopK } from '../../../../src/core/query/local-index/top-k';
import { compareIds } from '../../../../src/core/common/ordering';
import type { PointId } from '../../../../src/core/common/types';

describe('TopK', () => {
  it('keeps the same k as a full sort (score desc, id asc), with many ties', () => {
    const next = mulberry32(5);
    for (const [n, k] of [[1000, 10], [50, 50], [50, 80], [300, 1]] as const) {
      const ids: PointId[] = Array.from({ length: n }, (_, i) => (i % 5 === 0 ? `u${String(n - i).padStart(4, '0')}` : (i * 37) % 1009));
      // Scores on a coarse grid so ties are frequent.
      const scores = Array.from({ length: n }, () => Math.round(next() * 20) / 20);
      const top = new TopK(k, ids);
      scores.forEach((s, i) => top.push(i, s));
      const expected = scores
        .map((score, point) => ({ point, score }))
        .sort((a, b) => b.score - a.score || compareIds(ids[a.point]!, ids[b.point]!))
        .slice(0, k);
      expect(top.sorted()).toEqual(expected);
    }
  });

  it('accepts() says whether a push would be kept; k = 0 keeps nothing', () => {
    const top = new TopK(2, [1, 2, 3, 4]);
    top.push(0, 0.5);
    top.push(1, 0.7);
    expect(top.accepts(2, 0.4)).toBe(false);
    expect(top.accepts(2, 0.5)).toBe(false); // same score, larger id than point 0's id 1
    expect(top.accepts(2, 0.6)).toBe(true);
    const none = new TopK(0, [1]);
    none.push(0, 1);
    expect(none.sorted()).toEqual([]);
  });

  it('orders ids like Qdrant: integers numerically, then UUIDs', () => {
    expect([10, 'b', 2, 'A'].sort(compareIds)).toEqual([2, 10, 'A', 'b']);
  });
});
