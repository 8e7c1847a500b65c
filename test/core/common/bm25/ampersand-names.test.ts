import { describe, expect, it } from 'vitest';
import { ampersandNameRuns, ampersandNames, analyzeText, bm25QueryVector, bm25SearchVector, extraTokens, tokenId } from '../../../../src/core/common/bm25/index';

describe('ampersandNames: short names joined by "&"', () => {
  it('reads a run of short words joined by "&" as one lowercased word, repeats kept', () => {
    expect(ampersandNames('Practise C&R. Our R&D team, the Q&A and AT&T; c&r again')).toEqual(['c&r', 'r&d', 'q&a', 'at&t', 'c&r']);
    expect(ampersandNames('B&B&B')).toEqual(['b&b&b']);
  });

  it('leaves spaced ampersands, long words, code, escaped entities and URL queries', () => {
    expect(ampersandNames('salt & pepper, Research&Development')).toEqual([]);
    expect(ampersandNames('if (a&&b) x &= y')).toEqual([]);
    expect(ampersandNames('R&amp;D, ?a=1&b=2, x=a&b')).toEqual([]);
    expect(ampersandNames('no ampersand here')).toEqual([]);
  });

  it('keeps only runs whose lowercase is as long as they are written, so an index and length mark the run itself', () => {
    // "İ" lowercases to two code units: "İ&R" read as "i̇&r" would mark one character too many.
    expect(ampersandNameRuns('The İ&R desk, the C&R rule')).toEqual([{ index: 18, run: 'c&r' }]);
  });

  it('leaves Qdrant\u2019s own analysis unchanged and adds the run to the search\u2019s question', () => {
    expect(analyzeText('C&R')).toEqual(['c', 'r']);
    expect(extraTokens('what does C&R mean')).toContain('c&r');
    expect(bm25SearchVector('C&R').indices).toContain(tokenId('c&r'));
    expect(bm25QueryVector('C&R').indices).not.toContain(tokenId('c&r'));
  });
});
