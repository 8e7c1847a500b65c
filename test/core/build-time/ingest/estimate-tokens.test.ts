import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../../src/core/build-time/ingest/estimate-tokens';

describe('estimateTokens', () => {
  it('counts nothing for empty or whitespace-only text', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens(' \n\t\r\n ')).toBe(0);
  });

  it('charges ASCII words ceil(len / 8) and each punctuation mark 1 (hand-counted)', () => {
    expect(estimateTokens('Hello, world!')).toBe(4); // Hello , world !
    expect(estimateTokens('middleware')).toBe(2); // 10 letters
    expect(estimateTokens('abcdefgh')).toBe(1); // exactly 8
    expect(estimateTokens('a_b(c)')).toBe(6); // a _ b ( c )
    expect(estimateTokens('```python')).toBe(4); // ` ` ` python
  });

  it('charges CJK characters one each and other scripts ceil(len / 3)', () => {
    expect(estimateTokens('中文字')).toBe(3);
    expect(estimateTokens('привет')).toBe(2); // 6 Cyrillic letters
    expect(estimateTokens('Füße')).toBe(2); // "F" + "üße" (3 → 1)
  });

  it('ignores how whitespace is laid out', () => {
    expect(estimateTokens('one two  three')).toBe(estimateTokens('one\ntwo\r\n\tthree'));
  });

  it('charges a run of 8 or more of one rule character ceil(len / 16), shorter runs by the character (cl100k: 64 dashes are 1 token)', () => {
    expect(estimateTokens(`|${'-'.repeat(400)}|`)).toBe(27); // | + 25 + |
    expect(estimateTokens('='.repeat(16))).toBe(1);
    expect(estimateTokens('-------')).toBe(7); // 7: below the run length
    expect(estimateTokens('|---|---|')).toBe(9);
  });

  it('charges padding after text on a line, not indentation or a few spaces', () => {
    expect(estimateTokens(`| a${' '.repeat(40)}| b |`)).toBe(8); // | a, ceil(39 / 16) = 3, | b |
    expect(estimateTokens(`a
${' '.repeat(40)}b`)).toBe(2); // indentation: free
    expect(estimateTokens('a       b')).toBe(2); // 7 spaces: free
  });

  it('charges each no-break or other non-ASCII space 1 (cl100k gives each its own token)', () => {
    expect(estimateTokens('if\u00a0you\u00a0want')).toBe(5);
    expect(estimateTokens('a\u2009b\u3000c')).toBe(5);
  });

  it('lands in the 300–500 range for a ~400-word English paragraph', () => {
    // Per sentence: 10 words, "publishes" (9 letters) costing 2, plus the dot = 12.
    const text = 'The robot publishes its joint states at a fixed rate. '.repeat(40);
    expect(estimateTokens(text)).toBe(480);
  });
});
