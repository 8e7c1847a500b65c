/**
 * `retrieve` in-process against Qdrant and Cohere (the loopback fake), with the mini book
 * ingested by `ingest --target qdrant`: the configuration variables pick the backends, and
 * upstream failures and a missing collection map onto exit codes 3 and 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutcome } from '../../../src/core/query/search/search-outcome';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { MINI_BOOK, runCli, tenant, type Tenant } from '../ingest/ingest-harness';
import { TEST_INDEX } from '../../support/test-index';
import { retrieve } from './support';

let fake: FakeUpstream;
let t: Tenant;
let env: Record<string, string>;

/** A fresh tenant (faults queued on it cannot leak into other tests) with the mini book ingested. */
async function ingested(name: string): Promise<{ t: Tenant; env: Record<string, string> }> {
  const fresh = tenant(fake.url, name);
  const ingest = await runCli([MINI_BOOK, '--target', 'qdrant', '--collection', 'mini', '--quiet'], fresh.env);
  expect(ingest.code, ingest.err).toBe(0);
  return { t: fresh, env: { ...fresh.env, QDRANT_COLLECTION: 'mini', REQUEST_BUDGET_MS: '3000', UPSTREAM_TIMEOUT_MS: '1000' } };
}

beforeAll(async () => {
  fake = await startFakeUpstream();
  ({ t, env } = await ingested('retrieve-qdrant'));
});

afterAll(async () => {
  await fake.close();
});

describe('retrieve with QDRANT_URL and COHERE_API_KEY set', () => {
  it('searches the Qdrant collection with Cohere query embeddings', async () => {
    const before = (await t.calls()).length;
    const run = await retrieve(['How is lidar point cloud data filtered?', '-k', '3', '--mode', 'hybrid', '--json'], env);
    expect(run.code, run.err).toBe(0);
    const doc = JSON.parse(run.out) as SearchOutcome;
    expect(doc.store.kind).toBe('qdrant');
    expect(doc.embedder?.kind).toBe('cohere');
    expect(doc.collection).toBe('mini');
    expect(doc.results).toHaveLength(3);
    // Only the mini book's files can come back.
    for (const r of doc.results) expect(String(r.metadata?.file_path)).toMatch(/^(01-sensing|02-control)\/|^intro\.md$/);
    const calls = (await t.calls()).slice(before);
    expect(calls.some((c) => c.service === 'cohere' && c.path === '/v2/embed')).toBe(true);
    expect(calls.some((c) => c.service === 'qdrant' && /points\/query/.test(c.path))).toBe(true);
    expect(doc.timing.upstream_calls).toBeGreaterThan(0);
  });

  it('exit 3 when Qdrant keeps failing', async () => {
    const failing = await ingested('retrieve-qdrant-503');
    await failing.t.faults([{ path: 'points/query', status: 503, times: 20 }]);
    const run = await retrieve(['lidar filtering', '--mode', 'keyword'], failing.env);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/hint: check the network, the URLs and the API keys/);
  });

  it('exit 3 when Cohere rejects the key', async () => {
    const rejected = await ingested('retrieve-cohere-401');
    await rejected.t.faults([{ path: '/v2/embed', status: 401, body: { message: 'invalid api token' }, times: 5 }]);
    const run = await retrieve(['PID tuning', '--mode', 'semantic'], rejected.env);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/^retrieve: .*Cohere/);
    expect(run.err).toMatch(/hint: Cohere answered and refused the key: put a valid COHERE_API_KEY/);
  });

  it('exit 3 when Qdrant refuses the key, the hint naming that key alone', async () => {
    const run = await retrieve(['PID tuning', '--mode', 'semantic'], { ...env, QDRANT_API_KEY: 'not-the-key' });
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/hint: Qdrant answered and refused the key: put this cluster's QDRANT_API_KEY/);
    expect(run.err).not.toMatch(/not-the-key/);
  });

  it('exit 2 when the configured collection does not exist', async () => {
    const run = await retrieve(['PID tuning'], { ...env, QDRANT_COLLECTION: 'no_such_collection' });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/no_such_collection/);
    // The deployer's own key may list the cluster: the hint names what is there.
    expect(run.err).toMatch(/hint: the cluster holds "mini": set QDRANT_COLLECTION to one of them/);
  });
});

describe('retrieve --index with QDRANT_URL set', () => {
  it('is a usage error naming both, before any call, for a search and for --gaps', async () => {
    const before = (await t.calls()).length;
    for (const argv of [['PID tuning', '--index', TEST_INDEX], ['--gaps', '/nonexistent.txt', '--index', TEST_INDEX]]) {
      const run = await retrieve(argv, env);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).toMatch(/^retrieve: --index names an embedded index and QDRANT_URL .* points at Qdrant: pick one/);
    }
    expect((await t.calls()).slice(before)).toEqual([]);
  });
});
