import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYLOAD_FIELDS } from '../../../../src/core/common/config/payload-fields';
import type { ScoredPoint } from '../../../../src/core/common/types';
import { diverseHeadSize, diversifyHead } from '../../../../src/core/query/search/diverse-head';

/** `a3` is chunk 3 of a.md; `x` has no page. */
const hit = (id: string): ScoredPoint => {
  const match = /^([a-z])(\d+)$/.exec(id);
  return { id, score: 1, payload: match ? { file_path: `${match[1]}.md`, chunk_index: Number(match[2]) } : {} };
};
const order = (list: string, head: number) => diversifyHead(list.split(' ').map(hit), head, DEFAULT_PAYLOAD_FIELDS).map((h) => h.id).join(' ');

describe('diversifyHead', () => {
  it('a neighbour of a shown chunk yields to the candidate right behind it from a page not shown yet', () => {
    expect(order('a1 a2 b7 a3 c1', 3)).toBe('a1 b7 a2 a3 c1');
    expect(order('a2 a1 b7', 3)).toBe('a2 b7 a1'); // the previous chunk is a neighbour too
  });

  it('holds back only neighbours: another section of the same page keeps its place', () => {
    expect(order('a1 a5 b7', 3)).toBe('a1 a5 b7');
  });

  it('swaps only adjacent candidates, so a page that clearly leads keeps its chunks at the top', () => {
    expect(order('a1 a2 a3 b1', 3)).toBe('a1 a2 b1 a3');
  });

  it('moves a held-back chunk one place at most: it yields once, then takes the next place', () => {
    // a2 yields to b7; behind it c1 is a page not shown either, but a2 has moved a place already.
    expect(order('a1 a2 b7 c1 d1', 4)).toBe('a1 b7 a2 c1 d1');
  });

  it('does not yield to a page already shown', () => {
    expect(order('a1 b4 a2 b9', 4)).toBe('a1 b4 a2 b9');
  });

  it('never moves the first result and touches nothing after the head', () => {
    expect(order('a1 a2 b1 b2 c1', 1)).toBe('a1 a2 b1 b2 c1');
    expect(order('a1 b1 b2 c1 c2 d1', 2)).toBe('a1 b1 b2 c1 c2 d1');
    expect(order('a1 b1 b2 c1 c2 d1', 3)).toBe('a1 b1 c1 b2 c2 d1');
  });

  it('never holds back hits without a page or a chunk index', () => {
    expect(order('x y a1', 3)).toBe('x y a1');
  });
});

describe('diverseHeadSize', () => {
  it('is half of k, rounded up', () => {
    expect([1, 2, 5, 10].map((k) => diverseHeadSize(k))).toEqual([1, 1, 3, 5]);
  });

  it('is the default k\'s below it, so a smaller k shows the head of the default answer', () => {
    expect([1, 3, 5, 10].map((k) => diverseHeadSize(k, 5))).toEqual([3, 3, 3, 5]);
  });
});
