/**
 * The typed client (`edge-retriever/client`) against the real Worker in the Workers runtime: the
 * same answers as a raw request, the stream in order, and the Worker's errors as typed errors.
 */
import { describe, expect, it } from 'vitest';
import { createClient, EdgeRetrieverError, type SearchStreamEvent } from '../../src/client/index';
import { DOCS } from './support/docs';
import { seedCollection, tenant } from './support/harness';

async function seeded() {
  const t = tenant('client');
  await seedCollection(t, DOCS);
  return t;
}

describe('typed client against the Worker', () => {
  it('search() returns the JSON document a raw GET returns', async () => {
    const t = await seeded();
    const client = createClient({ baseUrl: 'https://worker.test/', fetch: t.fetcher() });
    const answer = await client.search({ q: 'what do ROS 2 topics carry', k: 3, rerank: 'mmr', lambda: 0.5 });
    const raw = (await t.call('/search?q=what%20do%20ROS%202%20topics%20carry&k=3&rerank=mmr&lambda=0.5')).json();
    expect(answer.results.map((r) => [r.id, r.rank, r.score, r.source])).toEqual(raw.results.map((r: any) => [r.id, r.rank, r.score, r.source]));
    expect(answer.results[0]!.mmr?.lambda).toBe(0.5);
    expect(answer).toMatchObject({ query: 'what do ROS 2 topics carry', top_k: 3, mode: 'semantic' });
    expect(answer.summary.returned).toBe(3);
  });

  it('searchStream() yields meta, each result, then summary — the same results as search()', async () => {
    const t = await seeded();
    const client = createClient({ baseUrl: 'https://worker.test', fetch: t.fetcher() });
    const events: SearchStreamEvent[] = [];
    for await (const event of client.searchStream({ q: 'gazebo physics', k: 4 })) events.push(event);
    expect(events.map((e) => e.type)).toEqual(['meta', 'result', 'result', 'result', 'result', 'summary']);
    const whole = await client.search({ q: 'gazebo physics', k: 4 });
    const streamed = events.flatMap((e) => (e.type === 'result' ? [e.id] : []));
    expect(streamed).toEqual(whole.results.map((r) => r.id));
    const last = events.at(-1)!;
    expect(last.type === 'summary' && last.summary.returned).toBe(4);
  });

  it('turns the Worker error body into EdgeRetrieverError (code, status, details)', async () => {
    const t = await seeded();
    const client = createClient({ baseUrl: 'https://worker.test', fetch: t.fetcher() });
    const bad = await client.search({ q: 'x', k: 'lots', colour: 'red' } as never).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(EdgeRetrieverError);
    expect(bad).toMatchObject({ code: 'invalid_request', status: 400, details: { unknown: ['colour'] } });
    expect((bad as EdgeRetrieverError).details.params).toEqual(expect.arrayContaining(['colour', 'k']));
    const missing = createClient({ baseUrl: 'https://worker.test', fetch: t.fetcher({ QDRANT_COLLECTION: 'nope' }) });
    await expect(missing.search({ q: 'topics' })).rejects.toMatchObject({ code: 'collection_not_found', status: 404 });
    await t.faults([{ path: '/points/query$', status: 503, body: { status: { error: 'overloaded' } }, times: 5 }]);
    await expect(client.search({ q: 'topics again' })).rejects.toMatchObject({ code: 'vector_store_unavailable', status: 503 });
  });

  it('an aborted signal rejects with AbortError and sends nothing', async () => {
    const t = await seeded();
    const client = createClient({ baseUrl: 'https://worker.test', fetch: t.fetcher() });
    const before = (await t.calls()).length;
    const controller = new AbortController();
    controller.abort();
    const failure = await client.search({ q: 'topics' }, { signal: controller.signal }).catch((e: unknown) => e);
    expect((failure as Error).name).toBe('AbortError');
    expect((await t.calls()).length).toBe(before);
  });
});
