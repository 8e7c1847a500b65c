/**
 * The linear algebra the randomized SVD needs, on plain typed arrays: a CSR sparse matrix times
 * a dense block (and its transpose), and Gram–Schmidt orthonormalisation. Dense blocks are
 * row-major `rows × width` Float64Arrays so the inner loops run over contiguous memory.
 */

/** A sparse matrix in compressed-row form (rows = documents, columns = terms). */
export interface CsrMatrix {
  rows: number;
  cols: number;
  /** `rowPtr[i]..rowPtr[i+1]` indexes row i's entries; length rows + 1. */
  rowPtr: Uint32Array;
  colIdx: Uint32Array;
  values: Float64Array;
}

/**
 * `A · X` for sparse A (rows × cols) and dense X (cols × width) → dense (rows × width).
 *
 * @example
 * const y = csrTimesDense(a, omega, 16);
 */
export function csrTimesDense(a: CsrMatrix, x: Float64Array, width: number): Float64Array {
  const out = new Float64Array(a.rows * width);
  for (let i = 0; i < a.rows; i++) {
    const o = i * width;
    for (let p = a.rowPtr[i]!; p < a.rowPtr[i + 1]!; p++) {
      const v = a.values[p]!;
      const xo = a.colIdx[p]! * width;
      for (let c = 0; c < width; c++) out[o + c]! += v * x[xo + c]!;
    }
  }
  return out;
}

/**
 * `Aᵀ · Y` for sparse A (rows × cols) and dense Y (rows × width) → dense (cols × width).
 *
 * @example
 * const z = csrTransposeTimesDense(a, y, 16);
 */
export function csrTransposeTimesDense(a: CsrMatrix, y: Float64Array, width: number): Float64Array {
  const out = new Float64Array(a.cols * width);
  for (let i = 0; i < a.rows; i++) {
    const yo = i * width;
    for (let p = a.rowPtr[i]!; p < a.rowPtr[i + 1]!; p++) {
      const v = a.values[p]!;
      const o = a.colIdx[p]! * width;
      for (let c = 0; c < width; c++) out[o + c]! += v * y[yo + c]!;
    }
  }
  return out;
}

/**
 * Orthonormalises the columns of a row-major (rows × width) block in place, with modified
 * Gram–Schmidt run twice ("twice is enough") for stability. A column that is (numerically)
 * dependent on the previous ones is set to zero, so a rank-deficient corpus yields zero
 * directions instead of amplified noise.
 *
 * @example
 * orthonormalizeColumns(y, nDocs, 16);
 */
export function orthonormalizeColumns(m: Float64Array, rows: number, width: number): void {
  const original = new Float64Array(width);
  for (let c = 0; c < width; c++) {
    let norm0 = 0;
    for (let r = 0; r < rows; r++) norm0 += m[r * width + c]! ** 2;
    original[c] = Math.sqrt(norm0);
  }
  for (let c = 0; c < width; c++) {
    for (let pass = 0; pass < 2; pass++) {
      for (let p = 0; p < c; p++) {
        let dot = 0;
        for (let r = 0; r < rows; r++) dot += m[r * width + c]! * m[r * width + p]!;
        if (dot === 0) continue;
        for (let r = 0; r < rows; r++) m[r * width + c]! -= dot * m[r * width + p]!;
      }
    }
    let norm = 0;
    for (let r = 0; r < rows; r++) norm += m[r * width + c]! ** 2;
    norm = Math.sqrt(norm);
    const dependent = norm <= 1e-10 * (original[c]! || 1);
    const scale = dependent ? 0 : 1 / norm;
    for (let r = 0; r < rows; r++) m[r * width + c]! *= scale;
  }
}
