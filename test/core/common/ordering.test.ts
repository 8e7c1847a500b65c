import { describe, expect, it } from 'vitest';
import { byScoreThenId, compareIds } from '../../../src/core/common/ordering';

describe('compareIds', () => {
  it('orders numbers numerically, not as strings', () => {
    expect([10, 9, 100].sort(compareIds)).toEqual([9, 10, 100]);
  });
  it('orders strings by code unit', () => {
    expect(['b', 'B', 'a'].sort(compareIds)).toEqual(['B', 'a', 'b']);
  });
  it('puts numbers before strings, so mixed ids sort the same whatever the input order', () => {
    const ids = [10, '5', 9, 'a'];
    const expected = [9, 10, '5', 'a'];
    expect([...ids].sort(compareIds)).toEqual(expected);
    expect([...ids].reverse().sort(compareIds)).toEqual(expected);
  });
});

describe('byScoreThenId', () => {
  it('sorts by score desc, then id asc', () => {
    const pts = [
      { id: 'b', score: 0.5 },
      { id: 'a', score: 0.5 },
      { id: 'c', score: 0.9 },
    ];
    expect(pts.sort(byScoreThenId).map((p) => p.id)).toEqual(['c', 'a', 'b']);
  });
});
