/**
 * Query vectors are cached as raw little-endian float32 bytes (4 bytes per dimension, a quarter of
 * a JSON array's size and no parse). Reads are checked: a truncated or corrupted value is a miss.
 */

/** Encodes a vector as little-endian float32 bytes. */
export function encodeVector(vector: Float32Array): ArrayBuffer {
  const out = new ArrayBuffer(vector.length * 4);
  const view = new DataView(out);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i] as number, true);
  return out;
}

/**
 * Decodes cached bytes; returns null unless they hold `expectedLength` finite floats (when given).
 *
 * @example
 * decodeVector(encodeVector(Float32Array.of(1, 2)), 2); // Float32Array [1, 2]
 */
export function decodeVector(bytes: ArrayBuffer, expectedLength: number | null): Float32Array | null {
  if (bytes.byteLength === 0 || bytes.byteLength % 4 !== 0) return null;
  const length = bytes.byteLength / 4;
  if (expectedLength !== null && length !== expectedLength) return null;
  const view = new DataView(bytes);
  const vector = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const value = view.getFloat32(i * 4, true);
    if (!Number.isFinite(value)) return null;
    vector[i] = value;
  }
  return vector;
}
