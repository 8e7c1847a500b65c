/** "Did you mean…": collection names (loose) and typed names — API parameters, CLI flags (strict). */
import { describe, expect, it } from 'vitest';
import { closestName, editDistance, typoOf } from '../../../../src/core/common/upstream/closest-name';

describe('editDistance', () => {
  it.each([['k', 'kk', 1], ['treshold', 'threshold', 1], ['topk', 'top-k', 1], ['', 'abc', 3], ['same', 'same', 0]])('%s → %s: %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});

describe('closestName (collection names)', () => {
  it('ignores case and allows half the name', () => {
    expect(closestName('Textbook_Chunk', ['textbook_chunks', 'other'])).toBe('textbook_chunks');
    expect(closestName('zzzzzz', ['textbook_chunks'])).toBeNull();
  });
});

describe('typoOf (parameters and flags)', () => {
  it('finds a typo within 2 edits and half the typed length, case-sensitive', () => {
    expect(typoOf('kk', ['k', 'mode'])).toBe('k');
    expect(typoOf('treshold', ['threshold', 'rerank'])).toBe('threshold');
    expect(typoOf('top-k', ['top_k', 'k'])).toBe('top_k');
  });

  it('says nothing for a short or distant name', () => {
    expect(typoOf('x', ['k'])).toBeNull(); // 1 edit, but the whole name
    expect(typoOf('bogus', ['tags'])).toBeNull(); // 3 edits
    expect(typoOf('MODE', ['mode'])).toBeNull(); // keys and flags are case-sensitive
  });

  it('breaks a tie alphabetically', () => {
    expect(typoOf('ab', ['ac', 'aa'])).toBe('aa');
  });
});
