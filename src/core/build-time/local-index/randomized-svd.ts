/**
 * Truncated SVD of a sparse matrix by the randomized range finder of Halko, Martinsson & Tropp
 * (2011, algorithm 4.4 with power iterations). Only the right singular vectors (term space) and
 * the singular values are returned: that is all LSA needs to project texts.
 */
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { mulberry32 } from './prng';
import { type CsrMatrix, csrTimesDense, csrTransposeTimesDense, orthonormalizeColumns } from './sparse-dense';

/** Knobs of the randomized SVD; the defaults suit TF-IDF matrices of a few thousand rows. */
export interface RandomizedSvdOptions {
  /** Extra random directions beyond `rank` (better accuracy for the last kept components). */
  oversample?: number;
  /** Power iterations; each sharpens the spectrum, which TF-IDF matrices need (slow decay). */
  powerIterations?: number;
  seed?: number;
}

/** The top singular triplets' term side: `vectors` is cols × rank, row-major. */
export interface TruncatedSvd {
  rank: number;
  singularValues: Float64Array;
  vectors: Float64Array;
}

/** Components whose singular value is below this fraction of the largest are noise (rank deficiency). */
const RELATIVE_RANK_TOLERANCE = 1e-8;

/**
 * Top-`rank` right singular vectors of A. Deterministic: the random test matrix comes from a
 * seeded PRNG with uniform entries (no transcendental functions), and each vector's sign is
 * fixed so its largest-magnitude entry is positive. The returned rank can be smaller than
 * asked when A has fewer independent rows/columns.
 *
 * @example
 * const { vectors, singularValues, rank } = randomizedSvd(tfidf, 128, { seed: 1 });
 */
export function randomizedSvd(a: CsrMatrix, rank: number, options: RandomizedSvdOptions = {}): TruncatedSvd {
  const { oversample = 10, powerIterations = 3, seed = 0x5eed } = options;
  const width = Math.min(rank + oversample, a.rows, a.cols);
  const random = mulberry32(seed);
  const omega = new Float64Array(a.cols * width);
  for (let i = 0; i < omega.length; i++) omega[i] = random() * 2 - 1;

  let q = csrTimesDense(a, omega, width);
  orthonormalizeColumns(q, a.rows, width);
  for (let it = 0; it < powerIterations; it++) {
    const z = csrTransposeTimesDense(a, q, width);
    orthonormalizeColumns(z, a.cols, width);
    q = csrTimesDense(a, z, width);
    orthonormalizeColumns(q, a.rows, width);
  }
  // Bᵀ = Aᵀ Q (cols × width); its left singular vectors are A's right singular vectors.
  const bt = csrTransposeTimesDense(a, q, width);
  const rowsOfBt: Float64Array[] = [];
  for (let r = 0; r < a.cols; r++) rowsOfBt.push(bt.subarray(r * width, (r + 1) * width));
  const svd = new SingularValueDecomposition(new Matrix(rowsOfBt), {
    computeLeftSingularVectors: true,
    computeRightSingularVectors: false,
    autoTranspose: true,
  });
  const sigma = svd.diagonal;
  const left = svd.leftSingularVectors;
  const top = sigma[0] ?? 0;
  let kept = 0;
  while (kept < Math.min(rank, sigma.length) && (sigma[kept] ?? 0) > top * RELATIVE_RANK_TOLERANCE) kept++;

  const vectors = new Float64Array(a.cols * kept);
  for (let c = 0; c < kept; c++) {
    let pivot = 0;
    for (let r = 0; r < a.cols; r++) if (Math.abs(left.get(r, c)) > Math.abs(pivot)) pivot = left.get(r, c);
    const sign = pivot < 0 ? -1 : 1;
    for (let r = 0; r < a.cols; r++) vectors[r * kept + c] = sign * left.get(r, c);
  }
  return { rank: kept, singularValues: Float64Array.from(sigma.slice(0, kept)), vectors };
}
