import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import type { RetrieverError } from '../../../../src/core/common/errors';
import { parseBatchRequest } from '../../../../src/core/query/search/batch-params';
import { thrownError } from '../../../support/thrown-error';

const config = parseConfig({});

/** The invalid_request a body is rejected with. */
const rejection = (body: unknown): RetrieverError => thrownError(() => parseBatchRequest(body, config), 'invalid_request');

describe('parseBatchRequest: the envelope', () => {
  it('names unknown top-level keys, as a single search names unknown parameters', () => {
    const error = rejection({ queries: ['tf2'], extra: 1, colour: 'red' });
    expect(error.details).toEqual({ params: ['extra', 'colour'], unknown: ['extra', 'colour'] });
    expect(error.message).toContain('unknown key "extra"');
    expect(error.message).toContain('unknown key "colour"');
  });

  it('names the known key that is missing or malformed, and only that key', () => {
    expect(rejection({}).details).toEqual({ params: ['queries'] });
    expect(rejection({}).message).toContain('`queries` is required');
    expect(rejection({ queries: 'tf2' }).message).toContain('`queries` has the wrong shape');
    expect(rejection({ queries: ['tf2'], defaults: 3 }).details).toEqual({ params: ['defaults'] });
    expect(rejection({ queries: ['tf2'], defaults: 3, extra: 1 }).details).toEqual({ params: ['extra', 'defaults'], unknown: ['extra'] });
  });

  it('says a body that is not an object is not one', () => {
    for (const body of [null, [], 'tf2']) {
      const error = rejection(body);
      expect(error.details).toEqual({ params: ['queries'] });
      expect(error.message).toContain('the body is not an object');
    }
  });

  it('names a query that is neither a string nor an object by its place in the list', () => {
    const [good, bad] = parseBatchRequest({ queries: ['tf2', 42] }, config);
    expect(good).toMatchObject({ q: 'tf2' });
    expect(bad).toMatchObject({ code: 'invalid_request', details: { params: ['queries[1]'] } });
    expect((bad as RetrieverError).message).toContain('queries[1] is neither a string nor an object');
  });

  it('accepts a well-formed body', () => {
    expect(parseBatchRequest({ queries: ['tf2', { q: 'urdf', k: 3 }], defaults: { mode: 'keyword' } }, config)).toHaveLength(2);
  });
});
