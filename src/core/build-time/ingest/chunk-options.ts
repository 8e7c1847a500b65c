import { RetrieverError } from '../../common/errors';
import type { ChunkOptions } from './types';

/**
 * Defaults, in estimated tokens:
 * - `maxTokens` 500: Cohere embed v3 reads at most 512 tokens and the estimate runs 7–12 % high
 *   (rarely low), so a full chunk is embedded whole, not silently truncated.
 * - `targetTokens` 400: leaves room to finish a paragraph or take a block of up to 100 tokens
 *   without a split; ~300–500 is the usual retrieval sweet spot (enough context to answer, small
 *   enough to stay on one topic).
 * - `minTokens` 80: below this a section (typically a heading with one sentence, or a heading
 *   whose text lives in its sub-sections) says too little to be retrieved on its own.
 * - `overlapTokens` 50: one or two sentences carried over, so a fact that straddles a split is
 *   still found from either side.
 */
export const DEFAULT_CHUNK_OPTIONS: Readonly<Required<ChunkOptions>> = Object.freeze({
  targetTokens: 400,
  maxTokens: 500,
  minTokens: 80,
  overlapTokens: 50,
});

/**
 * Fill in defaults and check the sizes are coherent (`0 ≤ min ≤ target ≤ max`, overlap below half
 * the target so every chunk makes progress).
 *
 * @throws RetrieverError `invalid_request` naming the offending option.
 * @example
 * resolveChunkOptions({ targetTokens: 300 }); // { targetTokens: 300, maxTokens: 500, minTokens: 80, overlapTokens: 50 }
 */
export function resolveChunkOptions(options: ChunkOptions = {}): Required<ChunkOptions> {
  const resolved: Required<ChunkOptions> = {
    targetTokens: options.targetTokens ?? DEFAULT_CHUNK_OPTIONS.targetTokens,
    maxTokens: options.maxTokens ?? DEFAULT_CHUNK_OPTIONS.maxTokens,
    minTokens: options.minTokens ?? DEFAULT_CHUNK_OPTIONS.minTokens,
    overlapTokens: options.overlapTokens ?? DEFAULT_CHUNK_OPTIONS.overlapTokens,
  };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isInteger(value) || value < 0) {
      throw new RetrieverError('invalid_request', `\`${name}\` must be a non-negative integer`, { params: [name] });
    }
  }
  const { targetTokens, maxTokens, minTokens, overlapTokens } = resolved;
  if (targetTokens < 1) throw bad('targetTokens', '`targetTokens` must be at least 1');
  if (maxTokens < targetTokens) throw bad('maxTokens', '`maxTokens` must be ≥ `targetTokens`');
  if (minTokens > targetTokens) throw bad('minTokens', '`minTokens` must be ≤ `targetTokens`');
  if (overlapTokens * 2 > targetTokens) throw bad('overlapTokens', '`overlapTokens` must be ≤ half of `targetTokens`');
  return resolved;
}

function bad(param: string, message: string): RetrieverError {
  return new RetrieverError('invalid_request', message, { params: [param] });
}
