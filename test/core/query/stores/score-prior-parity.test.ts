/**
 * The ranking priors are applied the same way by both stores: the same StoreQuery (dense or sparse,
 * with priors — one on a value, one on any of several values of an array field —, filter, threshold) sent to the embedded store and — as a Qdrant formula query over
 * a prefetch — to the fake Qdrant gives the same ids in the same order with the same scores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeadline } from '../../../../src/core/common/http/deadline';
import { createEmbeddedStore } from '../../../../src/core/query/local-index/embedded-store';
import { encodeIndex } from '../../../../src/core/build-time/local-index/index-encode';
import { decodeIndex } from '../../../../src/core/query/local-index/index-format';
import { createQdrantStore, toQueryRequest } from '../../../../src/core/query/stores/qdrant-store';
import { createQdrantTransport } from '../../../../src/core/common/upstream/qdrant-transport';
import type { ScorePrior } from '../../../../src/core/query/ports';
import { FIELDS_SPARSE_VECTOR, fieldVectors } from '../../../../src/core/query/local-index/field-index';
import { bm25QueryVector } from '../../../../src/core/common/bm25/index';
import type { StoreQuery } from '../../../../src/core/query/ports';
import { qdrantSchemaValidator } from '../../../support/fake-upstream/qdrant-schema';
import { startFakeUpstream, type FakeUpstream } from '../../../support/fake-upstream/server';
import { freshTenant, QDRANT_KEY, tenantClient } from '../../fake-upstream/fake-client';
import { randomIndexData } from '../local-index/random-index';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

// Integer ids: the generator's string ids are not valid UUIDs for a real (or fake) Qdrant.
const data = { ...randomIndexData({ n: 120, dims: 6, seed: 7 }), ids: Array.from({ length: 120 }, (_, i) => i + 1) };
const prior: ScorePrior = { key: 'group', value: 'b', factor: 0.5 };
// A promotion on an array field (like `defines`): a point matches when one element is listed. A
// term of several words is one key with spaces ("ros topic"), matched whole, never word by word.
const promote: ScorePrior = { key: 'defines', any: ['topic', 'ros topic'], factor: 1.3 };
const definesOf = (i: number): string[] => (i % 5 === 0 ? ['topic', 'node'] : i % 7 === 0 ? ['ros topic'] : i % 3 === 0 ? ['ros topic type'] : ['other']);
const withDefines = (d: typeof data) => ({ ...d, payloads: d.payloads.map((p, i) => ({ ...p, defines: definesOf(i) })) });

async function stores() {
  const tenant = freshTenant('prior');
  const q = tenantClient(fake.url, tenant);
  await q.qdrant('PUT', '/collections/random', { vectors: { size: 6, distance: 'Cosine' }, sparse_vectors: { bm25: { modifier: 'idf' } } });
  const book = withDefines(data);
  const index = decodeIndex(encodeIndex(book));
  // Qdrant gets the rows the embedded index holds (int8-rounded): the parity is of the priors, not of the rounding.
  const row = (i: number) => Array.from(index.dense.vectors.subarray(i * 6, (i + 1) * 6));
  const points = book.ids.map((id, i) => ({ id, payload: book.payloads[i], vector: { '': row(i), bm25: book.sparse.vectors[i] } }));
  const up = await q.qdrant('PUT', '/collections/random/points?wait=true', { points });
  expect(up.status, up.text).toBe(200);
  const qdrant = createQdrantStore(
    createQdrantTransport({ url: q.root, apiKey: QDRANT_KEY, collection: 'random', fetch: (i, init) => fetch(i, init), deadline: createDeadline(10_000), timeoutMs: 5_000 }),
  );
  return { qdrant, embedded: createEmbeddedStore(index) };
}

const denseQuery = [0.3, -0.2, 0.9, 0.1, -0.5, 0.4];
const cases: [string, StoreQuery][] = [
  ['dense', { dense: { vector: denseQuery }, limit: 10, priors: [prior] }],
  ['dense, filter and threshold', { dense: { vector: denseQuery }, limit: 8, priors: [prior], scoreThreshold: 0.1, filter: { must_not: [{ key: 'group', match: { value: 'c' } }] } }],
  ['sparse', { sparse: { vector: { indices: [17, 99, 1000], values: [1, 1, 1] }, using: 'bm25' }, limit: 10, priors: [prior] }],
  ['dense, two priors (one on any of an array field)', { dense: { vector: denseQuery }, limit: 10, priors: [prior, promote] }],
];

describe('ranking prior: embedded store = Qdrant formula query', () => {
  it.each(cases)('%s', async (_name, query) => {
    const { qdrant, embedded } = await stores();
    const body = toQueryRequest(query);
    const validate = qdrantSchemaValidator('QueryRequest');
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(body.prefetch).toBeDefined();
    const [fromQdrant] = await qdrant.queryBatch([query]);
    const [fromEmbedded] = await embedded.queryBatch([query]);
    expect(fromEmbedded!.length).toBeGreaterThan(0);
    expect(fromEmbedded!.map((h) => h.id)).toEqual(fromQdrant!.map((h) => h.id));
    fromEmbedded!.forEach((hit, i) => expect(hit.score).toBeCloseTo(fromQdrant![i]!.score, 5));
    // The priors did something: each point scores its raw score × the factors it matches, and the order changed.
    const [raw] = await embedded.queryBatch([{ ...query, priors: undefined, limit: 60 }]);
    for (const hit of fromEmbedded!) {
      const defines = hit.payload.defines as string[];
      const factor = (query.priors ?? []).reduce((f, p) => f * ((p.any ? p.any.some((v) => defines.includes(v)) : hit.payload[p.key] === p.value) ? p.factor : 1), 1);
      const rawHit = raw!.find((h) => h.id === hit.id);
      if (rawHit) expect(hit.score).toBeCloseTo(rawHit.score * factor, 5);
    }
    expect(fromEmbedded!.map((h) => h.id)).not.toEqual(raw!.slice(0, fromEmbedded!.length).map((h) => h.id));
  });

  it('a raising prior reaches a point far below twice the limit, in both stores (its prefetch goes 100 deep)', async () => {
    const { qdrant, embedded } = await stores();
    const base: StoreQuery = { dense: { vector: denseQuery }, limit: 5 };
    const [raw] = await embedded.queryBatch([{ ...base, limit: 60 }]);
    const deep = raw![40]!;
    expect(deep.score).toBeGreaterThan(0);
    // Just enough to put the 41st point first: it is raised only if the rescoring sees it.
    const lift: ScorePrior = { key: 'title', value: deep.payload.title as string, factor: (raw![0]!.score / deep.score) * 1.05 };
    const query: StoreQuery = { ...base, priors: [prior, lift] };
    expect(toQueryRequest(query).prefetch).toMatchObject([{ limit: 100 }]);
    const [fromQdrant] = await qdrant.queryBatch([query]);
    const [fromEmbedded] = await embedded.queryBatch([query]);
    expect(fromEmbedded![0]!.id).toBe(deep.id);
    expect(fromEmbedded!.map((h) => h.id)).toEqual(fromQdrant!.map((h) => h.id));
    // Priors that only lower scores keep the shallow prefetch: nothing from below it could rise.
    expect(toQueryRequest({ ...base, priors: [prior] }).prefetch).toMatchObject([{ limit: 15 }]);
  });

  it('leaves collections without the payload key unchanged (factor 1: degrade, not break)', async () => {
    const { embedded } = await stores();
    const query: StoreQuery = { dense: { vector: denseQuery }, limit: 10 };
    const [plain] = await embedded.queryBatch([query]);
    const [absent] = await embedded.queryBatch([{ ...query, priors: [{ key: 'kind', value: 'overview', factor: 0.85 }, { key: 'nothing', any: ['topic'], factor: 1.3 }] }]);
    expect(absent!.map((h) => h.id)).toEqual(plain!.map((h) => h.id));
  });
});

describe('field-aware BM25: embedded store = Qdrant prefetch pair + formula', () => {
  const words = ['topics', 'services', 'actions', 'launch', 'frames', 'quality'];
  const fieldData = {
    ...data,
    payloads: data.payloads.map((p, i) => ({ ...p, title: `Chapter ${words[i % 6]}`, heading_trail: [`About ${words[(i * 5) % 6]}`, `Using ${words[(i + 2) % 6]} well`] })),
  };

  it('adds the weighted title/heading score to the body score, points found by either list', async () => {
    const tenant = freshTenant('fields');
    const q = tenantClient(fake.url, tenant);
    await q.qdrant('PUT', '/collections/random', { vectors: { size: 6, distance: 'Cosine' }, sparse_vectors: { bm25: { modifier: 'idf' }, [FIELDS_SPARSE_VECTOR]: { modifier: 'idf' } } });
    const fields = fieldVectors(fieldData.payloads);
    const points = fieldData.ids.map((id, i) => ({
      id,
      payload: fieldData.payloads[i],
      vector: { '': Array.from(fieldData.dense.vectors[i]!), bm25: fieldData.sparse.vectors[i], [FIELDS_SPARSE_VECTOR]: fields.vectors[i] },
    }));
    expect((await q.qdrant('PUT', '/collections/random/points?wait=true', { points })).status).toBe(200);
    const qdrant = createQdrantStore(
      createQdrantTransport({ url: q.root, apiKey: QDRANT_KEY, collection: 'random', fetch: (i, init) => fetch(i, init), deadline: createDeadline(10_000), timeoutMs: 5_000 }),
    );
    const embedded = createEmbeddedStore(decodeIndex(encodeIndex(fieldData)));
    const query: StoreQuery = {
      sparse: { vector: { indices: [17, 99], values: [1, 1] }, using: 'bm25' },
      fields: { vector: bm25QueryVector('using topics'), using: FIELDS_SPARSE_VECTOR, weight: 1.5 },
      priors: [prior],
      limit: 12,
    };
    const body = toQueryRequest(query);
    expect(body.prefetch).toHaveLength(2);
    const [fromQdrant] = await qdrant.queryBatch([query]);
    const [fromEmbedded] = await embedded.queryBatch([query]);
    expect(fromEmbedded!.map((h) => h.id)).toEqual(fromQdrant!.map((h) => h.id));
    fromEmbedded!.forEach((hit, i) => expect(hit.score).toBeCloseTo(fromQdrant![i]!.score, 4));
    // Title/heading matches lift points the body terms alone would not return first.
    const [bodyOnly] = await embedded.queryBatch([{ ...query, fields: undefined }]);
    expect(fromEmbedded!.map((h) => h.id)).not.toEqual(bodyOnly!.map((h) => h.id));
    expect(fromEmbedded!.some((h) => /topics/.test(JSON.stringify(h.payload)))).toBe(true);
    expect((await embedded.describe()).sparseVectors).toHaveProperty(FIELDS_SPARSE_VECTOR);
    // An index written with the field vectors (ingest) answers exactly as one that derives them from payloads.
    const written = decodeIndex(encodeIndex({ ...fieldData, fields: { name: FIELDS_SPARSE_VECTOR, ...fields } }));
    expect(written.fields?.offsets.length).toBe(fieldData.ids.length + 1);
    expect(decodeIndex(encodeIndex(fieldData)).fields).toBeNull();
    const [fromWritten] = await createEmbeddedStore(written).queryBatch([query]);
    expect(fromWritten!.map((h) => [h.id, h.score])).toEqual(fromEmbedded!.map((h) => [h.id, h.score]));
  });
});
