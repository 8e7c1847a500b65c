/**
 * `retrieve --validate --url` when the Worker fails: a per-query server error is a failed query and
 * the run carries on; a connection error stops the run with exit 3, naming the query.
 */
import { describe, expect, it } from 'vitest';
import type { ValidationReport } from '../../../src/core/build-time/eval/validation-report';
import { retrieve, SMALL_QUERIES } from './support';

describe('retrieve --validate over --url with failures', () => {
  const empty = { query: 'q', collection: 'c', top_k: 5, mode: 'semantic', results: [], summary: { returned: 0, cache: 'none', warnings: [] }, timing: {} };

  it('records a per-query server error as a failed query and carries on', async () => {
    const stub = (async (input: string | URL | Request) => {
      const q = new URL(String(input)).searchParams.get('q') ?? '';
      if (q.includes('tf2')) return Response.json({ error: { code: 'internal_error', message: 'Internal error; the incident was logged' } }, { status: 500 });
      return Response.json(empty);
    }) as typeof fetch;
    const run = await retrieve(['--validate', SMALL_QUERIES, '--url', 'http://worker.test', '--json'], {}, stub);
    const rep = JSON.parse(run.out) as ValidationReport;
    expect(rep.summary.errors).toBe(1);
    expect(rep.queries.find((q) => q.id === 'tf2')).toMatchObject({ pass: false, error: expect.stringMatching(/Internal error/) });
    expect(rep.queries.find((q) => q.id === 'nonsense')!.pass).toBe(true);
    expect(run.code).toBe(1);
  });

  it('stops at the first connection error with exit 3, naming the query', async () => {
    let calls = 0;
    const stub = (async () => {
      calls++;
      return Response.json({ error: { code: 'vector_store_unavailable', message: 'Qdrant is unreachable' } }, { status: 503 });
    }) as typeof fetch;
    const run = await retrieve(['--validate', SMALL_QUERIES, '--url', 'http://worker.test'], {}, stub);
    expect(run.code).toBe(3);
    expect(calls).toBe(1);
    expect(run.err).toMatch(/query qos \("QoS reliability best effort durability"\): Qdrant is unreachable/);
  });
});
