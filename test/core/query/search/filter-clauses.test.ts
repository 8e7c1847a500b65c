import { describe, expect, it } from 'vitest';
import { asAlternatives, asMust, clauseList, isFilterCondition, type QdrantCondition } from '../../../../src/core/query/search/filter-clauses';

const a: QdrantCondition = { key: 'module', match: { value: 'a' } };
const b: QdrantCondition = { key: 'level', range: { gte: 2 } };

describe('filter clauses', () => {
  it('reads a clause given as a list, as one condition, or absent', () => {
    expect(clauseList([a, b])).toEqual([a, b]);
    expect(clauseList(a)).toEqual([a]);
    expect(clauseList(undefined)).toEqual([]);
    expect(clauseList(null)).toEqual([]);
  });

  it('tells a nested filter from a field condition', () => {
    expect(isFilterCondition({ must_not: [a] })).toBe(true);
    expect(isFilterCondition(a)).toBe(false);
  });

  it('splices a bare must into a parent must, and keeps anything else whole', () => {
    expect(asMust({ must: [a, b] })).toEqual([a, b]);
    expect(asMust({ should: [a, b] })).toEqual([{ should: [a, b] }]);
    expect(asMust({ must: [a], must_not: [b] })).toEqual([{ must: [a], must_not: [b] }]);
  });

  it('splices a bare should, or a one-condition must, as alternatives', () => {
    expect(asAlternatives({ should: [a, b] })).toEqual([a, b]);
    expect(asAlternatives({ must: [a] })).toEqual([a]);
    // AND of two is one alternative, not two.
    expect(asAlternatives({ must: [a, b] })).toEqual([{ must: [a, b] }]);
    expect(asAlternatives(a)).toEqual([a]);
  });
});
