/**
 * The `RetrieverError` a call throws, checked for its code; a call that returns fails the test.
 */
import { expect } from 'vitest';
import { RetrieverError, type ErrorCode } from '../../src/core/common/errors';

/**
 * Runs `fn` and returns the `RetrieverError` it threw, after checking its code.
 *
 * @example
 * expect(thrownError(() => parseConfig({ TOP_K_MIN: 'abc' }), 'config_error').details).toEqual({ variables: ['TOP_K_MIN'] });
 */
export function thrownError(fn: () => unknown, code: ErrorCode): RetrieverError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RetrieverError);
    expect((error as RetrieverError).code).toBe(code);
    return error as RetrieverError;
  }
  throw new Error(`expected a ${code} to be thrown`);
}
