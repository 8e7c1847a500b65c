import { describe, expect, it } from 'vitest';
import { translateFilter } from '../../../../src/core/query/search/filter-dsl';
import { combineFilters, isEmptyFilter, shortcutFilter } from '../../../../src/core/query/search/filter-shortcuts';

describe('shortcutFilter', () => {
  it('turns module/chapter/section into equality and tags into contains-any', () => {
    expect(shortcutFilter({ module: '01-ros2', chapter: 'Nodes', section: 'Topics', tags: ' ros2, nav2 ,,ros2' })).toEqual({
      must: [
        { key: 'module', match: { value: '01-ros2' } },
        { key: 'chapter', match: { value: 'Nodes' } },
        { key: 'section', match: { value: 'Topics' } },
        { key: 'tags', match: { any: ['ros2', 'nav2'] } },
      ],
    });
  });

  it('accepts tags as an array and ignores blank values', () => {
    expect(shortcutFilter({ module: '  ', chapter: null, tags: ['a', ' '] })).toEqual({
      must: [{ key: 'tags', match: { any: ['a'] } }],
    });
    expect(shortcutFilter({ tags: ' , ' })).toEqual({});
    expect(shortcutFilter({})).toEqual({});
  });
});

describe('isEmptyFilter', () => {
  it('recognises filters that constrain nothing', () => {
    expect(isEmptyFilter(undefined)).toBe(true);
    expect(isEmptyFilter({})).toBe(true);
    expect(isEmptyFilter({ must: [], should: null })).toBe(true);
    expect(isEmptyFilter({ must_not: [{ key: 'a', match: { value: 1 } }] })).toBe(false);
  });
});

describe('combineFilters', () => {
  const a = { key: 'module', match: { value: 'a' } };
  const x = { key: 'chapter', match: { value: 'x' } };

  it('is undefined when every input is empty, and the filter itself when only one is not', () => {
    expect(combineFilters(undefined, {}, shortcutFilter({}))).toBeUndefined();
    const only = { should: [a, x] };
    expect(combineFilters({}, only, null)).toBe(only);
  });

  it('ANDs the rest, splicing must-only filters and nesting the others', () => {
    expect(combineFilters(shortcutFilter({ module: 'a' }), translateFilter({ not: { chapter: 'x' } }))).toEqual({
      must: [a, { must_not: [x] }],
    });
    expect(combineFilters({ must: [a] }, { must: [x] })).toEqual({ must: [a, x] });
    expect(combineFilters({ must: [a], should: [x] }, { must: [x] })).toEqual({ must: [{ must: [a], should: [x] }, x] });
  });
});
