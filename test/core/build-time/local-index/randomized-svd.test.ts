import { Matrix, QrDecomposition } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../src/core/build-time/local-index/prng';
import { randomizedSvd } from '../../../../src/core/build-time/local-index/randomized-svd';
import { type CsrMatrix, orthonormalizeColumns } from '../../../../src/core/build-time/local-index/sparse-dense';

/** A random matrix with orthonormal columns (Q of a QR), for building A = U·diag(s)·Vᵀ. */
function randomOrthonormal(rows: number, cols: number, seed: number): Matrix {
  const next = mulberry32(seed);
  const m = Matrix.from1DArray(rows, cols, Array.from({ length: rows * cols }, () => next() - 0.5));
  return new QrDecomposition(m).orthogonalMatrix.subMatrix(0, rows - 1, 0, cols - 1);
}

function toCsr(m: Matrix): CsrMatrix {
  const rowPtr = new Uint32Array(m.rows + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  for (let i = 0; i < m.rows; i++) {
    for (let j = 0; j < m.columns; j++) if (m.get(i, j) !== 0) (cols.push(j), vals.push(m.get(i, j)));
    rowPtr[i + 1] = cols.length;
  }
  return { rows: m.rows, cols: m.columns, rowPtr, colIdx: Uint32Array.from(cols), values: Float64Array.from(vals) };
}

describe('randomizedSvd', () => {
  // Known spectrum: A = U diag(s) Vᵀ, 60 × 40, rank 8.
  const s = [10, 8, 6, 4, 2, 1, 0.5, 0.25];
  const u = randomOrthonormal(60, 8, 1);
  const v = randomOrthonormal(40, 8, 2);
  const a = u.mmul(Matrix.diag(s)).mmul(v.transpose());

  it('recovers the top singular values and right singular vectors', () => {
    const svd = randomizedSvd(toCsr(a), 5, { seed: 7 });
    expect(svd.rank).toBe(5);
    for (let c = 0; c < 5; c++) {
      expect(svd.singularValues[c]).toBeCloseTo(s[c]!, 8);
      let cosine = 0;
      for (let r = 0; r < 40; r++) cosine += svd.vectors[r * 5 + c]! * v.get(r, c);
      expect(Math.abs(cosine)).toBeCloseTo(1, 8);
    }
  });

  it('fixes signs: the largest-magnitude entry of each vector is positive', () => {
    const svd = randomizedSvd(toCsr(a), 3);
    for (let c = 0; c < 3; c++) {
      const column = Array.from({ length: 40 }, (_, r) => svd.vectors[r * 3 + c]!);
      const pivot = column.reduce((best, x) => (Math.abs(x) > Math.abs(best) ? x : best), 0);
      expect(pivot).toBeGreaterThan(0);
    }
  });

  it('returns fewer components than asked when the matrix has lower rank', () => {
    const svd = randomizedSvd(toCsr(a), 20);
    expect(svd.rank).toBe(8);
    expect(svd.singularValues[7]).toBeCloseTo(0.25, 8);
  });
});

describe('orthonormalizeColumns', () => {
  it('produces orthonormal columns and zeroes dependent ones', () => {
    // Column 2 = column 0 + column 1: dependent.
    const rows = 5;
    const m = new Float64Array(rows * 3);
    const next = mulberry32(3);
    for (let r = 0; r < rows; r++) {
      m[r * 3] = next();
      m[r * 3 + 1] = next();
      m[r * 3 + 2] = m[r * 3]! + m[r * 3 + 1]!;
    }
    orthonormalizeColumns(m, rows, 3);
    const col = (c: number): number[] => Array.from({ length: rows }, (_, r) => m[r * 3 + c]!);
    const dotc = (x: number[], y: number[]): number => x.reduce((acc, xi, i) => acc + xi * y[i]!, 0);
    expect(dotc(col(0), col(0))).toBeCloseTo(1, 12);
    expect(dotc(col(1), col(1))).toBeCloseTo(1, 12);
    expect(dotc(col(0), col(1))).toBeCloseTo(0, 12);
    expect(col(2).every((x) => Math.abs(x) < 1e-12)).toBe(true);
  });
});
