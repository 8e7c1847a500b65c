/**
 * `retrieve --url` against a real Worker: `wrangler dev` started here, offline, serving the
 * embedded default (no keys). The Worker and the in-process CLI run the same pipeline over the
 * same index, so they must return the same rankings; the CLI's text, context, exit codes and
 * validation must not depend on which one answered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationReport } from '../../../src/core/eval/summarize';
import type { SearchOutcome } from '../../../src/core/search/search-pipeline';
import { deadPort, retrieve, ROOT, SMALL_QUERIES } from './support';

const QUERY = 'Which Gazebo release is paired with ROS 2 Jazzy?';
let worker: ChildProcess | null = null;
let url = '';
let state = '';
let log = '';

beforeAll(async () => {
  const wrangler = resolve(ROOT, 'node_modules/.bin/wrangler');
  if (!existsSync(resolve(ROOT, 'generated/embedded-index.bin'))) throw new Error('run `npm run build:index` first');
  const [port, inspector] = [await deadPort(), await deadPort()];
  state = mkdtempSync(join(tmpdir(), 'retrieve-wrangler-'));
  url = `http://127.0.0.1:${port}`;
  // Own process group, so afterAll stops wrangler and the workerd it starts, and nothing else.
  worker = spawn(wrangler, ['dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector), '--persist-to', state], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' },
  });
  worker.stdout?.on('data', (chunk) => void (log += String(chunk)));
  worker.stderr?.on('data', (chunk) => void (log += String(chunk)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (worker.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log}`);
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`wrangler dev did not answer /health within 60 s:\n${log}`);
}, 90_000);

afterAll(async () => {
  if (worker?.pid !== undefined && worker.exitCode === null) {
    const exited = new Promise((done) => worker!.once('exit', done));
    process.kill(-worker.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (worker.exitCode === null) process.kill(-worker.pid, 'SIGKILL');
  }
  if (state) rmSync(state, { recursive: true, force: true });
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
    const { cache: _rc, ...remoteSummary } = remote.summary;
    const { cache: _lc, ...localSummary } = local.summary;
    expect(remoteSummary).toEqual(localSummary);
    expect(Object.keys(remote.timing)).toEqual(Object.keys(local.timing));
  });

  it('prints the same text blocks, and --verbose names the Worker', async () => {
    const remote = await retrieve([QUERY, '-k', '3', '--url', url, '-v']);
    const local = await retrieve([QUERY, '-k', '3']);
    expect(remote.code).toBe(0);
    const blocks = (out: string) => out.split('\n').filter((l) => /^(\d+\. \[|   (Section|URL|Source|Preview):)/.test(l));
    expect(blocks(remote.out)).toEqual(blocks(local.out));
    expect(blocks(remote.out)).toHaveLength(15);
    expect(remote.out).toContain(`answered by: Worker at ${url}`);
  });

  it('--context equals both the in-process context and the Worker\'s own format=context', async () => {
    const remote = await retrieve([QUERY, '-k', '3', '--url', url, '--context']);
    const local = await retrieve([QUERY, '-k', '3', '--context']);
    const served = await (await fetch(`${url}/search?${new URLSearchParams({ q: QUERY, k: '3', format: 'context' })}`)).text();
    expect(remote.out).toBe(local.out);
    expect(remote.out).toBe(served);
  });

  it('exit 1 for no results and 2 for a parameter the Worker rejects', async () => {
    const none = await retrieve([QUERY, '--threshold', '0.99', '--url', url]);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/no results: All \d+ results scored below threshold 0\.99/);
    const bad = await retrieve([QUERY, '--mode', 'fuzzy', '--url', url]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/mode: must be one of semantic, keyword, hybrid \(HTTP 400 from http:\/\/127\.0\.0\.1:\d+\)/);
  });

  it('--validate over --url gives the same per-query metrics as in-process', async () => {
    const remote = await retrieve(['--validate', SMALL_QUERIES, '--mode', 'hybrid', '--url', url, '--json']);
    const local = await retrieve(['--validate', SMALL_QUERIES, '--mode', 'hybrid', '--json']);
    const strip = (out: string) => (JSON.parse(out) as ValidationReport).queries.map(({ latency_ms: _l, ...q }) => q);
    expect(strip(remote.out)).toEqual(strip(local.out));
    expect(remote.code).toBe(local.code);
  });
});
