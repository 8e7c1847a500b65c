/**
 * How broad a filter may be: conditions per filter and values per list, in the DSL and the `tags`
 * shortcut. (Nesting depth is in filter-dsl.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import { RetrieverError } from '../../../../src/core/common/errors';
import { translateFilter } from '../../../../src/core/query/search/filter-dsl';
import { shortcutFilter } from '../../../../src/core/query/search/filter-shortcuts';
import { parseSearchParams } from '../../../../src/core/query/search/search-params';

const LIMITS = { conditions: 64, values: 256 };

/** The error `run` throws, or fails the test when nothing is thrown. */
function refusal(run: () => unknown): RetrieverError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RetrieverError);
    expect((error as RetrieverError).status).toBe(400);
    return error as RetrieverError;
  }
  throw new Error('expected a refusal');
}

const ors = (n: number) => ({ or: Array.from({ length: n }, (_, i) => ({ a: i })) });
const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);

describe('filter breadth', () => {
  it(`takes ${LIMITS.conditions} conditions and refuses the next one, naming the limit and where it was passed`, () => {
    expect(() => translateFilter(ors(LIMITS.conditions))).not.toThrow();
    const error = refusal(() => translateFilter(ors(LIMITS.conditions + 1)));
    expect(error.details).toMatchObject({ params: ['filter'], path: `filter.or[${LIMITS.conditions}].a`, max_conditions: LIMITS.conditions });
    expect(error.message).toContain(`at most ${LIMITS.conditions} conditions`);
    // The reviewed case: 5,800 alternatives (62 KB) are refused too.
    expect(refusal(() => translateFilter(ors(5800))).details.max_conditions).toBe(LIMITS.conditions);
  });

  it('counts every test of a payload key, at any depth, and combinators not at all', () => {
    // 3 (eq + ne + range) × 21 = 63, plus one inside a not: 64.
    const three = (i: number) => ({ [`k${i}`]: { eq: 'x', ne: 'y', gte: 1, lt: 2 } });
    const at64 = { and: [{ or: Array.from({ length: 21 }, (_, i) => three(i)) }, { not: { z: 1 } }] };
    expect(() => translateFilter(at64)).not.toThrow();
    const over = { ...at64, extra: true };
    expect(refusal(() => translateFilter(over)).details.path).toBe('filter.extra');
  });

  it(`takes ${LIMITS.values} values in any/in/nin and refuses more, with the list's path`, () => {
    for (const op of ['any', 'in', 'nin']) {
      expect(() => translateFilter({ tags: { [op]: values(LIMITS.values) } })).not.toThrow();
      const error = refusal(() => translateFilter({ tags: { [op]: values(LIMITS.values + 1) } }));
      expect(error.details).toMatchObject({ params: ['filter'], path: `filter.tags.${op}`, max_values: LIMITS.values });
      expect(error.message).toContain(`at most ${LIMITS.values} values`);
    }
  });

  it(`the tags shortcut takes ${LIMITS.values} distinct tags (repeats do not count) and refuses more`, () => {
    expect(shortcutFilter({ tags: [...values(LIMITS.values), 'v0', 'v1'].join(',') }).must).toHaveLength(1);
    const error = refusal(() => shortcutFilter({ tags: values(LIMITS.values + 1) }));
    expect(error.details).toMatchObject({ params: ['tags'], max_values: LIMITS.values });
    // As a request parameter, the same 400.
    const request = refusal(() => parseSearchParams({ q: 'tf2', tags: values(LIMITS.values + 1).join(',') }, parseConfig({})));
    expect(request.details.params).toEqual(['tags']);
  });
});
