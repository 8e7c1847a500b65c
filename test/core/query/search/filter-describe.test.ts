import { describe, expect, it } from 'vitest';
import { describeFilter } from '../../../../src/core/query/search/filter-describe';
import { translateFilter } from '../../../../src/core/query/search/filter-dsl';

describe('describeFilter', () => {
  it('lists one line per top-level constraint', () => {
    const f = translateFilter({ module: '01-ros2', tags: { any: ['ros2', 'nav2'] }, sidebar_position: { gte: 2, lt: 5 } });
    expect(describeFilter(f)).toEqual(['module = "01-ros2"', 'tags in ["ros2","nav2"]', '2 <= sidebar_position < 5']);
  });

  it('renders one-sided and mixed ranges', () => {
    expect(describeFilter(translateFilter({ p: { gt: 1 } }))).toEqual(['p > 1']);
    expect(describeFilter(translateFilter({ p: { gt: 1, lte: 4 } }))).toEqual(['1 < p <= 4']);
    expect(describeFilter(translateFilter({ p: { gt: 1, gte: 2, lt: 9 } }))).toEqual(['p > 1 AND p >= 2 AND p < 9']);
  });

  it('renders or, not and nesting with parentheses', () => {
    expect(describeFilter(translateFilter({ or: [{ module: 'a' }, { not: { chapter: 'x' } }] }))).toEqual([
      '(module = "a" OR NOT (chapter = "x"))',
    ]);
    expect(describeFilter(translateFilter({ not: { module: 'a', level: 2 } }))).toEqual(['NOT (module = "a" AND level = 2)']);
    expect(describeFilter(translateFilter({ draft: { ne: true }, module: { nin: ['a'] } }))).toEqual([
      'NOT (draft = true)',
      'NOT (module in ["a"])',
    ]);
  });

  it('handles hand-written Qdrant filters too', () => {
    expect(
      describeFilter({
        must: [{ key: 'm', match: { except: ['a'] } }, { is_empty: { key: 'tags' } }],
        min_should: { conditions: [{ key: 'a', match: { value: 1 } }, { key: 'b', match: { value: 2 } }], min_count: 1 },
      }),
    ).toEqual(['m not in ["a"]', '{"is_empty":{"key":"tags"}}', 'at least 1 of (a = 1; b = 2)']);
  });

  it('is empty for no filter', () => {
    expect(describeFilter(undefined)).toEqual([]);
    expect(describeFilter({})).toEqual([]);
  });
});
