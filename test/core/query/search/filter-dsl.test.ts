import { describe, expect, it } from 'vitest';
import { RetrieverError } from '../../../../src/core/common/errors';
import { MAX_FILTER_DEPTH, parseFilter, translateFilter } from '../../../../src/core/query/search/filter-dsl';
import type { QdrantFilter } from '../../../../src/core/common/types';

const eq = (key: string, value: string | number | boolean) => ({ key, match: { value } });

/** The bad part's path, or fails the test when nothing is thrown. */
function errorPath(dsl: unknown, root?: string): string {
  try {
    translateFilter(dsl, root);
  } catch (error) {
    expect(error).toBeInstanceOf(RetrieverError);
    const e = error as RetrieverError;
    expect(e.code).toBe('invalid_request');
    expect(e.status).toBe(400);
    expect(e.details.params).toEqual(['filter']);
    expect(e.details).not.toHaveProperty('param');
    expect(e.message).toContain(String(e.details.path));
    return String(e.details.path);
  }
  throw new Error(`expected ${JSON.stringify(dsl)} to be rejected`);
}

describe('translateFilter: shapes', () => {
  it('translates leaves', () => {
    expect(translateFilter({ module: '01-ros2' })).toEqual({ must: [eq('module', '01-ros2')] });
    expect(translateFilter({ level: 2, draft: false })).toEqual({ must: [eq('level', 2), eq('draft', false)] });
    expect(translateFilter({ module: { eq: 'a' } })).toEqual({ must: [eq('module', 'a')] });
    expect(translateFilter({ tags: { any: ['ros2', 'nav2'] } })).toEqual({
      must: [{ key: 'tags', match: { any: ['ros2', 'nav2'] } }],
    });
    expect(translateFilter({ module: { in: [1, 2] } })).toEqual({ must: [{ key: 'module', match: { any: [1, 2] } }] });
    expect(translateFilter({ sidebar_position: { gte: 2, lt: 5 } })).toEqual({
      must: [{ key: 'sidebar_position', range: { gte: 2, lt: 5 } }],
    });
    expect(translateFilter({ 'meta.level': { lte: 3.5 } })).toEqual({ must: [{ key: 'meta.level', range: { lte: 3.5 } }] });
  });

  it('translates negations to must_not', () => {
    expect(translateFilter({ chapter: { ne: 'x' } })).toEqual({ must_not: [eq('chapter', 'x')] });
    expect(translateFilter({ module: { nin: ['a', 'b'] } })).toEqual({ must_not: [{ key: 'module', match: { any: ['a', 'b'] } }] });
    expect(translateFilter({ not: { module: 'a' } })).toEqual({ must_not: [eq('module', 'a')] });
  });

  it('treats several keys, and `and`, as must (flattened)', () => {
    const expected = { must: [eq('module', 'a'), eq('chapter', 'b')] };
    expect(translateFilter({ module: 'a', chapter: 'b' })).toEqual(expected);
    expect(translateFilter({ and: [{ module: 'a' }, { chapter: 'b' }] })).toEqual(expected);
    expect(translateFilter({ and: [{ module: 'a' }], chapter: 'b' })).toEqual(expected);
  });

  it('translates or to should, and a one-element or to its element', () => {
    expect(translateFilter({ or: [{ module: 'a' }, { module: 'b' }] })).toEqual({ should: [eq('module', 'a'), eq('module', 'b')] });
    expect(translateFilter({ or: [{ module: 'a' }] })).toEqual({ must: [eq('module', 'a')] });
  });

  it('keeps not inside or as a nested must_not', () => {
    expect(translateFilter({ or: [{ module: 'a' }, { not: { chapter: 'x' } }] })).toEqual({
      should: [eq('module', 'a'), { must_not: [eq('chapter', 'x')] }],
    });
  });

  it('negates an or as must_not of its parts, and an and as one nested must', () => {
    expect(translateFilter({ not: { or: [{ module: 'a' }, { module: 'b' }] } })).toEqual({
      must_not: [eq('module', 'a'), eq('module', 'b')],
    });
    expect(translateFilter({ not: { module: 'a', chapter: 'b' } })).toEqual({
      must_not: [{ must: [eq('module', 'a'), eq('chapter', 'b')] }],
    });
  });

  it('nests', () => {
    const dsl = {
      and: [{ or: [{ module: 'a', chapter: 'c' }, { tags: { any: ['x'] } }] }, { sidebar_position: { gte: 1 } }],
    };
    expect(translateFilter(dsl)).toEqual({
      must: [
        { should: [{ must: [eq('module', 'a'), eq('chapter', 'c')] }, { key: 'tags', match: { any: ['x'] } }] },
        { key: 'sidebar_position', range: { gte: 1 } },
      ],
    });
  });

  it('treats the empty top-level object as no filter', () => {
    expect(translateFilter({})).toEqual({});
  });

  it('allows a one-point range (gte = lte)', () => {
    expect(translateFilter({ x: { gte: 5, lte: 5 } })).toEqual({ must: [{ key: 'x', range: { gte: 5, lte: 5 } }] });
  });

  it('parses JSON text', () => {
    expect(parseFilter('{"module":"01-ros2"}')).toEqual({ must: [eq('module', '01-ros2')] });
    try {
      parseFilter('{"module":');
      throw new Error('expected a throw');
    } catch (e) {
      expect((e as RetrieverError).code).toBe('invalid_request');
      expect((e as RetrieverError).details).toEqual({ params: ['filter'], path: 'filter' });
    }
  });
});

describe('translateFilter: meaning is preserved', () => {
  // Reference semantics of the DSL, written independently of the translator.
  type Doc = Record<string, unknown>;
  const values = (doc: Doc, key: string): unknown[] => {
    const v = doc[key];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  function dslHolds(f: Record<string, unknown>, doc: Doc): boolean {
    return Object.entries(f).every(([k, spec]) => {
      if (k === 'and') return (spec as Doc[]).every((g) => dslHolds(g, doc));
      if (k === 'or') return (spec as Doc[]).some((g) => dslHolds(g, doc));
      if (k === 'not') return !dslHolds(spec as Doc, doc);
      const vs = values(doc, k);
      if (typeof spec !== 'object') return vs.includes(spec);
      const o = spec as Record<string, unknown>;
      const nums = vs.filter((v): v is number => typeof v === 'number');
      return (
        (!('eq' in o) || vs.includes(o.eq)) &&
        (!('ne' in o) || !vs.includes(o.ne)) &&
        (!('any' in o) || (o.any as unknown[]).some((x) => vs.includes(x))) &&
        (!('nin' in o) || !(o.nin as unknown[]).some((x) => vs.includes(x))) &&
        (!('gte' in o) || nums.some((n) => n >= (o.gte as number))) &&
        (!('lt' in o) || nums.some((n) => n < (o.lt as number)))
      );
    });
  }
  // Qdrant's documented semantics: must = all, should = at least one, must_not = none; a match on
  // an array field holds when any element matches; conditions on a missing key are false.
  function qdrantHolds(f: QdrantFilter, doc: Doc): boolean {
    const list = (x: unknown) => (x === undefined ? [] : (x as unknown[]));
    const cond = (c: Record<string, unknown>): boolean => {
      if (!('key' in c)) return qdrantHolds(c as QdrantFilter, doc);
      const vs = values(doc, c.key as string);
      const m = c.match as { value?: unknown; any?: unknown[] } | undefined;
      if (m && 'value' in m) return vs.includes(m.value);
      if (m && m.any) return m.any.some((x) => vs.includes(x));
      const r = c.range as Record<string, number>;
      return vs.some(
        (v) =>
          typeof v === 'number' &&
          (r.gte === undefined || v >= r.gte) &&
          (r.gt === undefined || v > r.gt) &&
          (r.lte === undefined || v <= r.lte) &&
          (r.lt === undefined || v < r.lt),
      );
    };
    const must = list(f.must) as Record<string, unknown>[];
    const should = list(f.should) as Record<string, unknown>[];
    const mustNot = list(f.must_not) as Record<string, unknown>[];
    return must.every(cond) && (should.length === 0 || should.some(cond)) && !mustNot.some(cond);
  }

  const docs: Doc[] = [];
  for (const module of ['a', 'b', undefined])
    for (const chapter of ['x', 'y'])
      for (const pos of [1, 3, 6, undefined])
        for (const tags of [['ros2'], ['nav2', 'ros2'], []]) docs.push({ module, chapter, pos, tags });

  const filters: Record<string, unknown>[] = [
    { or: [{ module: 'a' }, { not: { chapter: 'x' } }] },
    { not: { or: [{ module: 'a' }, { pos: { gte: 3, lt: 6 } }] } },
    { not: { module: 'a', chapter: 'x' } },
    { and: [{ or: [{ module: 'b', tags: { any: ['nav2'] } }, { pos: { lt: 3 } }] }, { not: { chapter: { ne: 'y' } } }] },
    { module: { nin: ['a'] }, tags: { any: ['ros2'] }, or: [{ chapter: 'x' }, { not: { not: { pos: 6 } } }] },
    { or: [{ not: { module: { ne: 'a' } } }, { and: [{ chapter: 'y' }, { not: { tags: { any: ['nav2'] } } }] }] },
  ];

  it.each(filters.map((f) => [JSON.stringify(f), f] as const))('%s', (_, f) => {
    const q = translateFilter(f);
    const mismatches = docs.filter((d) => dslHolds(f, d) !== qdrantHolds(q, d));
    expect(mismatches).toEqual([]);
    // and the filter is not trivial on this data
    expect(new Set(docs.map((d) => dslHolds(f, d))).size).toBe(2);
  });
});

describe('translateFilter: errors point at the bad part', () => {
  it('wrong type deep inside or/not', () => {
    expect(errorPath({ or: [{ module: 'a' }, { not: { sidebar_position: { gte: '2' } } }] })).toBe(
      'filter.or[1].not.sidebar_position.gte',
    );
  });

  it('unknown operator', () => {
    expect(errorPath({ module: { like: 'ros' } })).toBe('filter.module.like');
    expect(errorPath({ and: [{ m: { eq: 1, regex: 'x' } }] })).toBe('filter.and[0].m.regex');
  });

  it('wrong leaf types', () => {
    expect(errorPath({ module: null })).toBe('filter.module');
    expect(errorPath({ tags: ['a'] })).toBe('filter.tags'); // bare array: ambiguous
    expect(errorPath({ level: 1.5 })).toBe('filter.level'); // fractional equality
    expect(errorPath({ level: { eq: { x: 1 } } })).toBe('filter.level.eq');
    expect(errorPath({ chapter: { ne: [1] } })).toBe('filter.chapter.ne');
    expect(errorPath({ tags: { any: 'ros2' } })).toBe('filter.tags.any');
    expect(errorPath({ tags: { any: [] } })).toBe('filter.tags.any');
    expect(errorPath({ tags: { any: ['a', 2] } })).toBe('filter.tags.any[1]');
    expect(errorPath({ tags: { in: [1, 2.5] } })).toBe('filter.tags.in[1]');
    expect(errorPath({ tags: { nin: [true] } })).toBe('filter.tags.nin[0]');
  });

  it('empty and/or, and non-objects inside them', () => {
    expect(errorPath({ and: [] })).toBe('filter.and');
    expect(errorPath({ or: { module: 'a' } })).toBe('filter.or');
    expect(errorPath({ and: [{}] })).toBe('filter.and[0]');
    expect(errorPath({ or: [{ module: 'a' }, 'b'] })).toBe('filter.or[1]');
    expect(errorPath({ not: [] })).toBe('filter.not');
    expect(errorPath({ not: {} })).toBe('filter.not');
  });

  it('range with no bounds, or an empty range', () => {
    expect(errorPath({ sidebar_position: {} })).toBe('filter.sidebar_position');
    expect(errorPath({ x: { gt: 5, lt: 5 } })).toBe('filter.x');
    expect(errorPath({ x: { gte: 6, lte: 5 } })).toBe('filter.x');
    expect(errorPath({ x: { gte: 5, lt: 5 } })).toBe('filter.x');
  });

  it('non-finite numbers', () => {
    expect(errorPath({ x: { gte: Number.POSITIVE_INFINITY } })).toBe('filter.x.gte');
    expect(errorPath({ x: Number.NaN })).toBe('filter.x');
    expect(errorPath({ x: { lt: null } })).toBe('filter.x.lt');
  });

  it('bad payload keys', () => {
    expect(errorPath({ 'bad-key': 1 })).toBe('filter["bad-key"]');
    expect(errorPath({ or: [{ '1abc': 1 }] })).toBe('filter.or[0]["1abc"]');
  });

  it(`nesting deeper than ${MAX_FILTER_DEPTH} levels`, () => {
    const nest = (levels: number): Record<string, unknown> => {
      let f: Record<string, unknown> = { module: 'a' };
      for (let i = 1; i < levels; i++) f = { not: f };
      return f;
    };
    expect(() => translateFilter(nest(MAX_FILTER_DEPTH))).not.toThrow();
    expect(errorPath(nest(MAX_FILTER_DEPTH + 1))).toBe(`filter${'.not'.repeat(MAX_FILTER_DEPTH)}`);
    expect(errorPath({ and: [{ or: [nest(MAX_FILTER_DEPTH - 1)] }] })).toBe(`filter.and[0].or[0]${'.not'.repeat(MAX_FILTER_DEPTH - 2)}`);
  });

  it('non-object filters, and a custom root path', () => {
    expect(errorPath([])).toBe('filter');
    expect(errorPath('module=a')).toBe('filter');
    expect(errorPath(null)).toBe('filter');
    expect(errorPath({ x: { like: 1 } }, 'body.filter')).toBe('body.filter.x.like');
  });
});
