import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '../../../../src/core/query/local-index/embedded-store';
import { decodeIndex } from '../../../../src/core/query/local-index/index-format';
import { encodeIndex } from '../../../../src/core/build-time/local-index/index-encode';
import { embedWithLsa } from '../../../../src/core/query/local-index/lsa-model';
import { trainLsa } from '../../../../src/core/build-time/local-index/lsa-train';
import { bm25DocumentVector, bm25QueryVector } from '../../../../src/core/common/bm25/index';

const texts = [
  'The car has a powerful engine and four wheels.',
  'An automobile engine needs fuel and oil.',
  'The driver parked the car in the garage.',
  'Automobile drivers check the engine oil in the garage.',
  'Car wheels and engine maintenance for every driver.',
  'Apple and banana are sweet fruit.',
  'A banana smoothie with fresh fruit.',
  'Apple pie is a classic fruit dessert.',
  'Fresh apple juice and banana bread.',
  'Fruit salad with apple, banana and orange.',
];

describe('embedded default, end to end (train → encode → decode → query)', () => {
  const lsa = trainLsa(texts, { dims: 2 });
  const bytes = encodeIndex({
    collection: 'toy',
    createdAt: '2026-01-01T00:00:00.000Z',
    embedder: { kind: 'lsa', model: 'lsa', dims: lsa.dims, model_id: lsa.modelId },
    ids: texts.map((_, i) => i + 1),
    payloads: texts.map((text, i) => ({ text, topic: i < 5 ? 'cars' : 'fruit' })),
    dense: { vectors: texts.map((t) => Array.from(embedWithLsa(lsa, t))) },
    sparse: { vectors: texts.map((t) => bm25DocumentVector(t, 6)) },
    bm25: { avgLen: 6 },
    lsa,
  });
  // The Worker only has the bytes: the model comes out of the index itself.
  const index = decodeIndex(bytes.buffer as ArrayBuffer);
  const store = createEmbeddedStore(index);

  it('semantic search finds car texts for "automobile", including ones without the word', async () => {
    const [hits] = await store.queryBatch([{ dense: { vector: embedWithLsa(index.lsa!, 'automobile') }, limit: 5 }]);
    expect(hits!.map((h) => h.payload.topic)).toEqual(['cars', 'cars', 'cars', 'cars', 'cars']);
    expect(hits!.some((h) => !String(h.payload.text).toLowerCase().includes('automobile'))).toBe(true);
  });

  it('keyword search finds only texts with the word', async () => {
    const [hits] = await store.queryBatch([{ sparse: { vector: bm25QueryVector('automobile'), using: 'bm25' }, limit: 5 }]);
    expect(hits!.map((h) => h.id).sort()).toEqual([2, 4]);
  });

  it('filters semantic results by payload', async () => {
    const [hits] = await store.queryBatch([
      { dense: { vector: embedWithLsa(index.lsa!, 'automobile') }, limit: 3, filter: { must: [{ key: 'topic', match: { value: 'fruit' } }] } },
    ]);
    expect(hits!.map((h) => h.payload.topic)).toEqual(['fruit', 'fruit', 'fruit']);
  });
});
