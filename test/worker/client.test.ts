/**
 * The typed client (`edge-retriever/client`) against the real Worker in the Workers runtime: the
 * same answers as a raw request, the stream in order, and the Worker's errors as typed errors.
 */
import { describe, expect, it } from 'vitest';
import { createClient, EdgeRetrieverError, type BatchStreamEvent, type SearchStreamEvent } from '../../src/client/index';
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

  it('a tag list means the same on GET and POST: each element one tag, even one holding a comma', async () => {
    const t = tenant('client-tags');
    await seedCollection(t, [
      { id: 1, text: 'Pick and place with a suction gripper.', payload: { tags: ['pick,place'] } },
      { id: 2, text: 'Pick poses from a grasp planner.', payload: { tags: ['pick'] } },
      { id: 3, text: 'Place poses on a cluttered table.', payload: { tags: ['place'] } },
    ]);
    const methods: string[] = [];
    const fetcher = t.fetcher();
    const client = createClient({ baseUrl: 'https://worker.test', fetch: (input, init) => (methods.push(init?.method ?? 'GET'), fetcher(input, init)) });
    const ids = (results: readonly { id: unknown }[]) => results.map((r) => r.id).sort();
    const posted = async (tags: string[]) => ids((await t.call('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: 'pick and place', tags }) })).json().results);
    const long = `pick and place ${'é'.repeat(800)}`; // 4,800 characters URL-encoded, past the client's GET limit: sent as POST
    for (const tags of [['pick,place'], ['pick', 'place']]) {
      const expected = await posted(tags);
      expect(ids((await client.search({ q: 'pick and place', tags })).results), JSON.stringify(tags)).toEqual(expected);
      expect(ids((await client.search({ q: long, tags })).results), JSON.stringify(tags)).toEqual(expected);
    }
    // A list with a comma in an element cannot be said in a query string: it goes as a POST body.
    expect(methods).toEqual(['POST', 'POST', 'GET', 'POST']);
    expect(await posted(['pick,place'])).toEqual([1]);
    expect(await posted(['pick', 'place'])).toEqual([2, 3]);
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

  it('searchBatch() and searchBatchStream(): typed answers in input order, failed queries as ok: false', async () => {
    const t = await seeded();
    const client = createClient({ baseUrl: 'https://worker.test', fetch: t.fetcher() });
    const request = { defaults: { k: 2 }, queries: ['gazebo physics', { q: 'topics', k: 'x' }, { q: 'isaac sim', k: 1 }] };
    const batch = await client.searchBatch(request);
    expect(batch.summary).toEqual({ queries: 3, succeeded: 2, failed: 1 });
    const [first, second, third] = batch.answers;
    expect(first!.ok && first!.results).toHaveLength(2);
    expect(!second!.ok && second!.error.code).toBe('invalid_request');
    expect(third!.ok && third!.top_k).toBe(1);
    const events: BatchStreamEvent[] = [];
    for await (const event of client.searchBatchStream(request)) events.push(event);
    expect(events.map((e) => (e.type === 'answer' ? `${e.index}:${e.ok}` : e.type))).toEqual(['0:true', '1:false', '2:true', 'summary']);
    await expect(client.searchBatch({ queries: [] })).rejects.toMatchObject({ code: 'invalid_request', status: 400 });
  });
});
