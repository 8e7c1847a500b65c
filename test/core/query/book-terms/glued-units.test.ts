import { describe, expect, it } from 'vitest';
import { analyzeText, stemWord } from '../../../../src/core/common/bm25/index';
import { unitApart } from '../../../../src/core/query/book-terms/glued-units';
import { inBookWords } from '../../../../src/core/query/book-terms/in-book-words';
import { assessQueryTerms } from '../../../../src/core/query/book-terms/term-evidence';
import type { BookVocabulary } from '../../../../src/core/query/ports';

// A photography book's chunks, which set numbers and units apart as books do.
const CHUNKS = [
  'Use 1/200 s with a 200 mm lens held by hand.',
  'Tungsten bulbs are about 3200 K, midday sun 5500 K.',
  'A 50 mm prime lets in more light than a kit zoom.',
  'The histogram shows the brightness of every pixel.',
  'An ND filter cuts the light; the 4th stop is the last.',
];

function vocabulary(): BookVocabulary {
  const df = new Map<string, number>();
  for (const chunk of CHUNKS) for (const stem of new Set(analyzeText(chunk))) df.set(stem, (df.get(stem) ?? 0) + 1);
  return { n: CHUNKS.length, df: (stem) => df.get(stem) ?? 0, isOrdinary: () => true, bookStems: [...df.keys()] };
}

describe('unitApart', () => {
  const v = vocabulary();

  it('sets a number glued to a unit the book writes apart: "200mm", "3200k"', () => {
    expect(unitApart('200mm', v)).toEqual({ text: '200 mm', unitStem: 'mm' });
    expect(unitApart('3200k', v)).toEqual({ text: '3200 k', unitStem: 'k' });
  });

  it('leaves a unit the book never writes, a stopword unit, an ordinal, letters before digits and a bare number', () => {
    expect(unitApart('5kg', v)).toBeNull();
    expect(unitApart('250s', v)).toBeNull(); // "s" is a stopword: nothing of the book's to find
    expect(unitApart('nd8', v)).toBeNull();
    expect(unitApart('200', v)).toBeNull();
    expect(unitApart('200lenses', v)).toBeNull(); // more letters than a unit's symbol
    expect(unitApart('2nd', v)).toBeNull(); // an ordinal, though the book writes "ND"
  });

  it('is searched apart, as the book writes it, with no reading reported', () => {
    const read = inBookWords(v, 'blurry at 200mm');
    expect(read.text).toBe('blurry at 200 mm');
    expect(read.read).toEqual([]);
  });

  it('counts as the book\'s word for the term rule: a question about "3200K" is covered', () => {
    const evidence = assessQueryTerms(v, 'tungsten 3200K');
    expect(evidence.unknown).toEqual([]);
    expect(evidence.covered).toBe(true);
    expect(stemWord('3200k')).toBe('3200k'); // the glued form is one token the book never uses
    expect(v.df('3200k')).toBe(0);
  });
});
