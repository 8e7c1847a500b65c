/**
 * Remembered GET query strings: the same query string under the same configuration is parsed
 * once per isolate (the same frozen params come back), another configuration parses again,
 * the memory is bounded, and a query string that fails validation is never remembered.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/common/config/parse-config';
import { parseSearchParams } from '../../src/core/query/search/search-params';
import { rememberedParams } from '../../src/worker/parsed-queries';

const parse = (config: ReturnType<typeof parseConfig>, q: string) => () => parseSearchParams({ q, k: '3' }, config);

describe('rememberedParams', () => {
  it('parses a query string once per configuration and returns frozen params', () => {
    const config = parseConfig({});
    let parses = 0;
    const counted = (q: string) => () => (parses++, parse(config, q)());
    const first = rememberedParams(config, '?q=topics&k=3', counted('topics'));
    const again = rememberedParams(config, '?q=topics&k=3', counted('topics'));
    expect(again).toBe(first);
    expect(parses).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.k).toBe(3);
    const other = parseConfig({ TOP_K_DEFAULT: '2', TOP_K_MAX: '2' });
    expect(rememberedParams(other, '?q=topics&k=3', parse(other, 'topics')).k).toBe(2);
  });

  it('keeps at most 256 query strings, the least recently used out first', () => {
    const config = parseConfig({});
    const oldest = rememberedParams(config, '?q=q0', parse(config, 'q0'));
    for (let i = 1; i <= 256; i++) rememberedParams(config, `?q=q${i}`, parse(config, `q${i}`));
    expect(rememberedParams(config, '?q=q0', parse(config, 'q0'))).not.toBe(oldest);
    const recent = rememberedParams(config, '?q=q256', () => { throw new Error('should be remembered'); });
    expect(recent.q).toBe('q256');
  });

  it('does not remember a query string that fails validation', () => {
    const config = parseConfig({});
    const invalid = () => parseSearchParams({ q: '   ' }, config);
    expect(() => rememberedParams(config, '?q=%20', invalid)).toThrow(/must not be empty/);
    expect(() => rememberedParams(config, '?q=%20', invalid)).toThrow(/must not be empty/);
  });
});
