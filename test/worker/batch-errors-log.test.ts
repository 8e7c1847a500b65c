/**
 * A failed query of a batch is logged as a failed single search is: its code on the request's log
 * line and, for an internal error (a bug), its cause — which its answer never shows. A bug is
 * simulated by making the ranking stage throw a TypeError for one question.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tenant } from './support/harness';
import { clearLogs, logText, requestLogs } from './support/log-capture';

const BUGGY = 'a question that trips a bug';

vi.mock('../../src/core/query/search/search-stages', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/core/query/search/search-stages')>();
  return {
    ...original,
    rankLists: (...args: Parameters<typeof original.rankLists>) =>
      args[0].q === BUGGY ? Promise.reject(new TypeError('cannot read properties of undefined (reading "score")')) : original.rankLists(...args),
  };
});

const offline = { COHERE_API_KEY: '', QDRANT_URL: '', QDRANT_API_KEY: '' };
beforeEach(() => clearLogs());

describe('POST /search/batch: failed queries on the log line', () => {
  it('logs each failed query with its code, and the cause of an internal error; the answer shows neither the cause nor less than a single error would', async () => {
    const t = tenant('batch-log');
    const res = await t.call('/search/batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queries: ['gazebo physics', BUGGY, { q: 'urdf', k: 'many' }] }),
    }, offline);
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    const { answers } = res.json();
    expect(answers[0].ok).toBe(true);
    // The same error object a failed single search carries, request id included.
    expect(answers[1]).toEqual({ index: 1, ok: false, error: { code: 'internal_error', message: 'Internal error; the incident was logged', request_id: requestId } });
    expect(answers[2]).toMatchObject({ index: 2, ok: false, error: { code: 'invalid_request', params: ['k'], request_id: requestId } });
    expect(res.text).not.toContain('reading "score"');

    const [line] = requestLogs();
    expect(line).toMatchObject({ route: '/search/batch', status: 200, queries: 3, failed: 2 });
    expect(line!.query_errors).toEqual([
      { index: 1, error_code: 'internal_error', error_detail: expect.stringContaining('TypeError: cannot read properties of undefined (reading "score")') },
      { index: 2, error_code: 'invalid_request' },
    ]);
    expect(line!.error_code).toBeUndefined(); // the request itself succeeded
    expect(logText().join('\n')).not.toContain(BUGGY); // no query text without LOG_QUERIES
  });
});
