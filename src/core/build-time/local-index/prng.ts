/**
 * A tiny seeded PRNG so index builds are reproducible: the same corpus and seed always give the
 * same LSA model, byte for byte.
 */

/**
 * mulberry32: a 32-bit-state generator, good enough for random test matrices and fast in JS.
 * Returns a function yielding floats in [0, 1).
 *
 * @example
 * const next = mulberry32(42);
 * next(); // 0.6011037519201636 (always, for seed 42)
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
