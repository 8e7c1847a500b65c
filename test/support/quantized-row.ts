/**
 * Checks a dense row read back from an index file (format 3 stores int8 rows and decodes them to unit
 * float32 rows) against the vector that went in: same direction, unit length, and every component
 * within one int8 step (1/127 of the largest magnitude) of the normalised original.
 */
import { expect } from 'vitest';

/** Asserts `row` is `original` normalised, up to int8 rounding. */
export function expectQuantizedRow(row: ArrayLike<number>, original: ArrayLike<number>): void {
  const norm = Math.hypot(...Array.from(original));
  const unit = Array.from(original, (x) => x / norm);
  const step = Math.max(...unit.map(Math.abs)) / 127;
  expect(row.length).toBe(unit.length);
  expect(Math.hypot(...Array.from(row))).toBeCloseTo(1, 5);
  const cosine = unit.reduce((s, x, k) => s + x * row[k]!, 0);
  expect(cosine).toBeGreaterThan(0.999);
  unit.forEach((x, k) => expect(Math.abs(row[k]! - x)).toBeLessThanOrEqual(step));
}
