/**
 * Qdrant strict mode — what Qdrant Cloud turns on for every new collection
 * (`unindexed_filtering_retrieve: false`): a filter or formula condition on a payload key without
 * an index is refused with a 400. `ingest` makes an index for every key a search filters on
 * (shortcuts and the overview prior's `kind`); a collection made before an index existed still
 * searches (the prior is dropped, never the search), a filter it cannot run is a clear
 * `invalid_request`, and re-running ingest adds the missing indexes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutcome } from '../../../src/core/query/search/search-outcome';
import { PAYLOAD_INDEXES } from '../../../src/core/build-time/qdrant-admin';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { MINI_BOOK, runCli, tenant, type Tenant } from '../ingest/ingest-harness';
import { retrieve } from './support';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());

const STRICT = { strict_mode_config: { enabled: true, unindexed_filtering_retrieve: false } };

async function ingest(t: Tenant): Promise<void> {
  const run = await runCli([MINI_BOOK, '--target', 'qdrant', '--collection', 'mini', '--quiet'], t.env);
  expect(run.code, run.err).toBe(0);
}

/** The mini book ingested, then the collection switched to strict mode as Qdrant Cloud has it. */
async function strictCollection(name: string): Promise<{ t: Tenant; env: Record<string, string>; section: string }> {
  const t = tenant(fake.url, name);
  await ingest(t);
  expect((await t.qdrant('PATCH', '/collections/mini', STRICT)).status).toBe(200);
  const [point] = (await t.scroll('mini')).filter((p) => typeof p.payload.section === 'string');
  return { t, env: { ...t.env, QDRANT_COLLECTION: 'mini' }, section: String(point!.payload.section) };
}

const queryBodies = async (t: Tenant, skip: number) =>
  (await t.calls()).slice(skip).filter((c) => c.service === 'qdrant' && /points\/query/.test(c.path)).map((c) => JSON.stringify(c.body));

describe('Qdrant strict mode (the Qdrant Cloud default)', () => {
  it('ingest indexes every key searches filter on, the overview prior\'s `kind` included', async () => {
    const { t } = await strictCollection('strict-indexes');
    const described = await t.qdrant<{ result: { payload_schema: Record<string, unknown> } }>('GET', '/collections/mini');
    expect(Object.keys(described.json.result.payload_schema).sort()).toEqual(PAYLOAD_INDEXES.map((i) => i.field).sort());
    expect(PAYLOAD_INDEXES.map((i) => i.field)).toEqual(expect.arrayContaining(['kind', 'section', 'module', 'chapter', 'tags']));
  });

  it('searches every mode with the shortcuts and the prior, in one Qdrant call', async () => {
    const { t, env, section } = await strictCollection('strict-search');
    for (const args of [['--mode', 'semantic'], ['--mode', 'hybrid', '--module', '01-sensing'], ['--mode', 'keyword', '--section', section]]) {
      const skip = (await t.calls()).length;
      const run = await retrieve([section, '-k', '3', '--json', ...args], env);
      expect(run.code, `${args.join(' ')}: ${run.err}`).toBe(0);
      expect((JSON.parse(run.out) as SearchOutcome).results.length).toBeGreaterThan(0);
      const bodies = await queryBodies(t, skip);
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toContain('"key":"kind"'); // the overview prior ran in Qdrant
    }
  });

  it('a collection made before the `kind`/`section` indexes: the search degrades (no prior), a section filter is a clear invalid_request, re-ingest mends both', async () => {
    const { t, env, section } = await strictCollection('strict-older');
    for (const field of ['kind', 'section']) expect((await t.qdrant('DELETE', `/collections/mini/index/${field}?wait=true`)).status).toBe(200);

    let skip = (await t.calls()).length;
    const plain = await retrieve([section, '-k', '3', '--json', '--mode', 'hybrid'], env);
    expect(plain.code, plain.err).toBe(0);
    expect((JSON.parse(plain.out) as SearchOutcome).results.length).toBeGreaterThan(0);
    // The CLI learns the collection facts alongside its one query: the query with the prior is
    // refused, the facts say why, and it is retried once without it (the Worker, which remembers
    // the facts, sends the right query first: test/worker/qdrant-strict.test.ts).
    const bodies = await queryBodies(t, skip);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toContain('"key":"kind"');
    expect(bodies[1]).not.toContain('"key":"kind"');

    const filtered = await retrieve(['lidar', '--section', section], env);
    expect(filtered.code).toBe(2);
    expect(filtered.err).toMatch(/Cannot filter on "section": collection "mini" only filters on indexed payload keys \(Qdrant strict mode\)/);
    expect(filtered.err).toContain('module');

    await ingest(t); // nothing changed in the book: only the missing indexes are made
    skip = (await t.calls()).length;
    const mended = await retrieve(['lidar', '--section', section, '--json'], env);
    expect(mended.code, mended.err).toBe(0);
    expect((await queryBodies(t, skip))[0]).toContain('"key":"kind"');
  });

  it('a filter on a key that has no index is refused, naming it, without a retry', async () => {
    const { t, env } = await strictCollection('strict-dsl');
    const skip = (await t.calls()).length;
    const run = await retrieve(['lidar', '--filter', '{"title":"Lidar"}'], env);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/Cannot filter on "title"/);
    // Refused once; the fresh facts name the key, and nothing is retried.
    expect(await queryBodies(t, skip)).toHaveLength(1);
  });
});
