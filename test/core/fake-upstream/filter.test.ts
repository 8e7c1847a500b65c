import { describe, expect, it } from 'vitest';
import { compileFilter, valuesAt } from '../../support/fake-upstream/filter';
import { QdrantError } from '../../support/fake-upstream/qdrant-errors';
import type { PointId, StoredPoint } from '../../support/fake-upstream/qdrant-types';

function point(id: PointId, payload: Record<string, unknown>, vectors: string[] = ['']): StoredPoint {
  return { id, version: 0, dense: new Map(vectors.map((n) => [n, [1]])), sparse: new Map(), payload };
}

const points = [
  point(1, { chapter: 'ros2', n: 1, draft: false, tags: ['nodes', 'topics'], meta: { level: 2 } }),
  point(2, { chapter: 'sim', n: 2, draft: true, tags: ['gazebo'], meta: { level: 3 } }),
  point(3, { chapter: 'ros2', n: 3.5, tags: [], date: '2024-05-01T00:00:00Z', sections: [{ title: 'QoS' }, { title: 'DDS' }] }),
  point(4, { chapter: null, n: '4', tags: [null], date: '2025-01-01T00:00:00Z' }),
  point('6f1c2d3e-0000-4000-8000-000000000001', { chapter: 'vla', n: 5 }, ['dense']),
];

const select = (filter: unknown) => points.filter(compileFilter(filter)).map((p) => p.id);

describe('field conditions', () => {
  it('matches values by type (integers do not match strings)', () => {
    expect(select({ must: [{ key: 'chapter', match: { value: 'ros2' } }] })).toEqual([1, 3]);
    expect(select({ must: [{ key: 'n', match: { value: 2 } }] })).toEqual([2]);
    expect(select({ must: [{ key: 'n', match: { value: 4 } }] })).toEqual([]);
    expect(select({ must: [{ key: 'draft', match: { value: false } }] })).toEqual([1]);
  });

  it('matches array payloads when any element matches', () => {
    expect(select({ must: [{ key: 'tags', match: { value: 'topics' } }] })).toEqual([1]);
    expect(select({ must: [{ key: 'tags', match: { any: ['gazebo', 'nodes'] } }] })).toEqual([1, 2]);
  });

  it('matches except: some value outside the list; a missing or null field never matches', () => {
    expect(select({ must: [{ key: 'chapter', match: { except: ['ros2'] } }] })).toEqual([2, '6f1c2d3e-0000-4000-8000-000000000001']);
    // tags ['nodes','topics']: 'topics' is outside ['nodes'] → matches; [] has no value → no match.
    expect(select({ must: [{ key: 'tags', match: { except: ['nodes', 'gazebo'] } }] })).toEqual([1]);
  });

  it('compares ranges on numbers (bounds inclusive or not) and on datetimes', () => {
    expect(select({ must: [{ key: 'n', range: { gt: 1, lte: 3.5 } }] })).toEqual([2, 3]);
    expect(select({ must: [{ key: 'n', range: { gte: 1, lt: 2 } }] })).toEqual([1]);
    expect(select({ must: [{ key: 'date', range: { gte: '2024-06-01T00:00:00Z' } }] })).toEqual([4]);
  });

  it('reads nested keys and flattens arrays with []', () => {
    expect(select({ must: [{ key: 'meta.level', range: { gte: 3 } }] })).toEqual([2]);
    expect(select({ must: [{ key: 'sections[].title', match: { value: 'DDS' } }] })).toEqual([3]);
    expect(valuesAt({ a: [{ b: 1 }, { b: 2 }] }, 'a[].b')).toEqual([1, 2]);
  });

  it('implements is_empty / is_null as Qdrant does', () => {
    // is_empty: missing, null or [] — not [null].
    expect(select({ must: [{ is_empty: { key: 'tags' } }] })).toEqual([3, '6f1c2d3e-0000-4000-8000-000000000001']);
    expect(select({ must: [{ is_empty: { key: 'chapter' } }] })).toEqual([4]);
    // is_null: an explicit null (or an array holding one); a missing field is not null.
    expect(select({ must: [{ is_null: { key: 'chapter' } }] })).toEqual([4]);
    expect(select({ must: [{ is_null: { key: 'tags' } }] })).toEqual([4]);
    expect(select({ must: [{ key: 'draft', is_null: false }] })).toEqual([1, 2, 3, 4, '6f1c2d3e-0000-4000-8000-000000000001']);
  });

  it('counts values', () => {
    expect(select({ must: [{ key: 'tags', values_count: { gte: 1 } }] })).toEqual([1, 2, 4]);
    expect(select({ must: [{ key: 'tags', values_count: { lt: 1 } }] })).toEqual([3, '6f1c2d3e-0000-4000-8000-000000000001']);
  });

  it('matches text as a substring', () => {
    expect(select({ must: [{ key: 'chapter', match: { text: 'os' } }] })).toEqual([1, 3]);
  });
});

describe('clauses', () => {
  it('combines must, should, must_not and min_should', () => {
    expect(select({ should: [{ key: 'chapter', match: { value: 'sim' } }, { key: 'n', match: { value: 1 } }] })).toEqual([1, 2]);
    expect(select({ must: [{ key: 'chapter', match: { value: 'ros2' } }], must_not: [{ key: 'n', match: { value: 1 } }] })).toEqual([3]);
    expect(
      select({
        min_should: {
          conditions: [
            { key: 'chapter', match: { value: 'ros2' } },
            { key: 'tags', match: { value: 'nodes' } },
            { key: 'meta.level', range: { gte: 2 } },
          ],
          min_count: 2,
        },
      }),
    ).toEqual([1]);
  });

  it('accepts a single condition instead of a list, and nested filters', () => {
    expect(select({ must: { key: 'chapter', match: { value: 'sim' } } })).toEqual([2]);
    expect(select({ must: [{ should: [{ key: 'n', match: { value: 2 } }, { key: 'n', match: { value: 5 } }] }] })).toEqual([
      2,
      '6f1c2d3e-0000-4000-8000-000000000001',
    ]);
    expect(select({ must: [{ nested: { key: 'sections', filter: { must: [{ key: 'title', match: { value: 'QoS' } }] } } }] })).toEqual([3]);
  });

  it('treats an empty should as matching nothing, empty must as everything', () => {
    expect(select({ should: [] })).toEqual([]);
    expect(select({ must: [] })).toHaveLength(points.length);
    expect(select(undefined)).toHaveLength(points.length);
  });

  it('filters by id (any UUID spelling) and by vector presence', () => {
    expect(select({ must: [{ has_id: [2, '6F1C2D3E000040008000000000000001'] }] })).toEqual([2, '6f1c2d3e-0000-4000-8000-000000000001']);
    expect(select({ must: [{ has_vector: 'dense' }] })).toEqual(['6f1c2d3e-0000-4000-8000-000000000001']);
  });

  it('throws Qdrant’s 422 for a field condition without any test, and refuses geo', () => {
    try {
      compileFilter({ must: [{ key: 'chapter' }] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(QdrantError);
      expect((error as QdrantError).status).toBe(422);
      expect((error as QdrantError).message).toBe(
        'Validation error in JSON body: [filter.must[0].match: Validation error: At least one field condition must be specified [{}]]',
      );
    }
    expect(() => compileFilter({ must: [{ key: 'loc', geo_radius: { center: { lat: 0, lon: 0 }, radius: 1 } }] })).toThrow(/not supported/);
  });
});
