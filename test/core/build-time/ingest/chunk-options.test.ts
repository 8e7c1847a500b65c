import { describe, expect, it } from 'vitest';
import { isRetrieverError } from '../../../../src/core/common/errors';
import { DEFAULT_CHUNK_OPTIONS, resolveChunkOptions } from '../../../../src/core/build-time/ingest/chunk-options';

describe('resolveChunkOptions', () => {
  it('fills documented defaults', () => {
    expect(resolveChunkOptions()).toEqual({ targetTokens: 400, maxTokens: 500, minTokens: 80, overlapTokens: 50 });
    expect(resolveChunkOptions({ targetTokens: 300 })).toEqual({ ...DEFAULT_CHUNK_OPTIONS, targetTokens: 300 });
  });

  it.each([
    [{ maxTokens: 300 }, 'maxTokens'],
    [{ minTokens: 450 }, 'minTokens'],
    [{ overlapTokens: 250 }, 'overlapTokens'],
    [{ targetTokens: 0, minTokens: 0, overlapTokens: 0 }, 'targetTokens'],
    [{ overlapTokens: -1 }, 'overlapTokens'],
    [{ maxTokens: 1.5 }, 'maxTokens'],
  ])('rejects %j naming the option', (options, param) => {
    try {
      resolveChunkOptions(options);
      expect.unreachable();
    } catch (error) {
      expect(isRetrieverError(error)).toBe(true);
      expect((error as { code: string }).code).toBe('invalid_request');
      expect((error as { details: { params: string[] } }).details.params).toEqual([param]);
    }
  });
});
