/**
 * `retrieve --url` against a real Worker: `wrangler dev` started here, offline, serving the
 * embedded default (no keys). The Worker and the in-process CLI run the same pipeline over the
 * same index, so they must return the same rankings; the CLI's text, context, exit codes and
 * validation must not depend on which one answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationReport } from '../../../src/core/build-time/eval/validation-report';
import type { SearchOutcome } from '../../../src/core/query/search/search-outcome';
import { startWranglerDev, type WranglerDev } from '../../support/wrangler-dev';
import { retrieve, SMALL_QUERIES } from './support';

const QUERY = 'Which Gazebo release is paired with ROS 2 Jazzy?';
let worker: WranglerDev | null = null;
let url = '';

beforeAll(async () => {
  worker = await startWranglerDev();
  url = worker.url;
}, 90_000);

afterAll(async () => {
  await worker?.stop();
}, 15_000);

async function both(argv: string[]): Promise<[SearchOutcome, SearchOutcome]> {
  const remote = await retrieve([...argv, '--url', url, '--json']);
  const local = await retrieve([...argv, '--json']);
  expect([remote.code, local.code]).toEqual([0, 0]);
  return [JSON.parse(remote.out), JSON.parse(local.out)];
}

describe('retrieve --url against wrangler dev', () => {
  it.each([['semantic'], ['keyword'], ['hybrid']])('%s: the Worker JSON has the same keys and ranking as in-process', async (mode) => {
    const [remote, local] = await both([QUERY, '-k', '4', '--mode', mode, '--module', '02-simulation']);
    expect(Object.keys(remote)).toEqual(Object.keys(local));
    expect(remote.results).toEqual(local.results);
    // The result cache is the Worker's alone: its status and lookup time have no CLI counterpart.
    const { cache: _rc, result_cache: _rrc, ...remoteSummary } = remote.summary;
    const { cache: _lc, ...localSummary } = local.summary;
    expect(remoteSummary).toEqual(localSummary);
    expect(Object.keys(remote.timing).filter((key) => key !== 'result_cache_ms')).toEqual(Object.keys(local.timing));
  });

  it('prints the same text blocks, and --verbose names the Worker', async () => {
    const remote = await retrieve([QUERY, '-k', '3', '--url', url, '-v']);
    const local = await retrieve([QUERY, '-k', '3']);
    expect(remote.code).toBe(0);
    const blocks = (out: string) => out.split('\n').filter((l) => /^(\d+\. \[|   (Section|URL|Source|Preview):)/.test(l));
    expect(blocks(remote.out)).toEqual(blocks(local.out));
    expect(blocks(remote.out)).toHaveLength(15);
    expect(remote.out).toContain(`answered by: Worker at ${url}`);
    // Whose clock timed the answer is said on every Worker answer, never guessed from its values.
    expect(remote.out).toMatch(/^Timing \(the Worker's clock, which moves only across I\/O\): embed [\d.]+ ms \/ search [\d.]+ ms \/ total [\d.]+ ms$/m);
    expect(local.out).toMatch(/^Timing: embed [\d.]+ ms \/ search [\d.]+ ms \/ total [\d.]+ ms$/m);
  });

  it('--context equals both the in-process context and the Worker\'s own format=context', async () => {
    const remote = await retrieve([QUERY, '-k', '3', '--url', url, '--context']);
    const local = await retrieve([QUERY, '-k', '3', '--context']);
    const served = await (await fetch(`${url}/search?${new URLSearchParams({ q: QUERY, k: '3', format: 'context' })}`)).text();
    expect(remote.out).toBe(local.out);
    expect(remote.out).toBe(served);
  });

  it('exit 1 for no results and 2 for a parameter the Worker rejects', async () => {
    const none = await retrieve([QUERY, '--mode', 'semantic', '--threshold', '0.99', '--url', url]);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/no results: All \d+ results scored below threshold 0\.99/);
    const bad = await retrieve([QUERY, '--mode', 'fuzzy', '--url', url]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/mode: must be one of semantic, keyword, hybrid \(HTTP 400 from http:\/\/127\.0\.0\.1:\d+\)/);
  });

  it('--validate over --url gives the same per-query metrics as in-process', async () => {
    const remote = await retrieve(['--validate', SMALL_QUERIES, '--mode', 'hybrid', '--url', url, '--json']);
    const local = await retrieve(['--validate', SMALL_QUERIES, '--mode', 'hybrid', '--json']);
    // relevant_chunks counts the book's chunks, which only the in-process index can list.
    const strip = (out: string) => (JSON.parse(out) as ValidationReport).queries.map(({ latency_ms: _l, relevant_chunks: _c, ...q }) => q);
    expect(strip(remote.out)).toEqual(strip(local.out));
    expect(remote.code).toBe(local.code);
  });
});
