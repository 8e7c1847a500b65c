import { describe, expect, it } from 'vitest';
import { countInWords } from '../../../src/web/shared/plain-words';

describe('countInWords', () => {
  it('gives the time the Worker measured', () => {
    expect(countInWords(3, 12.4)).toBe('3 results in 12 ms.');
    expect(countInWords(1, 2)).toBe('1 result in 2 ms.');
  });

  it('says no time when the Worker timed none (its clock stands still without I/O), rather than "0 ms"', () => {
    expect(countInWords(3, 0)).toBe('3 results.');
    expect(countInWords(0, 0.3)).toBe('0 results.');
    expect(countInWords(2, undefined)).toBe('2 results.');
  });
});
