import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRetrieverError } from '../../../../src/core/common/errors';
import { createDeadline } from '../../../../src/core/common/http/deadline';
import { createQdrantTransport } from '../../../../src/core/common/upstream/qdrant-transport';
import { createQdrantStore } from '../../../../src/core/query/stores/qdrant-store';
import { startFakeUpstream, type FakeUpstream } from '../../../support/fake-upstream/server';
import { QDRANT_KEY, freshTenant, tenantClient } from '../../fake-upstream/fake-client';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const transport = (url: string, collection: string, apiKey = QDRANT_KEY) =>
  createQdrantTransport({ url, apiKey, collection, fetch: (input, init) => fetch(input, init), deadline: createDeadline(5000), timeoutMs: 2000 });

describe('qdrant transport', () => {
  it('encodes the collection into its paths', () => {
    expect(transport('http://q.invalid/', 'my docs/v2').collectionPath('/points/query')).toBe('/collections/my%20docs%2Fv2/points/query');
  });

  it('turns a missing collection into collection_not_found with the closest existing name', async () => {
    const client = tenantClient(fake.url, freshTenant('qd-transport'));
    await client.qdrant('PUT', '/collections/textbook_chunks', { vectors: { size: 4, distance: 'Cosine' } });
    const qdrant = transport(client.root, 'textbook_chunk');
    expect(await qdrant.listCollections()).toEqual(['textbook_chunks']);
    const failure = await qdrant.request('GET', qdrant.collectionPath()).catch((e: unknown) => e);
    expect(isRetrieverError(failure) && failure.code).toBe('collection_not_found');
    expect(isRetrieverError(failure) && failure.details).toMatchObject({ available: ['textbook_chunks'], suggestion: 'textbook_chunks' });
  });

  it('says which key to check when Qdrant refuses the credentials', async () => {
    const client = tenantClient(fake.url, freshTenant('qd-transport-401'));
    const failure = await transport(client.root, 'c', 'wrong').request('GET', '/collections').catch((e: unknown) => e);
    expect(isRetrieverError(failure) && failure.code).toBe('vector_store_error');
    expect((failure as Error).message).toMatch(/check QDRANT_API_KEY/);
  });

  it('retries a 429 by default, and not at all when the call asks for one attempt (a search\'s collection facts)', async () => {
    const client = tenantClient(fake.url, freshTenant('qd-transport-once'));
    await client.qdrant('PUT', '/collections/book', { vectors: { size: 4, distance: 'Cosine' } });
    let attempts = 0;
    const counting = createQdrantTransport({
      url: client.root,
      apiKey: QDRANT_KEY,
      collection: 'book',
      fetch: (input, init) => (attempts++, fetch(input, init)),
      deadline: createDeadline(5000),
      timeoutMs: 2000,
    });
    const store = createQdrantStore(counting);
    const rateLimited = () => client.faults([{ method: 'GET', path: '/collections/book$', status: 429, headers: { 'retry-after': '0' }, times: 9 }]);
    await rateLimited();
    await expect(store.describe()).rejects.toMatchObject({ code: 'vector_store_unavailable' });
    expect(attempts).toBe(3);
    attempts = 0;
    await expect(store.describe({ once: true })).rejects.toMatchObject({ code: 'vector_store_unavailable' });
    expect(attempts).toBe(1);
    await client.reset();
    await client.qdrant('PUT', '/collections/book', { vectors: { size: 4, distance: 'Cosine' } });
    expect((await store.describe({ once: true })).name).toBe('book');
  });

  it('asks a missing collection\'s suggestion list once too, when the call asks for one attempt', async () => {
    const client = tenantClient(fake.url, freshTenant('qd-transport-once-404'));
    await client.qdrant('PUT', '/collections/book', { vectors: { size: 4, distance: 'Cosine' } });
    let attempts = 0;
    const store = createQdrantStore(createQdrantTransport({
      url: client.root,
      apiKey: QDRANT_KEY,
      collection: 'bok',
      fetch: (input, init) => (attempts++, fetch(input, init)),
      deadline: createDeadline(5000),
      timeoutMs: 2000,
    }));
    // The describe answers 404; the list read for the suggestion is rate-limited. Retried, the
    // search's one attempt would wait out the list's Retry-After before its error.
    await client.faults([{ method: 'GET', path: '/collections$', status: 429, headers: { 'retry-after': '0' }, times: 9 }]);
    await expect(store.describe({ once: true })).rejects.toMatchObject({ code: 'collection_not_found' });
    expect(attempts).toBe(2);
  });
});
