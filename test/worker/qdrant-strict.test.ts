/**
 * A Qdrant Cloud collection in strict mode (filters only on indexed payload keys) made by an older
 * ingest without the `kind` index: the Worker, which remembers the collection facts, sends the
 * query it can run (the overview prior dropped) in ONE call; a filter on an unindexed key is a 400
 * `invalid_request` naming it — for a single search and for one search of a batch alone.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetIsolateCaches } from '../../src/worker/services';
import { DOCS } from './support/docs';
import { seedCollection, tenant, type Tenant } from './support/harness';
import { callsDuring } from './support/strategy-calls';

let t: Tenant;
beforeEach(async () => {
  t = tenant('strict');
  await seedCollection(t, DOCS);
  for (const field of ['module', 'chapter']) {
    await t.qdrant('PUT', '/collections/textbook_chunks/index?wait=true', { field_name: field, field_schema: 'keyword' }); // throws unless 2xx
  }
  await t.qdrant('PATCH', '/collections/textbook_chunks', { strict_mode_config: { enabled: true, unindexed_filtering_retrieve: false } });
});

const unique = (label: string) => `${label} topics ${Math.random().toString(36).slice(2)}`;
const queries = (calls: { path: string; body: any }[]) => calls.filter((c) => /points\/query/.test(c.path)).map((c) => JSON.stringify(c.body));

describe('Qdrant strict mode, collection without the `kind` index', () => {
  it('first search of a deployment: refused once, relearned, retried without the prior; afterwards one call, fresh isolates included', async () => {
    const first = await callsDuring(t, () => t.call(`/search?q=${encodeURIComponent(unique('a'))}`));
    expect(first.value.status).toBe(200);
    const firstQueries = queries(first.calls);
    expect(firstQueries).toHaveLength(2);
    expect(firstQueries[0]).toContain('"key":"kind"');
    expect(firstQueries[1]).not.toContain('"key":"kind"');

    resetIsolateCaches(); // facts from KV now
    const later = await callsDuring(t, () => t.call(`/search?q=${encodeURIComponent(unique('b'))}&module=01-ros2`));
    expect(later.value.status).toBe(200);
    expect(later.value.json().results.length).toBeGreaterThan(0);
    const laterQueries = queries(later.calls);
    expect(laterQueries).toHaveLength(1);
    expect(laterQueries[0]).not.toContain('"key":"kind"');
  });

  it('a filter on an unindexed key: 400 invalid_request naming it and the indexed keys, no query sent once the facts are known', async () => {
    await t.call(`/search?q=${encodeURIComponent(unique('learn'))}`);
    const { value, calls } = await callsDuring(t, () => t.call(`/search?q=${encodeURIComponent(unique('c'))}&section=Topics`));
    expect(value.status).toBe(400);
    const { error } = value.json();
    expect(error).toMatchObject({ code: 'invalid_request', field: 'section', indexed: ['chapter', 'module'] });
    expect(error.message).toMatch(/Cannot filter on "section".*strict mode/);
    expect(queries(calls)).toHaveLength(0);
  });

  it('in a batch only the search with that filter fails; the others share the one query/batch', async () => {
    await t.call(`/search?q=${encodeURIComponent(unique('learn'))}`);
    const body = { queries: [unique('x'), { q: unique('y'), section: 'Topics' }, { q: unique('z'), module: '01-ros2' }] };
    const { value, calls } = await callsDuring(t, () => t.call('/search/batch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    expect(value.status).toBe(200);
    const answer = value.json();
    expect(answer.summary).toEqual({ queries: 3, succeeded: 2, failed: 1 });
    expect(answer.answers[1]).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'section' } });
    expect(calls.filter((c) => /points\/query/.test(c.path))).toHaveLength(1);
  });
});
