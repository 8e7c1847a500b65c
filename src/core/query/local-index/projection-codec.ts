/**
 * Rows stored as int8 with one float scale per row: 4× smaller than float32. Used for the LSA
 * projection (on the sample book 1.56 MB → 0.40 MB; training rounds the model through this codec, so
 * the vectors computed at ingest and the projection the Worker decodes are the same numbers) and,
 * from index format 3, for the dense document vectors without their scales (on a 3,054-chunk book
 * at 384 dimensions 4.7 MB → 1.2 MB, most of the index).
 */

/** A V × dims projection as int8 rows and their scales (row t = values[t·dims …] · scales[t]). */
export interface QuantizedProjection {
  values: Int8Array;
  scales: Float32Array;
}

/**
 * Quantizes each row to int8 against its largest magnitude (symmetric, round to nearest).
 *
 * @example
 * quantizeRows(Float32Array.from([0.5, -1, 0, 0.25]), 2); // values [64, -127, 0, 127], scales [1/127, 0.25/127]
 */
export function quantizeRows(projection: Float32Array, dims: number): QuantizedProjection {
  const rows = dims > 0 ? projection.length / dims : 0;
  const values = new Int8Array(projection.length);
  const scales = new Float32Array(rows);
  for (let t = 0; t < rows; t++) {
    let max = 0;
    for (let c = 0; c < dims; c++) max = Math.max(max, Math.abs(projection[t * dims + c]!));
    const scale = Math.fround(max / 127);
    scales[t] = scale;
    if (scale === 0) continue;
    for (let c = 0; c < dims; c++) values[t * dims + c] = Math.round(projection[t * dims + c]! / scale);
  }
  return { values, scales };
}

/**
 * The float32 projection a quantized one stands for.
 *
 * @example
 * dequantizeRows(q, 128); // Float32Array(V × 128)
 */
export function dequantizeRows(q: QuantizedProjection, dims: number): Float32Array {
  const out = new Float32Array(q.values.length);
  for (let i = 0; i < out.length; i++) out[i] = q.values[i]! * q.scales[Math.floor(i / dims)]!;
  return out;
}

/**
 * The unit vectors int8 rows point along (each row scaled to length 1): how the dense rows of an
 * index are stored, since a cosine needs only their direction. Rounding to int8 moves a cosine by
 * about 0.001 (measured: one near-tie of 0.343 vs 0.342 swapped on the Linux book).
 *
 * @example
 * unitRows(quantizeRows(rows, 384).values, 384); // Float32Array(n × 384), every non-zero row of norm 1
 */
export function unitRows(values: Int8Array, dims: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let base = 0; base < values.length; base += dims) {
    let norm = 0;
    for (let c = base; c < base + dims; c++) norm += values[c]! * values[c]!;
    if (norm === 0) continue;
    const inv = 1 / Math.sqrt(norm);
    for (let c = base; c < base + dims; c++) out[c] = values[c]! * inv;
  }
  return out;
}
