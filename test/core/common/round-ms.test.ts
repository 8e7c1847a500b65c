import { describe, expect, it } from 'vitest';
import { roundMs } from '../../../src/core/common/round-ms';

describe('roundMs', () => {
  it('keeps two decimals, so a sub-millisecond cached answer does not read as 0', () => {
    expect(roundMs(12.34567)).toBe(12.35);
    expect(roundMs(0.034)).toBe(0.03);
    expect(roundMs(3)).toBe(3);
  });
});
