/** One spelling of a question for the search and both cache keys. */
import { describe, expect, it } from 'vitest';
import { normalizeQuery } from '../../../../src/core/common/text/normalize-query';

describe('normalizeQuery', () => {
  it('trims, collapses whitespace and NFKC-normalises', () => {
    expect(normalizeQuery(' tf２\n\t frames ')).toBe('tf2 frames');
  });

  it('reads control characters as spaces, so a question of them alone is empty', () => {
    expect(normalizeQuery('\u0000\u0000\u001b\u007f\u0085')).toBe('');
    expect(normalizeQuery('tf2\u0000frames')).toBe('tf2 frames');
  });

  it('keeps format characters that carry meaning (the joiner of an emoji sequence)', () => {
    const family = '\u{1F468}\u200D\u{1F469}';
    expect(normalizeQuery(family)).toBe(family);
  });
});
