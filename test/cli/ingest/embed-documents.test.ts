/**
 * src/cli/ingest/embed-documents.ts: the LSA document vectors ingest writes, and the seed that
 * `bench:quality --seed` uses to show how much of a figure is the randomized SVD's own noise.
 */
import { describe, expect, it } from 'vitest';
import { lsaVectors } from '../../../src/cli/ingest/embed-documents';
import { mulberry32 } from '../../../src/core/build-time/local-index/prng';

const next = mulberry32(42);
const WORDS = Array.from({ length: 80 }, (_, i) => `term${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
// 120 texts of six random words: far more structure than 3 dimensions hold, with no clear gap
// between singular values, so the truncated SVD is approximate and its random start shows.
const TEXTS = Array.from({ length: 120 }, () => Array.from({ length: 6 }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' '));

describe('lsaVectors', () => {
  it('embeds every text with the trained model, at the dimensions asked for', () => {
    const { vectors, descriptor, model } = lsaVectors(TEXTS, 3);
    expect(vectors).toHaveLength(TEXTS.length);
    expect(vectors.every((v) => v.length === 3)).toBe(true);
    expect(descriptor).toMatchObject({ kind: 'lsa', dims: 3, model_id: model.modelId });
  });

  it('is reproducible for a seed, and another seed trains another model', () => {
    const a = lsaVectors(TEXTS, 3, 1);
    expect(lsaVectors(TEXTS, 3, 1).descriptor.model_id).toBe(a.descriptor.model_id);
    expect(lsaVectors(TEXTS, 3, 2).descriptor.model_id).not.toBe(a.descriptor.model_id);
    // Without a seed, ingest's own default: the same model every time.
    expect(lsaVectors(TEXTS, 3).descriptor.model_id).toBe(lsaVectors(TEXTS, 3).descriptor.model_id);
  });
});
