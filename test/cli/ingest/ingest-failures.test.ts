/**
 * Exit codes of `ingest --target qdrant` when configuration is missing (2) or an upstream fails
 * for good (3) — refused, or accepted and dropped, told apart — and a transient Cohere 429 that is retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { deadPort, embedCalls, MINI_BOOK, runCli, tenant, writeCalls } from './ingest-harness';

let fake: FakeUpstream;

beforeAll(async () => {
  fake = await startFakeUpstream();
});

afterAll(async () => {
  await fake.close();
});

const args = [MINI_BOOK, '--target', 'qdrant', '--collection', 'mini', '--quiet'];

describe('ingest exit code 2: missing configuration', () => {
  it('names QDRANT_URL when it is missing, and calls nothing', async () => {
    const t = tenant(fake.url, 'fail-no-qdrant');
    const { QDRANT_URL: _url, QDRANT_API_KEY: _key, ...env } = t.env;
    const run = await runCli(args, env);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/Missing configuration: QDRANT_URL\b/);
    expect(run.err).not.toMatch(/COHERE_API_KEY/);
    expect(await t.calls()).toEqual([]);
  });

  it('names COHERE_API_KEY when it is missing', async () => {
    const t = tenant(fake.url, 'fail-no-cohere');
    const { COHERE_API_KEY: _key, ...env } = t.env;
    const run = await runCli(args, env);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/Missing configuration: COHERE_API_KEY\b/);
    expect(run.err).not.toMatch(/QDRANT_URL/);
    expect(await t.calls()).toEqual([]);
  });

  it('names both when both are missing', async () => {
    const run = await runCli(args, {});
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/QDRANT_URL/);
    expect(run.err).toMatch(/COHERE_API_KEY/);
  });
});

describe('ingest exit code 3: upstream fails for good', () => {
  it('Cohere answering 503 on every attempt', async () => {
    const t = tenant(fake.url, 'fail-cohere-503');
    // Retry-After: 0 keeps the retries instant; 20 uses outlast any retry budget.
    await t.faults([{ method: 'POST', path: '^/v2/embed$', status: 503, headers: { 'Retry-After': '0' }, times: 20 }]);
    const run = await runCli(args, t.env);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/Cohere/);
    expect(run.err).toMatch(/503/);
    const calls = await t.calls();
    const embeds = embedCalls(calls);
    expect(embeds.length).toBeGreaterThan(1); // it did retry before giving up
    expect(embeds.length).toBeLessThan(20);
    // Documents are embedded before anything is written, so a failed run leaves no half collection.
    expect(writeCalls(calls)).toEqual([]);
  });

  it('Qdrant answering 503 to every upsert', async () => {
    const t = tenant(fake.url, 'fail-qdrant-503');
    await t.faults([{ method: 'PUT', path: '^/collections/mini/points$', status: 503, headers: { 'Retry-After': '0' }, times: 20 }]);
    const run = await runCli(args, t.env);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/Qdrant/);
    expect(run.err).toMatch(/503/);
  });

  it('Qdrant on a port nobody listens on', async () => {
    const t = tenant(fake.url, 'fail-qdrant-dead');
    const run = await runCli(args, { ...t.env, QDRANT_URL: `http://127.0.0.1:${await deadPort()}` });
    expect(run.code).toBe(3);
    // Node's fetch says "fetch failed" alone: the cause's code says why (nothing listens there).
    expect(run.err).toMatch(/Qdrant could not be reached: fetch failed \(ECONNREFUSED\)/);
    expect(run.err).toMatch(/hint: nothing answered at QDRANT_URL: check its host and port \(Qdrant Cloud: .*:6333\)/);
    expect(embedCalls(await t.calls())).toEqual([]);
  });

  it('Qdrant accepting connections and closing them unanswered: says so, not "nothing answered"', async () => {
    const t = tenant(fake.url, 'fail-qdrant-drop');
    await t.faults([{ path: '^/collections', drop: true, times: 50 }]);
    const run = await runCli(args, t.env);
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/Qdrant closed the connection before answering: fetch failed \((UND_ERR_SOCKET|ECONNRESET)\)/);
    expect(run.err).toMatch(/hint: Qdrant accepted the connection and closed it before its answer was complete/);
    expect(run.err).not.toMatch(/nothing answered/);
  });

  it('Cohere rejecting the API key (401): names the variable, never its value', async () => {
    const t = tenant(fake.url, 'fail-cohere-401');
    const run = await runCli(args, { ...t.env, COHERE_API_KEY: 'wrong-key' });
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/Cohere rejected the API key \(401\); check COHERE_API_KEY/);
    expect(run.err).not.toContain('wrong-key');
  });

  it('Qdrant rejecting the API key (401)', async () => {
    const t = tenant(fake.url, 'fail-qdrant-401');
    const run = await runCli(args, { ...t.env, QDRANT_API_KEY: 'wrong-key' });
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/check QDRANT_API_KEY/);
    expect(run.err).not.toContain('wrong-key');
  });
});

describe('ingest retries', () => {
  it('retries a Cohere 429 with Retry-After: 0 and succeeds', async () => {
    const t = tenant(fake.url, 'retry-429');
    await t.faults([{ method: 'POST', path: '^/v2/embed$', status: 429, headers: { 'Retry-After': '0' }, body: { message: 'rate limited' }, times: 2 }]);
    const run = await runCli([...args, '--json'], t.env);
    expect(run.code, run.err).toBe(0);
    const report = JSON.parse(run.out) as { added: number; chunks: number };
    expect(report.added).toBe(report.chunks);
    // The mini book fits in one batch: two refused attempts, then the one that worked.
    expect(embedCalls(await t.calls())).toHaveLength(3);
    expect(await t.scroll('mini')).toHaveLength(report.chunks);
  });
});

describe('ingest exit code 0 with a warning: the vocabulary cannot be recorded', () => {
  it('writes the points, reports that the term rule lacks the vocabulary, and exits 0', async () => {
    const t = tenant(fake.url, 'fail-vocabulary');
    await t.faults([{ method: 'PATCH', path: '^/collections/mini$', status: 400, body: { status: { error: 'metadata too large' } }, times: 1 }]);
    const run = await runCli([...args, '--json'], t.env);
    expect(run.code, run.err).toBe(0);
    const report = JSON.parse(run.out) as { added: number; warnings: { path: string; message: string }[] };
    expect(report.added).toBeGreaterThan(0);
    expect(report.warnings).toContainEqual({ path: 'collection "mini"', message: expect.stringMatching(/vocabulary .* was not recorded: .*run ingest again/) });
    expect((await t.scroll('mini')).length).toBe(report.added);
    // The next run tries again (the vocabulary is still missing) and, with Qdrant willing, records it.
    const again = await runCli([...args, '--json'], t.env);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.out) as { warnings: unknown[] }).warnings.filter((w) => JSON.stringify(w).includes('vocabulary'))).toEqual([]);
  });
});
