import { beforeEach, describe, expect, it } from 'vitest';
import { DOCS } from './support/docs';
import { ndjson, seedCollection, sseEvents, tenant, type Tenant } from './support/harness';

let t: Tenant;
beforeEach(async () => {
  t = tenant('api');
  await seedCollection(t, DOCS);
});

describe('GET /search', () => {
  it('answers the whole way: validated params → embedding → Qdrant → JSON results', async () => {
    const res = await t.call('/search?q=what%20do%20ROS%202%20topics%20carry&k=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(['query', 'collection', 'top_k', 'results', 'summary', 'timing']),
    );
    expect(body.query).toBe('what do ROS 2 topics carry');
    expect(body.collection).toBe('textbook_chunks');
    expect(body.top_k).toBe(3);
    expect(body.results).toHaveLength(3);
    const top = body.results[0];
    expect(top).toMatchObject({
      rank: 1,
      content: DOCS[0]!.text,
      source_url: 'https://book.test/docs/ros2/topics',
      chapter: 'ros2-topics',
      section: 'Topics',
      title: 'Nodes and Topics',
      chunk_index: 0,
      chunk_id: 'ros2/topics.md#0',
      source: '01-ros2/topics.md:5-20',
    });
    expect(top.metadata).toMatchObject({ tags: ['ros2'], file_path: '01-ros2/topics.md' });
    expect(top.metadata).not.toHaveProperty('content');
    expect(body.results.map((r: any) => r.rank)).toEqual([1, 2, 3]);
    const scores = body.results.map((r: any) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.summary).toMatchObject({ returned: 3, cache: 'miss' });
    expect(body.timing).toEqual(expect.objectContaining({ embed_ms: expect.any(Number), search_ms: expect.any(Number), total_ms: expect.any(Number) }));
    expect(res.headers.get('server-timing')).toMatch(/embed;dur=[\d.]+, search;dur=[\d.]+, total;dur=[\d.]+/);
  });

  it('sends exactly one embed call (search_query, float) and one Qdrant query', async () => {
    await t.call('/search?q=gazebo%20physics');
    const cohere = await t.queryEmbeds();
    expect(cohere).toHaveLength(1);
    expect(cohere[0]!.body).toMatchObject({ model: 'embed-english-v3.0', input_type: 'search_query', embedding_types: ['float'], texts: ['gazebo physics'] });
    const queries = (await t.calls('qdrant')).filter((c) => c.path.endsWith('/points/query'));
    expect(queries).toHaveLength(1);
    expect(queries[0]!.body).toMatchObject({ limit: 5, with_payload: true });
  });

  it('defaults k to TOP_K_DEFAULT and clamps k into [TOP_K_MIN, TOP_K_MAX], saying so', async () => {
    const byDefault = (await t.call('/search?q=topics')).json();
    expect(byDefault.top_k).toBe(5);
    expect(byDefault.top_k_clamped).toBe(false);
    const high = (await t.call('/search?q=topics&k=500')).json();
    expect(high).toMatchObject({ top_k: 50, top_k_requested: 500, top_k_clamped: true });
    const narrow = (await t.call('/search?q=topics&k=1', {}, { TOP_K_MIN: '3', TOP_K_MAX: '8', TOP_K_DEFAULT: '3' })).json();
    expect(narrow).toMatchObject({ top_k: 3, top_k_requested: 1, top_k_clamped: true });
    expect(narrow.results).toHaveLength(3);
  });

  it('orders ties by point id so the same request gives the same order', async () => {
    const ties = tenant('ties');
    // The same words in another order: equal vectors and BM25 scores (a bag of words), but not the
    // same passage, which the answer would show once.
    await seedCollection(ties, [
      { id: 30, text: 'identical text about topics' },
      { id: 7, text: 'topics about identical text' },
      { id: 12, text: 'text topics identical about' },
    ]);
    const first = ties.call('/search?q=topics').then((r) => r.json().results.map((x: any) => x.id));
    const second = ties.call('/search?q=topics').then((r) => r.json().results.map((x: any) => x.id));
    expect(await first).toEqual([7, 12, 30]);
    expect(await second).toEqual([7, 12, 30]);
  });

  it('shows a passage another page copies once (diversity=none shows both)', async () => {
    const copies = tenant('copies');
    await seedCollection(copies, [
      { id: 1, text: '# MD001 Heading levels\n\nHeading levels should only increment by one level at a time.', payload: { file_path: 'md001.md' } },
      { id: 2, text: '## MD001 Heading levels\n\nheading levels should only increment by one level at a time.', payload: { file_path: 'Rules.md' } },
      { id: 3, text: 'Lists should be indented by two spaces, one level at a time.', payload: { file_path: 'md007.md' } },
    ]);
    const shown = (await copies.call('/search?q=heading%20levels%20increment&k=3')).json().results.map((r: any) => r.id);
    expect(shown).toHaveLength(2);
    expect(shown).toContain(3);
    expect(shown.filter((id: number) => id === 1 || id === 2)).toHaveLength(1);
    const all = (await copies.call('/search?q=heading%20levels%20increment&k=3&diversity=none')).json().results.map((r: any) => r.id);
    expect([...all].sort()).toEqual([1, 2, 3]);
  });

    it('answers an empty result with a 200 and a message', async () => {
    const empty = tenant('empty');
    await empty.qdrant('PUT', '/collections/textbook_chunks', { vectors: { size: 1024, distance: 'Cosine' } });
    const res = await empty.call('/search?q=anything');
    expect(res.status).toBe(200);
    expect(res.json().results).toEqual([]);
    expect(res.json().summary).toMatchObject({ returned: 0, message: expect.stringContaining('No results') });
  });
});

describe('POST /search', () => {
  it('takes the same fields as a JSON body', async () => {
    const res = await t.call('/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: '  isaac synthetic data ', k: 2 }) });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.query).toBe('isaac synthetic data');
    expect(body.results).toHaveLength(2);
    expect(body.results[0].chapter).toBe('isaac-sim');
  });
});

describe('stream formats', () => {
  it('gives NDJSON lines meta → result… → summary', async () => {
    const res = await t.call('/search?q=topics&k=2', { headers: { accept: 'application/x-ndjson' } });
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = ndjson(res.text);
    expect(lines.map((l) => l.type)).toEqual(['meta', 'result', 'result', 'summary']);
    expect(lines[0]).toMatchObject({ query: 'topics', collection: 'textbook_chunks', top_k: 2 });
    expect(lines[1]).toMatchObject({ rank: 1 });
    expect(lines[3].summary).toMatchObject({ returned: 2 });
    expect(lines[3].timing.total_ms).toEqual(expect.any(Number));
  });

  it('gives SSE events meta → result… → summary for EventSource', async () => {
    const res = await t.call('/search?q=topics&k=2', { headers: { accept: 'text/event-stream' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseEvents(res.text);
    expect(events.map((e) => e.event)).toEqual(['meta', 'result', 'result', 'summary']);
    expect(events[1]!.data.rank).toBe(1);
    expect(events[3]!.data.summary.returned).toBe(2);
  });

  it('ends the SSE answer with an event id, and answers the EventSource\'s reconnection with 204 (which stops it) instead of searching again', async () => {
    const res = await t.call('/search?q=topics&k=2', { headers: { accept: 'text/event-stream' } });
    const last = res.text.trim().split(/\n\n+/).at(-1)!;
    expect(last).toMatch(/^event: summary\nid: end\ndata: /);
    const before = (await t.calls()).length;
    const again = await t.call('/search?q=topics&k=2', { headers: { accept: 'text/event-stream', 'last-event-id': 'end' } });
    expect(again.status).toBe(204);
    expect(again.text).toBe('');
    expect((await t.calls()).length).toBe(before);
  });

  it('streams JSON that parses whole, results array and all', async () => {
    const res = await t.call('/search?q=topics&k=2');
    expect(res.text.startsWith('{"query":"topics"')).toBe(true);
    expect(JSON.parse(res.text).results).toHaveLength(2);
  });
});

describe('CORS', () => {
  it('answers preflights and allows the configured origins', async () => {
    const pre = await t.call('/search', { method: 'OPTIONS', headers: { origin: 'https://chat.example', 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const limited = await t.call('/search?q=topics', { headers: { origin: 'https://chat.example' } }, { CORS_ORIGINS: 'https://chat.example, https://other.example' });
    expect(limited.headers.get('access-control-allow-origin')).toBe('https://chat.example');
    expect(limited.headers.get('access-control-expose-headers')).toContain('Server-Timing');
    const refused = await t.call('/search?q=topics', { headers: { origin: 'https://evil.example' } }, { CORS_ORIGINS: 'https://chat.example' });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
