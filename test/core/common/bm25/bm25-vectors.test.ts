import { describe, expect, it } from 'vitest';
import { isRetrieverError } from '../../../../src/core/common/errors';
import {
  BM25_B,
  BM25_DEFAULT_AVG_LEN,
  BM25_K,
  bm25DocumentVector,
  bm25DocumentVectorFromTokens,
  bm25QueryVector,
} from '../../../../src/core/common/bm25/bm25-vectors';
import { tokenId } from '../../../../src/core/common/bm25/murmur3';
import { reference } from './reference-fixture';

const f32 = (xs: number[]): number[] => xs.map((x) => Math.fround(x));

describe('BM25 parameters', () => {
  it("are the server's defaults", () => {
    expect(BM25_K).toBe(reference.params.k);
    expect(BM25_B).toBe(reference.params.b);
    expect(BM25_DEFAULT_AVG_LEN).toBe(reference.params.default_avg_len);
  });
});

describe('bm25DocumentVector against the reference cases', () => {
  for (const c of reference.cases) {
    it(`matches case "${c.name}" (indices exact, values as float32)`, () => {
      const v = bm25DocumentVector(c.text, c.avg_len);
      expect(v.indices).toEqual(c.doc.indices);
      expect(f32(v.values)).toEqual(f32(c.doc.values));
      // The double before the f32 cast agrees to rounding (the server uses a fused multiply-add).
      v.values.forEach((x, i) => expect(Math.abs(x - c.doc.values_f64[i]!)).toBeLessThanOrEqual(1e-14 * x));
    });
  }
});

describe('bm25QueryVector against the reference cases', () => {
  for (const c of reference.cases) {
    it(`matches case "${c.name}"`, () => {
      expect(bm25QueryVector(c.text)).toEqual(c.query);
    });
  }
});

describe('bm25DocumentVectorFromTokens', () => {
  it('computes n*(k+1)/(k*(1-b+b*|d|/avg)+n) per term', () => {
    // |d| = 4, avg = 8: norm = 1.2 * (0.25 + 0.75 * 0.5) = 0.75; 'a' n=3 -> 6.6/3.75, 'b' n=1 -> 2.2/1.75.
    const v = bm25DocumentVectorFromTokens(['a', 'b', 'a', 'a'], 8);
    const byId = new Map(v.indices.map((id, i) => [id, v.values[i] ?? Number.NaN]));
    expect(byId.size).toBe(2);
    expect(byId.get(tokenId('a'))).toBeCloseTo(6.6 / 3.75, 12);
    expect(byId.get(tokenId('b'))).toBeCloseTo(2.2 / 1.75, 12);
  });

  it('returns indices sorted ascending and unique', () => {
    const v = bm25DocumentVector('zeta alpha mu alpha omega beta gamma zeta delta');
    expect(v.indices).toEqual([...new Set(v.indices)].sort((a, b) => a - b));
    expect(v.values.length).toBe(v.indices.length);
  });

  it('sums the counts of two different stems that hash to the same id', () => {
    // tokenId('757') === tokenId('4904') (hashes h and 2^32-h, see murmur3.test.ts); digits are
    // not stemmed. |d| = 3 with avg 3: norm = 1.2, so one id with n=3: 6.6/4.2.
    const v = bm25DocumentVectorFromTokens(['757', '4904', '757'], 3);
    expect(v.indices).toEqual([1797854663]);
    expect(v.values[0]).toBeCloseTo(6.6 / 4.2, 12);
    expect(bm25QueryVector('757 4904')).toEqual({ indices: [1797854663], values: [1] });
  });

  it('uses the default avg_len of 256', () => {
    expect(bm25DocumentVectorFromTokens(['x', 'y'])).toEqual(bm25DocumentVectorFromTokens(['x', 'y'], 256));
  });

  it('rejects a non-positive or non-finite avg_len', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      let caught: unknown;
      try {
        bm25DocumentVectorFromTokens(['x'], bad);
      } catch (e) {
        caught = e;
      }
      expect(isRetrieverError(caught) && caught.code === 'invalid_request').toBe(true);
    }
  });
});

describe('bm25QueryVector', () => {
  it('gives each distinct stem once with value 1', () => {
    const q = bm25QueryVector('robot robots ROBOT walking');
    expect(q.indices.length).toBe(2);
    expect(q.values).toEqual([1, 1]);
    expect(q.indices).toEqual(bm25DocumentVector('robot walk').indices);
  });

  it('is empty for stopword-only and empty queries', () => {
    expect(bm25QueryVector('what is it?')).toEqual({ indices: [], values: [] });
    expect(bm25QueryVector('')).toEqual({ indices: [], values: [] });
  });
});
