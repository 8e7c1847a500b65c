import { describe, expect, it } from 'vitest';
import { dequantizeRows, quantizeRows, unitRows } from '../../../../src/core/query/local-index/projection-codec';

describe('int8 projection rows', () => {
  it('quantizes each row against its own largest magnitude, within half a step', () => {
    const rows = Float32Array.from([0.5, -1, 0, 0.001, -0.002, 0.0005, 0, 0, 0]);
    const q = quantizeRows(rows, 3);
    expect([...q.values.slice(0, 3)]).toEqual([64, -127, 0]);
    expect(q.scales[0]).toBeCloseTo(1 / 127, 7);
    expect(q.scales[2]).toBe(0); // an all-zero row stays zero
    const back = dequantizeRows(q, 3);
    rows.forEach((x, i) => expect(Math.abs(back[i]! - x)).toBeLessThanOrEqual(q.scales[Math.floor(i / 3)]! / 2 + 1e-9));
    // The small row keeps its precision: it has its own scale.
    expect(Math.abs(back[3]! - 0.001)).toBeLessThan(1e-5); // a shared scale of 1/127 would give 0 here
  });

  it('is stable: quantizing a dequantized projection gives the same int8 values', () => {
    const rows = Float32Array.from({ length: 64 }, (_, i) => Math.sin(i * 1.7) * (1 + (i % 5)));
    const q = quantizeRows(rows, 8);
    expect([...quantizeRows(dequantizeRows(q, 8), 8).values]).toEqual([...q.values]);
  });

  it('unitRows turns int8 rows back into unit vectors along the same direction; a zero row stays zero', () => {
    const rows = Float32Array.from([3, 4, 0, 0, 0, 0, -0.6, 0.8, 0]);
    const back = unitRows(quantizeRows(rows, 3).values, 3);
    expect(Array.from(back.slice(3, 6))).toEqual([0, 0, 0]);
    for (const [row, expected] of [[0, [0.6, 0.8, 0]], [2, [-0.6, 0.8, 0]]] as const) {
      const got = back.slice(row * 3, row * 3 + 3);
      expect(Math.hypot(...got)).toBeCloseTo(1, 6);
      got.forEach((x, c) => expect(x).toBeCloseTo(expected[c]!, 2));
    }
  });
});
