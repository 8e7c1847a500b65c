import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRetrieverError } from '../../../../src/core/common/errors';
import { createDeadline } from '../../../../src/core/common/http/deadline';
import { createQdrantTransport } from '../../../../src/core/common/upstream/qdrant-transport';
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
});
