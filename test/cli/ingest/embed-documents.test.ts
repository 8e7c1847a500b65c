/**
 * src/cli/ingest/embed-documents.ts: the LSA document vectors ingest writes, and the seed that
 * `bench:quality --seed` uses to show how much of a figure is the randomized SVD's own noise.
 */
import { describe, expect, it } from 'vitest';
import { bm25Vectors, lsaDimsNotice, lsaVectors } from '../../../src/cli/ingest/embed-documents';
import { bm25SearchVector } from '../../../src/core/common/bm25/index';
import { embedWithLsa } from '../../../src/core/query/local-index/lsa-model';
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
    // Each chunk's vector is the one its text gets as a query: the model and the search agree.
    vectors.forEach((vector, i) => expect(Buffer.from(vector.buffer).equals(Buffer.from(embedWithLsa(model, TEXTS[i]!).buffer))).toBe(true));
  });

  it('is reproducible for a seed, and another seed trains another model', () => {
    const a = lsaVectors(TEXTS, 3, 1);
    expect(lsaVectors(TEXTS, 3, 1).descriptor.model_id).toBe(a.descriptor.model_id);
    expect(lsaVectors(TEXTS, 3, 2).descriptor.model_id).not.toBe(a.descriptor.model_id);
    // Without a seed, ingest's own default: the same model every time.
    expect(lsaVectors(TEXTS, 3).descriptor.model_id).toBe(lsaVectors(TEXTS, 3).descriptor.model_id);
  });
});

describe('lsaDimsNotice', () => {
  it('says what limited the dimensions asked for: the chunks, the distinct words or the rank', () => {
    expect(lsaDimsNotice(null, 11, { chunks: 12, words: 300 })).toBeNull();
    expect(lsaDimsNotice(64, 64, { chunks: 263, words: 4000 })).toBeNull();
    expect(lsaDimsNotice(1000, 262, { chunks: 263, words: 4000 })).toBe('--dims 1000: used 262 dimensions, the most a book of 263 chunks allows (one fewer than its chunks)');
    expect(lsaDimsNotice(500, 40, { chunks: 263, words: 40 })).toBe('--dims 500: used 40 dimensions, the most a book of 40 distinct words allows');
    expect(lsaDimsNotice(500, 37, { chunks: 263, words: 40 })).toMatch(/^--dims 500: used 37 dimensions, the rank of the book's term matrix/);
  });

  it('matches what training gives on books of few words: their number, or below it the rank', () => {
    const fruit = Array.from({ length: 30 }, (_, i) => ['apple', 'banana', 'cherry', 'grape', 'lemon'][i % 5]!);
    const one = lsaVectors(fruit, 100).model;
    expect(lsaDimsNotice(100, one.dims, { chunks: 30, words: one.vocab.length })).toBe('--dims 100: used 5 dimensions, the most a book of 5 distinct words allows');
    // Every text names one alpha, one beta and one gamma: 12 words, but the columns are dependent.
    const mixed = Array.from({ length: 30 }, (_, i) => `alpha${i % 4} beta${i % 3} gamma${i % 5}`);
    const two = lsaVectors(mixed, 100).model;
    expect([two.vocab.length, two.dims]).toEqual([12, 10]);
    expect(lsaDimsNotice(100, two.dims, { chunks: 30, words: 12 })).toMatch(/^--dims 100: used 10 dimensions, the rank of the book's term matrix/);
  });
});

describe('bm25Vectors', () => {
  it('indexes every token the search asks for, the extra ones included, and keeps them out of the stems', () => {
    // Stopwords in capitals, a hyphen run, a folded acronym and a modal used as a noun: each a token
    // the search vector adds (extra-tokens.ts); a chunk that writes the question finds each of them.
    const text = 'Tax under PAYE is filtered with WHERE; castle O-O; she left no will.';
    const { vectors, stems } = bm25Vectors([text, 'another chunk of text']);
    expect(vectors[0]!.indices).toEqual(expect.arrayContaining(bm25SearchVector(text).indices));
    expect(stems).not.toContain('acronym:paye');
    expect(stems).not.toContain('o-o');
  });
});
