import { describe, expect, it } from 'vitest';
import { compileFilter, matchesFilter } from '../../../../src/core/query/local-index/filter-eval';
import { readPayloadPath } from '../../../../src/core/query/local-index/payload-path';
import { RetrieverError } from '../../../../src/core/common/errors';
import type { Payload, PointId, QdrantFilter } from '../../../../src/core/common/types';

// Payloads modelled on Qdrant's own condition-checker test fixture.
const points: { id: PointId; payload: Payload }[] = [
  { id: 1, payload: { color: 'red', tags: ['ros2', 'nav2'], price: 499.9, amount: 10, rating: [3, 7, 9], meta: { chapter: 'ros2', level: 2 }, parts: [], packaging: null, not_null: [null], has_delivery: true, shipped_at: '2020-02-15T00:00:00Z', title: 'Nodes and topics' } },
  { id: 2, payload: { color: 'blue', tags: ['gazebo'], price: 10, amount: 3, meta: { chapter: 'sim', level: 1 }, sections: [{ name: 'a', n: 1 }, { name: 'b', n: null }], title: 'Gazebo worlds' } },
  { id: 3, payload: { color: 'green', tags: [], amount: 7.5, meta: { chapter: 'sim' }, title: 'URDF' } },
  { id: 'ABCDEF01-0000-4000-8000-000000000000', payload: {} },
];

/** The ids of the points that pass, in fixture order. */
function select(filter: QdrantFilter): PointId[] {
  const pass = compileFilter(filter)!;
  return points.filter((p) => pass(p.payload, p.id)).map((p) => p.id);
}
const uuid = points[3]!.id;
const f = (x: unknown): QdrantFilter => x as QdrantFilter;

describe('readPayloadPath', () => {
  it('descends objects with dots and arrays only with []', () => {
    const payload = { a: { b: 1 }, arr: [{ x: [1, 2] }, { x: 3 }, { y: 4 }], list: [5, 6] };
    expect(readPayloadPath(payload, 'a.b')).toEqual({ values: [1], multiple: false });
    expect(readPayloadPath(payload, 'arr[].x')).toEqual({ values: [[1, 2], 3], multiple: true });
    expect(readPayloadPath(payload, 'arr[1].x')).toEqual({ values: [3], multiple: true });
    expect(readPayloadPath(payload, 'arr.x').values).toEqual([]);
    expect(readPayloadPath(payload, 'list[]').values).toEqual([5, 6]);
    expect(readPayloadPath(payload, 'list').values).toEqual([[5, 6]]);
    expect(readPayloadPath(payload, 'missing.key').values).toEqual([]);
  });
});

describe('match', () => {
  it('value: exact, typed, and any element of an array field', () => {
    expect(select({ must: [{ key: 'color', match: { value: 'red' } }] })).toEqual([1]);
    expect(select({ must: [{ key: 'tags', match: { value: 'gazebo' } }] })).toEqual([2]);
    expect(select({ must: [{ key: 'amount', match: { value: 10 } }] })).toEqual([1]);
    expect(select({ must: [{ key: 'has_delivery', match: { value: true } }] })).toEqual([1]);
    // A string never equals a number, and a float payload never equals an integer match.
    expect(select({ must: [{ key: 'amount', match: { value: '10' } }] })).toEqual([]);
    expect(select({ must: [{ key: 'rating', match: { value: 7 } }] })).toEqual([1]);
  });

  it('value on a dotted key into a nested object', () => {
    expect(select({ must: [{ key: 'meta.chapter', match: { value: 'sim' } }] })).toEqual([2, 3]);
    expect(select({ must: [{ key: 'sections[].name', match: { value: 'b' } }] })).toEqual([2]);
  });

  it('any and except (missing fields and empty arrays never match except)', () => {
    expect(select({ must: [{ key: 'color', match: { any: ['red', 'green'] } }] })).toEqual([1, 3]);
    expect(select({ must: [{ key: 'tags', match: { any: ['nav2', 'gazebo'] } }] })).toEqual([1, 2]);
    expect(select({ must: [{ key: 'amount', match: { any: [3, 7] } }] })).toEqual([2]);
    expect(select({ must: [{ key: 'color', match: { except: ['red', 'green'] } }] })).toEqual([2]);
    // tags ['ros2','nav2'] has an element outside the list; [] has none; the uuid point has no tags.
    expect(select({ must: [{ key: 'tags', match: { except: ['ros2'] } }] })).toEqual([1, 2]);
    // A float is not an integer, so it is "not one of" the integers.
    expect(select({ must: [{ key: 'amount', match: { except: [10, 3] } }] })).toEqual([3]);
  });

  it('text (substring), text_any, phrase and prefix', () => {
    expect(select({ must: [{ key: 'title', match: { text: 'and top' } }] })).toEqual([1]);
    expect(select(f({ must: [{ key: 'title', match: { text_any: 'URDF worlds' } }] }))).toEqual([2, 3]);
    expect(select(f({ must: [{ key: 'title', match: { phrase: 'Gazebo w' } }] }))).toEqual([2]);
    expect(select(f({ must: [{ key: 'title', match: { prefix: 'Nod' } }] }))).toEqual([1]);
    expect(select(f({ must: [{ key: 'title', match: { prefix: 'nod' } }] }))).toEqual([]);
  });
});

describe('range', () => {
  it('numbers, each bound, any element of an array', () => {
    expect(select({ must: [{ key: 'price', range: { gt: 10 } }] })).toEqual([1]);
    expect(select({ must: [{ key: 'price', range: { gte: 10 } }] })).toEqual([1, 2]);
    expect(select({ must: [{ key: 'amount', range: { lt: 7.5 } }] })).toEqual([2]);
    expect(select({ must: [{ key: 'amount', range: { lte: 7.5, gte: 3 } }] })).toEqual([2, 3]);
    expect(select({ must: [{ key: 'rating', range: { gte: 8, lte: 9 } }] })).toEqual([1]);
    expect(select({ must: [{ key: 'color', range: { gte: 0 } }] })).toEqual([]);
  });

  it('RFC 3339 date-times', () => {
    expect(select({ must: [{ key: 'shipped_at', range: { gte: '2020-02-01T00:00:00Z', lt: '2020-03-01T00:00:00Z' } }] })).toEqual([1]);
    expect(select({ must: [{ key: 'shipped_at', range: { gte: '2020-03-01T00:00:00Z' } }] })).toEqual([]);
  });
});

describe('is_empty / is_null / has_id', () => {
  it('is_empty: missing, null or [] (not [null])', () => {
    expect(select({ must: [{ is_empty: { key: 'parts' } }] })).toEqual([1, 2, 3, uuid]);
    expect(select({ must: [{ is_empty: { key: 'color' } }] })).toEqual([uuid]);
    expect(select({ must: [{ is_empty: { key: 'packaging' } }] })).toEqual([1, 2, 3, uuid]);
    expect(select({ must: [{ is_empty: { key: 'not_null' } }] })).toEqual([2, 3, uuid]);
    expect(select({ must: [{ is_empty: { key: 'tags' } }] })).toEqual([3, uuid]);
  });

  it('is_null: only an explicit null (missing, [] and [null] are not null)', () => {
    expect(select({ must: [{ is_null: { key: 'packaging' } }] })).toEqual([1]);
    expect(select({ must: [{ is_null: { key: 'not_null' } }] })).toEqual([]);
    expect(select({ must: [{ is_null: { key: 'parts' } }] })).toEqual([]);
    // Through [] any null value counts.
    expect(select({ must: [{ is_null: { key: 'sections[].n' } }] })).toEqual([2]);
  });

  it('the inline {key, is_empty/is_null: bool} forms', () => {
    expect(select(f({ must: [{ key: 'tags', is_empty: true }] }))).toEqual([3, uuid]);
    expect(select(f({ must: [{ key: 'tags', is_empty: false }] }))).toEqual([1, 2]);
    expect(select(f({ must: [{ key: 'packaging', is_null: true }] }))).toEqual([1]);
    expect(select(f({ must: [{ key: 'packaging', is_null: false }] }))).toEqual([2, 3, uuid]);
  });

  it('has_id: integers and UUIDs (case-insensitive)', () => {
    expect(select({ must: [{ has_id: [2, 3] }] })).toEqual([2, 3]);
    expect(select({ must: [{ has_id: ['abcdef01-0000-4000-8000-000000000000'] }] })).toEqual([uuid]);
  });
});

describe('boolean structure', () => {
  const red = { key: 'color', match: { value: 'red' } };
  const blue = { key: 'color', match: { value: 'blue' } };
  const sim = { key: 'meta.chapter', match: { value: 'sim' } };

  it('must = all, should = at least one, must_not = none', () => {
    expect(select({ must: [sim, blue] })).toEqual([2]);
    expect(select({ should: [red, blue] })).toEqual([1, 2]);
    expect(select({ must_not: [red, blue] })).toEqual([3, uuid]);
    expect(select({ must: [sim], must_not: [blue] })).toEqual([3]);
    expect(select({ should: [red, sim], must_not: [{ has_id: [3] }] })).toEqual([1, 2]);
  });

  it('accepts a single condition instead of a list', () => {
    expect(select(f({ must: red }))).toEqual([1]);
    expect(select(f({ must_not: red, should: null }))).toEqual([2, 3, uuid]);
  });

  it('empty lists: must [] passes everything, should [] passes nothing (as Qdrant)', () => {
    expect(select({ must: [] })).toEqual([1, 2, 3, uuid]);
    expect(select({ should: [] })).toEqual([]);
    expect(select({})).toEqual([1, 2, 3, uuid]);
  });

  it('must_not inside should (nested filters)', () => {
    // should: [not sim, red] → points that are not sim, or are red.
    expect(select({ should: [{ must_not: [sim] }, red] })).toEqual([1, uuid]);
    expect(select({ must: [{ should: [red, blue] }, { must_not: [{ has_id: [1] }] }] })).toEqual([2]);
  });

  it('min_should counts satisfied conditions', () => {
    const conditions = [sim, blue, { key: 'amount', range: { gte: 5 } }];
    expect(select({ min_should: { conditions, min_count: 2 } })).toEqual([2, 3]);
    expect(select({ min_should: { conditions, min_count: 3 } })).toEqual([]);
    expect(select({ min_should: { conditions, min_count: 1 } })).toEqual([1, 2, 3]);
  });

  it('null or undefined filter compiles to null; matchesFilter then passes everything', () => {
    expect(compileFilter(null)).toBeNull();
    expect(compileFilter(undefined)).toBeNull();
    expect(matchesFilter(undefined, {}, 1)).toBe(true);
    expect(matchesFilter({ must: [red] }, { color: 'red' }, 1)).toBe(true);
  });
});

describe('errors', () => {
  const expectInvalid = (filter: unknown, pattern: RegExp, path?: string): void => {
    try {
      compileFilter(filter as QdrantFilter);
      expect.unreachable('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(RetrieverError);
      const e = error as RetrieverError;
      expect(e.code).toBe('invalid_request');
      expect(e.message).toMatch(pattern);
      expect(e.details.params).toEqual(['filter']);
      if (path) expect(e.details.path).toBe(path);
    }
  };

  it('names unsupported conditions', () => {
    expectInvalid({ must: [{ key: 'loc', geo_radius: { center: { lat: 0, lon: 0 }, radius: 1 } }] }, /geo_radius/, 'must[0].geo_radius');
    expectInvalid({ must: [{ key: 'loc', geo_bounding_box: {} }] }, /geo_bounding_box/);
    expectInvalid({ must: [{ key: 'loc', geo_polygon: {} }] }, /geo_polygon/);
    expectInvalid({ must: [{ key: 'tags', values_count: { gt: 1 } }] }, /values_count/);
    expectInvalid({ should: [{ nested: { key: 'a', filter: {} } }] }, /nested/, 'should[0]');
    expectInvalid({ must_not: [{ has_vector: 'dense' }] }, /has_vector/);
  });

  it('rejects malformed filters with a path', () => {
    expectInvalid({ must: [{ key: 'a' }] }, /no match, range/);
    expectInvalid({ must: [{ key: 'a', match: { value: 1.5 } }] }, /match.value/, 'must[0].match.value');
    expectInvalid({ must: [{ key: 'a', match: { any: ['x', 1] } }] }, /not mixed/);
    expectInvalid({ must: [{ key: 'a', match: { regex: 'x' } }] }, /unsupported match/);
    expectInvalid({ must: [{ key: 'a', range: { gt: 1, lt: '2020-01-01T00:00:00Z' } }] }, /date-times/);
    expectInvalid({ must: [{ foo: 1 }] }, /unknown filter condition/);
    expectInvalid({ filter: [] }, /unknown filter clause/);
    expectInvalid({ min_should: { conditions: [], min_count: 0 } }, /min_count/);
    expectInvalid({ must: [{ has_id: [-1] }] }, /unsigned/);
    expectInvalid({ must: [{ should: [{ key: 'a', match: { value: {} } }] }] }, /match.value/, 'must[0].should[0].match.value');
  });
});
