import { describe, expect, it } from 'vitest';
import { closeLetterHyphens } from '../../../../src/core/query/search/letter-compound';
import { definitionPriors } from '../../../../src/core/query/search/definition-query';
import { definedTerms, headingTerms } from '../../../../src/core/build-time/ingest/defined-terms';

describe('closeLetterHyphens (a single letter hyphened to a word is one word)', () => {
  it('closes up a letter\'s hyphen to the word after it, in any case and script', () => {
    expect(closeLetterHyphens('U-value of a wall')).toBe('Uvalue of a wall');
    expect(closeLetterHyphens('the k-d tree and B-Tree')).toBe('the kd tree and BTree');
    expect(closeLetterHyphens('--g-fatal-warnings')).toBe('--gfatal-warnings');
  });

  it('leaves a hyphen after a longer word, a number or before a digit alone', () => {
    expect(closeLetterHyphens('two-factor, 3-D, x86-64 and A-1')).toBe('two-factor, 3-D, x86-64 and A-1');
  });

  it('keys a letter-hyphen term the same way at ingest and in the question, so a question about the bare word is not its', () => {
    expect(definedTerms('A **U-value** is the rate at which heat passes through a wall.')).toEqual(['uvalu']);
    expect(definitionPriors('What is a U-value?')[0]!.any).toEqual(['uvalu']);
    expect(definedTerms('### B-Tree\n\nB-trees can handle equality and range queries.')).toEqual(['btree']);
    expect(definitionPriors('What is a B-tree index?')[0]!.any).toContain('btree index');
    // The heading prior asks for the head as the heading's stems record it.
    expect(headingTerms('t-Test: Paired Two Sample for Means Tool', 'Hypothesis tests')).toContain('ttest');
    expect(definitionPriors('What is a t-test?')[1]).toEqual({ key: 'heading_terms', any: ['ttest'], factor: expect.any(Number) });
  });
});
