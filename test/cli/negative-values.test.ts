import { describe, expect, it } from 'vitest';
import { joinNegativeValues } from '../../src/cli/negative-values';

const OPTIONS = { 'top-k': { type: 'string', short: 'k' }, threshold: { type: 'string' }, verbose: { type: 'boolean', short: 'v' } } as const;

describe('joinNegativeValues', () => {
  it('joins a negative number to the value-taking option before it, short or long', () => {
    expect(joinNegativeValues(['q', '-k', '-1', '--threshold', '-0.5'], OPTIONS)).toEqual(['q', '--top-k=-1', '--threshold=-0.5']);
    expect(joinNegativeValues(['q', '--threshold', '-.5'], OPTIONS)).toEqual(['q', '--threshold=-.5']);
  });

  it('leaves flags, other options and non-numbers as they are', () => {
    expect(joinNegativeValues(['q', '-v', '-k', '3', '--threshold', '-v'], OPTIONS)).toEqual(['q', '-v', '-k', '3', '--threshold', '-v']);
  });
});
