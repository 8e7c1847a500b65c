import { describe, expect, it } from 'vitest';
import { RetrieverError } from '../../../../src/core/common/errors';
import { parseQuerySet } from '../../../../src/core/build-time/eval/query-set';

/** Runs the parser and returns the RetrieverError it throws (fails the test if it does not throw). */
function parseError(input: unknown): RetrieverError {
  try {
    parseQuerySet(input);
  } catch (error) {
    expect(error).toBeInstanceOf(RetrieverError);
    return error as RetrieverError;
  }
  throw new Error('expected parseQuerySet to throw');
}

describe('parseQuerySet', () => {
  it('parses a JSON string, defaults ids to q<n> and trims text', () => {
    const items = parseQuerySet(JSON.stringify([
      { query: '  What is a ROS 2 node? ', expected: { chapters: ['ros2'] }, category: 'concept', k: 3 },
      { id: 'neg-1', query: 'best pizza in Naples', expect_no_results: true },
    ]));
    expect(items).toEqual([
      { id: 'q1', query: 'What is a ROS 2 node?', category: 'concept', expected: { chapters: ['ros2'] }, expect_no_results: false, k: 3 },
      { id: 'neg-1', query: 'best pizza in Naples', expect_no_results: true },
    ]);
  });

  it('accepts an already-parsed array and drops empty label lists', () => {
    const [item] = parseQuerySet([{ query: 'q', expected: { chapters: [], file_paths: ['docs/a.md'] }, notes: 'x' }]);
    expect(item?.expected).toEqual({ file_paths: ['docs/a.md'] });
  });

  it('rejects text that is not JSON', () => {
    const error = parseError('[{"query": "a",}');
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/^query set is not valid JSON: .*position \d+/);
  });

  it('reads a file saved with a byte-order mark', () => {
    expect(parseQuerySet('\uFEFF[{"query": "a", "expected": {"file_paths": ["a.md"]}}]')).toHaveLength(1);
  });

  it('rejects a non-array and an empty array', () => {
    expect(parseError({ query: 'a' }).message).toMatch(/must be a JSON array, got object/);
    expect(parseError([]).message).toMatch(/at least one query/);
  });

  it('names the item index and field of a missing query', () => {
    const error = parseError([{ query: 'ok', expected: { chapters: ['a'] } }, { expected: { chapters: ['a'] } }]);
    expect(error.message).toBe('query set item 1, `query`: is required');
    expect(error.details).toMatchObject({ params: ['queries'], index: 1, path: '[1].query' });
  });

  it('names nested fields: a wrong type inside expected.urls', () => {
    const error = parseError([{ query: 'a', expected: { urls: ['https://b.dev/x', 7] } }]);
    expect(error.message).toBe('query set item 0, `expected.urls[1]`: expected string, got number');
    expect(error.details['path']).toBe('[0].expected.urls[1]');
  });

  it('rejects unknown fields, so a typo cannot silently drop labels', () => {
    const error = parseError([{ query: 'a', expected: { chapters: ['x'], file_path: ['a.md'] } }]);
    expect(error.message).toBe('query set item 0, `expected`: unknown field(s) "file_path"');
  });

  it('rejects a blank query, a zero k and a fractional k', () => {
    expect(parseError([{ query: '   ', expected: { chapters: ['a'] } }]).message).toMatch(/item 0, `query`: must not be empty/);
    expect(parseError([{ query: 'a', k: 0, expected: { chapters: ['a'] } }]).message).toMatch(/`k`: must be at least 1/);
    expect(parseError([{ query: 'a', k: 2.5, expected: { chapters: ['a'] } }]).message).toMatch(/`k`: expected int, got number 2.5/);
    expect(parseError([{ query: 'a', expect_no_results: 'yes' }]).message).toMatch(/`expect_no_results`: expected boolean, got string/);
  });

  it('requires labels or expect_no_results, and not both', () => {
    expect(parseError([{ query: 'a' }]).message).toMatch(/item 0, `expected`: needs `expected` labels/);
    expect(parseError([{ query: 'a', expect_no_results: false }]).message).toMatch(/needs `expected` labels/);
    expect(parseError([{ query: 'a', expected: { urls: [] } }]).message).toMatch(/`expected` has no labels/);
    const both = parseError([{ query: 'a', expected: { chapters: ['x'] } }, { query: 'b', expected: { chapters: ['x'] }, expect_no_results: true }]);
    expect(both.message).toMatch(/item 1, `expected`: give either/);
    expect(both.details['index']).toBe(1);
  });

  it('reads the page-list format of externally labelled books: expected_files are file paths, the rest is accepted', () => {
    const items = parseQuerySet([
      { id: 'd01', query: 'a', category: 'how-to', expected_files: ['01-intro.md', '02-setup.md'], also_relevant: ['03-more.md'], needs_all_files: true, note: 'why' },
      { id: 'd02', query: 'b', expected_files: ['x.md'], expected: { modules: ['m'] } },
      { id: 'd03', query: 'c', category: 'off-topic', expected_files: [], also_relevant: [], expect_no_results: true, note: 'not covered' },
    ]);
    expect(items).toEqual([
      { id: 'd01', query: 'a', category: 'how-to', expected: { file_paths: ['01-intro.md', '02-setup.md'] }, expect_no_results: false },
      { id: 'd02', query: 'b', expected: { modules: ['m'], file_paths: ['x.md'] }, expect_no_results: false },
      { id: 'd03', query: 'c', category: 'off-topic', expect_no_results: true },
    ]);
    expect(parseError([{ query: 'a', expected_files: [] }]).message).toMatch(/needs `expected` labels .*`expected_files`/);
    expect(parseError([{ query: 'a', expected_files: ['x.md'], expect_no_results: true }]).message).toMatch(/item 0, `expected_files`: give either/);
    expect(parseError([{ query: 'a', expected_files: 'x.md' }]).message).toMatch(/item 0, `expected_files`: expected array, got string/);
  });

  it('rejects duplicate ids, including a clash with a default id', () => {
    const error = parseError([
      { query: 'a', expected: { chapters: ['x'] } },
      { id: 'q1', query: 'b', expected: { chapters: ['x'] } },
    ]);
    expect(error.message).toBe('query set item 1, `id`: duplicate id "q1" (also used by item 0)');
  });
});
