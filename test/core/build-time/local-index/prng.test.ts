import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../src/core/build-time/local-index/prng';

describe('mulberry32', () => {
  it('is reproducible per seed and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    // Roughly uniform: the mean of 1000 draws is near 0.5.
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeGreaterThan(0.45);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeLessThan(0.55);
    expect(mulberry32(43)()).not.toBe(xs[0]);
  });
});
