import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import { isRetrieverError } from '../../../../src/core/common/errors';
import { createDeadline } from '../../../../src/core/common/http/deadline';
import type { FetchLike } from '../../../../src/core/common/http/upstream-fetch';
import { cohereTransportFor, createCohereTransport } from '../../../../src/core/common/upstream/cohere-transport';
import { cohereEmbedderFor } from '../../../../src/core/query/embedders/cohere-embedder';
import { startFakeUpstream, type FakeUpstream } from '../../../support/fake-upstream/server';
import { COHERE_KEY, freshTenant, tenantClient } from '../../fake-upstream/fake-client';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

/** A fetch that records what it was asked and forwards to the real one (real HTTP to the fake). */
function recordingFetch(): { fetch: FetchLike; seen: { url: string; headers: Record<string, string> }[] } {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  return {
    seen,
    fetch: (input, init) => {
      seen.push({ url: input, headers: { ...(init?.headers as Record<string, string>) } });
      return fetch(input, init);
    },
  };
}

const plumbing = (fetchLike: FetchLike) => ({ fetch: fetchLike, deadline: createDeadline(5000), timeoutMs: 2000 });

describe('cohere transport', () => {
  it('builds the URL and headers in one place and goes through the injected fetch', async () => {
    const client = tenantClient(fake.url, freshTenant('co-transport'));
    const { fetch: recorder, seen } = recordingFetch();
    const cohere = createCohereTransport({ apiKey: COHERE_KEY, baseUrl: `${client.root}/`, ...plumbing(recorder) });
    const model = (await cohere.get('/v1/models/embed-english-v3.0', { service: 'Cohere', failureCode: 'embedding_failed' })) as { name?: string };
    expect(model.name).toBe('embed-english-v3.0');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`${client.root}/v1/models/embed-english-v3.0`);
    expect(seen[0]!.headers).toMatchObject({ authorization: `Bearer ${COHERE_KEY}`, accept: 'application/json', 'x-client-name': 'edge-retriever' });
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('maps a rejected key to the call’s error code with a hint, without retrying', async () => {
    const client = tenantClient(fake.url, freshTenant('co-transport-401'));
    const { fetch: recorder, seen } = recordingFetch();
    const cohere = createCohereTransport({ apiKey: 'wrong-key', baseUrl: client.root, ...plumbing(recorder) });
    const failure = await cohere.post('/v2/rerank', { model: 'rerank-v3.5', query: 'q', documents: ['a'] }, { service: 'Cohere rerank', failureCode: 'rerank_failed' }).catch((e: unknown) => e);
    expect(isRetrieverError(failure) && failure.code).toBe('rerank_failed');
    expect((failure as Error).message).toMatch(/Cohere rerank rejected the API key \(401\); check COHERE_API_KEY/);
    expect(seen).toHaveLength(1);
  });

  it('is absent without a key, and the configured embedder uses the configured model and dimension', async () => {
    const client = tenantClient(fake.url, freshTenant('co-transport-embed'));
    const { fetch: recorder } = recordingFetch();
    expect(cohereTransportFor(parseConfig({}), plumbing(recorder))).toBeNull();
    const config = parseConfig({ COHERE_API_KEY: COHERE_KEY, COHERE_BASE_URL: client.root, EMBED_MODEL: 'embed-v4.0', EMBED_DIMENSION: '256' });
    const embedder = cohereEmbedderFor(config, cohereTransportFor(config, plumbing(recorder))!);
    const vector = await embedder.embedQuery('what is a topic?');
    expect(vector).toHaveLength(256);
    expect(embedder.descriptor).toEqual({ kind: 'cohere', model: 'embed-v4.0', dimension: 256 });
    const [call] = (await client.calls()) as { path: string; body: Record<string, unknown> }[];
    expect(call!.path).toBe('/v2/embed');
    expect(call!.body).toMatchObject({ model: 'embed-v4.0', input_type: 'search_query', output_dimension: 256 });
  });
});
