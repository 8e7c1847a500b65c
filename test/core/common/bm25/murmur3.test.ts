import { describe, expect, it } from 'vitest';
import { murmur3X86_32, tokenId } from '../../../../src/core/common/bm25/murmur3';
import { reference } from './reference-fixture';

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

describe('murmur3X86_32', () => {
  const vectors = reference.murmur3_x86_32_vectors;

  it('has the reference vectors to check against', () => {
    expect(vectors.length).toBe(21);
  });

  for (const v of vectors) {
    const label = v.input_hex !== undefined ? `hex "${v.input_hex}"` : `utf8 "${v.input_utf8}"`;
    it(`matches the reference for ${label}, seed ${v.seed}`, () => {
      const bytes = v.input_hex !== undefined ? hexBytes(v.input_hex) : new TextEncoder().encode(v.input_utf8);
      const h = murmur3X86_32(bytes, v.seed);
      expect(h).toBe(v.u32);
      expect(h | 0).toBe(v.i32);
      if (v.token_id !== undefined) expect(tokenId(v.input_utf8 ?? '')).toBe(v.token_id);
    });
  }
});

describe('tokenId', () => {
  it('hashes UTF-8 bytes, not UTF-16 code units', () => {
    // 'ü' is one UTF-16 unit but two UTF-8 bytes; the reference id is for the UTF-8 bytes.
    expect(tokenId('führer')).toBe(992146091);
  });

  it('folds negative int32 hashes with abs (so h and 2^32-h share an id)', () => {
    // murmur3('757') = 1797854663 and murmur3('4904') = 2497112633 = 2^32 - 1797854663, also
    // confirmed with the murmurhash3js-revisited package.
    expect(murmur3X86_32(new TextEncoder().encode('757'))).toBe(1797854663);
    expect(murmur3X86_32(new TextEncoder().encode('4904'))).toBe(2497112633);
    expect(tokenId('757')).toBe(1797854663);
    expect(tokenId('4904')).toBe(1797854663);
  });

  it('hashes an ASCII stem from its char codes exactly as from its UTF-8 bytes, at any length and after a longer one', () => {
    const viaBytes = (s: string) => Math.abs(murmur3X86_32(new TextEncoder().encode(s)) | 0);
    for (const s of ['a', 'robot', 'x'.repeat(63), 'y'.repeat(64), 'z'.repeat(300), 'abc', 'führer', 'robot']) expect(tokenId(s), s).toBe(viaBytes(s));
  });

  it('always returns an integer in [0, 2^31]', () => {
    for (const s of ['', 'a', 'robot', 'ロボット', '😀', 'x'.repeat(1000)]) {
      const id = tokenId(s);
      expect(Number.isInteger(id)).toBe(true);
      expect(id).toBeGreaterThanOrEqual(0);
      expect(id).toBeLessThanOrEqual(2 ** 31);
    }
  });
});
