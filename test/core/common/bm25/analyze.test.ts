import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../../src/core/common/bm25/analyze';
import { reference } from './reference-fixture';

describe('analyzeText', () => {
  it('has the 20 reference cases', () => {
    expect(reference.cases.length).toBe(20);
  });

  for (const c of reference.cases) {
    it(`gives the server's stems for case "${c.name}"`, () => {
      expect(analyzeText(c.text)).toEqual(c.tokens);
    });
  }

  it('keeps duplicates in text order', () => {
    expect(analyzeText('walk robots walked robot')).toEqual(['walk', 'robot', 'walk', 'robot']);
  });

  it('handles CRLF text and non-ASCII words', () => {
    // The micro sign µ (U+00B5) is read as NFKC reads it, Greek μ (U+03BC), as a question is.
    expect(analyzeText('Cafés\r\nnaïve µm ±5°C')).toEqual(['café', 'naïv', 'μm', '5', 'c']);
  });

  it('returns nothing for empty input', () => {
    expect(analyzeText('')).toEqual([]);
    expect(analyzeText('\r\n  \t')).toEqual([]);
  });
});
