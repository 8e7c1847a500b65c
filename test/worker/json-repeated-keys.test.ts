import { describe, expect, it } from 'vitest';
import { repeatedKeys } from '../../src/worker/json-repeated-keys';

describe('repeatedKeys', () => {
  it('finds a key written twice in one object, at any depth, by its path', () => {
    expect(repeatedKeys('{"q":"a","k":3,"q":"b"}')).toEqual(['q']);
    expect(repeatedKeys('{"queries":[{"q":"a"},{"q":"b","q":"c"}]}')).toEqual(['queries[1].q']);
    expect(repeatedKeys('{"filter":{"module":"a","not":{"chapter":"x","chapter":"y"}}}')).toEqual(['filter.not.chapter']);
  });

  it('reads keys and strings as JSON does: escapes, brackets and commas inside strings are text', () => {
    expect(repeatedKeys('{"q":"a, \\"b\\" {c} [d]","\\u0071":"x"}')).toEqual(['q']);
    expect(repeatedKeys('{"a":"}","b":"]","c":","}')).toEqual([]);
  });

  it('does not count the same key in sibling objects, nor values equal to keys', () => {
    expect(repeatedKeys('[{"q":1},{"q":2}]')).toEqual([]);
    expect(repeatedKeys('{"q":"q","k":"q"}')).toEqual([]);
    expect(repeatedKeys('"q"')).toEqual([]);
  });

  it('walks a deeply nested body without recursion', () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    expect(repeatedKeys(deep)).toEqual([]);
  });
});
