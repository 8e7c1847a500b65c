import { describe, expect, it } from 'vitest';
import { asRetrieverError, RetrieverError } from '../../../src/core/common/errors';

describe('asRetrieverError', () => {
  it('keeps a RetrieverError as it is', () => {
    const error = new RetrieverError('invalid_request', 'Parameter `k` must be an integer');
    expect(asRetrieverError(error)).toBe(error);
  });

  it('turns anything else into an internal_error that says nothing of the cause, and keeps the cause for the log', () => {
    const cause = new TypeError("Cannot read properties of null (reading 'map')");
    const error = asRetrieverError(cause);
    expect(error).toMatchObject({ code: 'internal_error', status: 500, message: 'Internal error; the incident was logged' });
    expect(error.message).not.toContain('map');
    expect(error.cause).toBe(cause);
  });
});
