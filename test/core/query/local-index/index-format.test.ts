import { describe, expect, it } from 'vitest';
import { decodeIndex } from '../../../../src/core/query/local-index/index-format';
import { INDEX_FORMAT_VERSION } from '../../../../src/core/query/local-index/index-layout';
import { encodeIndex } from '../../../../src/core/build-time/local-index/index-encode';
import type { EmbeddedIndexData } from '../../../../src/core/query/local-index/index-types';
import { embedWithLsa } from '../../../../src/core/query/local-index/lsa-model';
import { trainLsa } from '../../../../src/core/build-time/local-index/lsa-train';
import { RetrieverError } from '../../../../src/core/common/errors';
import { randomIndexData } from './random-index';
import { expectQuantizedRow } from '../../../support/quantized-row';
import { buildLexiconFilter, lexiconHas } from '../../../../src/core/common/text/lexicon-filter';

const texts = ['robots sense the world', 'robots move arms', 'sensors sense depth', 'arms and sensors on robots'];

function lsaIndexData(): EmbeddedIndexData {
  const lsa = trainLsa(texts, { dims: 2 });
  return {
    collection: 'book',
    createdAt: '2026-02-03T04:05:06.000Z',
    embedder: { kind: 'lsa', model: 'lsa', dims: lsa.dims, model_id: lsa.modelId },
    ids: [1, 2, 'c0ffee00-0000-4000-8000-000000000000', 4],
    payloads: texts.map((text, i) => ({ text, chapter: `ch${i}`, nested: { emoji: '🤖' } })),
    dense: { vectors: texts.map((t) => Array.from(embedWithLsa(lsa, t))) },
    sparse: { name: 'bm25', vectors: [{ indices: [5, 1], values: [0.5, 1] }, { indices: [1], values: [2] }, { indices: [], values: [] }, { indices: [9, 5], values: [1, 1] }] },
    bm25: { avgLen: 3.25 },
    lsa,
  };
}

function expectConfigError(fn: () => unknown, pattern: RegExp): void {
  try {
    fn();
    expect.unreachable('should have thrown');
  } catch (error) {
    expect(error).toBeInstanceOf(RetrieverError);
    expect((error as RetrieverError).code).toBe('config_error');
    expect((error as RetrieverError).message).toMatch(pattern);
  }
}

describe('encodeIndex / decodeIndex', () => {
  it('round-trips everything, with the LSA model still embedding identically', () => {
    const data = lsaIndexData();
    const bytes = encodeIndex(data);
    const index = decodeIndex(bytes.buffer as ArrayBuffer);
    expect(index.formatVersion).toBe(INDEX_FORMAT_VERSION);
    expect(index.collection).toBe('book');
    expect(index.createdAt).toBe('2026-02-03T04:05:06.000Z');
    expect(index.embedder).toEqual(data.embedder);
    expect(index.size).toBe(4);
    expect(index.ids).toEqual(data.ids);
    data.payloads.forEach((p, i) => expect(index.payload(i)).toEqual(p));
    expect(index.dense.name).toBe('');
    expect(index.sparse.name).toBe('bm25');
    // Sparse rows come back sorted by index; empty rows are allowed.
    expect(Array.from(index.sparse.offsets)).toEqual([0, 2, 3, 3, 5]);
    expect(Array.from(index.sparse.indices)).toEqual([1, 5, 1, 5, 9]);
    expect(Array.from(index.sparse.values)).toEqual([1, 0.5, 2, 1, 1]);
    // df: term 1 in 2 points, 5 in 2, 9 in 1.
    expect(Array.from(index.bm25.dfTerms)).toEqual([1, 5, 9]);
    expect(Array.from(index.bm25.dfCounts)).toEqual([2, 2, 1]);
    expect(index.bm25).toMatchObject({ avgLen: 3.25, N: 4 });
    const lsa = index.lsa!;
    expect(lsa.vocab).toEqual(data.lsa!.vocab);
    expect(lsa.modelId).toBe(data.lsa!.modelId);
    expect(Array.from(lsa.projection)).toEqual(Array.from(data.lsa!.projection));
    expect(Array.from(embedWithLsa(lsa, 'robot sensors'))).toEqual(Array.from(embedWithLsa(data.lsa!, 'robot sensors')));
  });

  it('round-trips the lexicon filter, and reads an index without one as null', () => {
    const lexicon = buildLexiconFilter(['travel', 'versus', 'kitchen']);
    const index = decodeIndex(encodeIndex({ ...lsaIndexData(), lexicon }));
    expect(index.lexicon!.hashes).toBe(lexicon.hashes);
    expect([...index.lexicon!.bits]).toEqual([...lexicon.bits]);
    expect(['travel', 'versus', 'kitchen'].every((w) => lexiconHas(index.lexicon!, w))).toBe(true);
    expect(decodeIndex(encodeIndex(lsaIndexData())).lexicon).toBeNull();
  });

  it('records the stems the LSA vocabulary lacks (a book past its cap, or no local model), and none in an older index', () => {
    const stems = ['robot', 'sens', 'gasket', 'zeolit'];
    const capped = trainLsa(texts, { dims: 2, maxVocab: 2 });
    expect(capped.vocab).toHaveLength(2);
    const withCap = decodeIndex(encodeIndex({ ...lsaIndexData(), embedder: { kind: 'lsa', model: 'lsa', dims: capped.dims, model_id: capped.modelId }, lsa: capped, stems: [...capped.vocab, ...stems] }));
    expect([...withCap.otherStems].sort()).toEqual(stems.filter((s) => !capped.vocab.includes(s)).sort());
    const noModel = decodeIndex(encodeIndex({ ...lsaIndexData(), embedder: { kind: 'cohere', model: 'embed-english-v3.0', dims: 2, model_id: 'embed-english-v3.0' }, lsa: null, stems }));
    expect([...noModel.otherStems].sort()).toEqual([...stems].sort());
    expect(decodeIndex(encodeIndex(lsaIndexData())).otherStems).toEqual([]);
  });

  it('normalises dense vectors (as Qdrant does for Cosine) and stores them as int8 rows, a byte per dimension', () => {
    const data = randomIndexData({ n: 20, dims: 5 });
    const index = decodeIndex(encodeIndex(data));
    data.dense.vectors.forEach((v, i) => expectQuantizedRow(index.dense.vectors.subarray(i * 5, i * 5 + 5), v));
    // 384 dimensions: the file grows by 384 bytes of int8 and 4 of scale per point, not 4 × 384.
    const wide = (n: number) => encodeIndex(randomIndexData({ n, dims: 384 })).byteLength;
    expect(wide(40) - wide(20)).toBeLessThan(20 * (384 + 4 + 200));
  });

  it('views the source buffer for the sparse arrays; dense rows are decoded once to float32', () => {
    const bytes = encodeIndex(randomIndexData({ n: 30, dims: 8 }));
    const buffer = bytes.buffer as ArrayBuffer;
    const index = decodeIndex(buffer);
    for (const array of [index.sparse.indices, index.sparse.values, index.bm25.dfTerms]) {
      expect(array.buffer).toBe(buffer);
      expect(array.byteOffset % 4).toBe(0);
    }
    expect(index.dense.vectors).toBeInstanceOf(Float32Array);
    expect(index.dense.vectors.buffer).not.toBe(buffer);
  });

  it('reads a misaligned view (copying once) with the same content', () => {
    const bytes = encodeIndex(lsaIndexData());
    const host = new Uint8Array(bytes.byteLength + 3);
    host.set(bytes, 3);
    const index = decodeIndex(host.subarray(3));
    expect(index.ids).toEqual(lsaIndexData().ids);
    expect(index.payload(2)).toEqual(lsaIndexData().payloads[2]);
  });

  it('is reproducible: same data and created_at → identical bytes', () => {
    expect(Buffer.from(encodeIndex(lsaIndexData())).equals(Buffer.from(encodeIndex(lsaIndexData())))).toBe(true);
  });

  it('rejects files that are not indexes, from another version, truncated or with a broken header', () => {
    const good = encodeIndex(lsaIndexData());
    expectConfigError(() => decodeIndex(new Uint8Array(8)), /too short/);
    const badMagic = good.slice();
    badMagic[0] = 0x50;
    expectConfigError(() => decodeIndex(badMagic), /not an edge-retriever index/);
    const oldVersion = good.slice();
    new DataView(oldVersion.buffer).setUint32(4, 0, true);
    expectConfigError(() => decodeIndex(oldVersion), /format version 0.*reads version 3.*Rebuild/);
    expectConfigError(() => decodeIndex(good.slice(0, good.byteLength - 16)), /truncated/);
    const brokenHeader = good.slice();
    brokenHeader[16] = 0x7b + 1; // first byte of the JSON header is "{"
    expectConfigError(() => decodeIndex(brokenHeader), /header is not valid JSON/);
    // The parser's own complaint stays attached for the logs.
    const failure = (() => {
      try {
        decodeIndex(brokenHeader);
      } catch (error) {
        return error as Error;
      }
    })();
    expect(failure?.cause).toBeInstanceOf(SyntaxError);
  });

  it('refuses to build an inconsistent index', () => {
    const data = lsaIndexData();
    expectConfigError(() => encodeIndex({ ...data, payloads: data.payloads.slice(1) }), /4 ids but 3 payloads/);
    expectConfigError(() => encodeIndex({ ...data, dense: { vectors: [[1], [1], [1], [1]] } }), /dense vector 0 has 1 dimensions, expected 2/);
    expectConfigError(() => encodeIndex({ ...data, sparse: { vectors: [{ indices: [1, 1], values: [1, 1] }, ...data.sparse.vectors.slice(1)] } }), /repeats index 1/);
    expectConfigError(() => encodeIndex({ ...data, ids: [1, 1, 2, 3] }), /duplicate point id/);
    expectConfigError(() => encodeIndex({ ...data, lsa: null }), /must include the LSA model/);
    expectConfigError(() => encodeIndex({ ...data, embedder: { ...data.embedder, model_id: 'lsa-2-00000000' } }), /does not match/);
  });
});
