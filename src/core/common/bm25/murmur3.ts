/**
 * MurmurHash3 x86 32-bit, the hash Qdrant (and fastembed) use to turn a stem into a sparse index.
 * Hand-written rather than a dependency: it is ~30 lines, works on bytes (the server hashes the
 * UTF-8 bytes of the stem, not UTF-16 code units) and is checked against reference vectors.
 */

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

const utf8 = new TextEncoder();

/**
 * MurmurHash3 x86_32 of `bytes` with `seed`, as an unsigned 32-bit integer.
 *
 * @example
 * murmur3X86_32(new TextEncoder().encode('hello'), 0); // 613153351
 */
export function murmur3X86_32(bytes: Uint8Array, seed = 0): number {
  const len = bytes.length;
  const tailStart = len - (len % 4);
  let h = seed >>> 0;
  let k: number;
  for (let i = 0; i < tailStart; i += 4) {
    k = (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24)) >>> 0;
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  k = 0;
  // Tail bytes fall through on purpose, as in the reference C implementation.
  switch (len & 3) {
    case 3:
      k ^= bytes[tailStart + 2]! << 16;
    // falls through
    case 2:
      k ^= bytes[tailStart + 1]! << 8;
    // falls through
    case 1:
      k ^= bytes[tailStart]!;
      k = Math.imul(k, C1);
      k = (k << 15) | (k >>> 17);
      k = Math.imul(k, C2);
      h ^= k;
  }
  h ^= len;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Qdrant's sparse index for a stem: `abs(murmur3_x86_32(utf8(stem), 0) as i32)` as u32. The result is
 * in [0, 2^31]; 2^31 itself arises only for hash 0x80000000 (Rust's `i32::unsigned_abs`), which a
 * plain `Math.abs` on the signed value also gives.
 *
 * @example
 * tokenId('world'); // 74040069 (hash is 4220927227 = -74040069 as i32)
 */
export function tokenId(stem: string): number {
  return Math.abs(murmur3X86_32(utf8Bytes(stem), 0) | 0);
}

// Reused for ASCII stems (nearly all of them): their UTF-8 bytes are their char codes, and a search
// looks up hundreds of candidate stems when it reads a misspelt word (book-forms.ts), where
// allocating through TextEncoder for each was most of the cost.
let scratch = new Uint8Array(64);

/** The UTF-8 bytes of `text`: a view of a reused buffer for ASCII, else TextEncoder's. */
function utf8Bytes(text: string): Uint8Array {
  const n = text.length;
  if (n > scratch.length) scratch = new Uint8Array(n * 2);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return utf8.encode(text);
    scratch[i] = c;
  }
  return scratch.subarray(0, n);
}
