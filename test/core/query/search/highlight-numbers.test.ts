import { describe, expect, it } from 'vitest';
import { markedSpans } from '../../../../src/client/marked-spans';
import { highlightPassage } from '../../../../src/core/query/search/highlight';
import { withWholeNumbers } from '../../../../src/core/query/search/highlight-numbers';
import { questionWeights } from '../../../../src/core/query/search/question-weights';

describe('withWholeNumbers', () => {
  it('reads a number the question writes with a point or comma as one term', () => {
    expect(withWholeNumbers('The point: 0.0052 has two.', ['0', '0052'])).toEqual(['0.0052']);
    expect(withWholeNumbers('About 1,000 runs of 6.022 each.', ['1', '000', 'runs'])).toEqual(['1,000', 'runs']);
  });

  it('keeps a digit run that also stands alone, and leaves a number whose runs the question lacks', () => {
    expect(withWholeNumbers('At 0 °C, 0.0052 g dissolves.', ['0', '0052'])).toEqual(['0.0052', '0']);
    expect(withWholeNumbers('Blood sits at pH 7.4.', ['blood', '7'])).toEqual(['blood', '7']);
    expect(withWholeNumbers('No numbers here.', ['numbers'])).toEqual(['numbers']);
  });

  it('given the question, joins only a number it writes, not one made of its lone numbers', () => {
    // "step 1" asks about no "1.1": its digit runs are both the question's "1", but it wrote none.
    expect(withWholeNumbers('Step 1.1 sets the dough aside.', ['step', '1'], 'what is step 1')).toEqual(['step', '1']);
    expect(withWholeNumbers('The point: 0.0052 has two.', ['0', '0052'], 'how many sig figs does 0.0052 have')).toEqual(['0.0052']);
    // The same digit runs, grouped by a comma or a point (a European "1.000"), are the same number.
    expect(withWholeNumbers('About 1.000 runs.', ['1', '000', 'runs'], 'why 1,000 runs')).toEqual(['1.000', 'runs']);
  });
});

describe('highlightPassage with a number', () => {
  it('gives the number whole, so a client marks the number the highlight was found by', () => {
    const content = '## Significant figures\n\nLeading zeros are never significant; they only place the decimal point: 0.0052 has two.';
    const question = 'how many sig figs does 0.0052 have';
    const highlight = highlightPassage(content, questionWeights(question), { question })!;
    expect(highlight.terms).toEqual(['0.0052']);
    const [[from, to]] = markedSpans(highlight.text, highlight.terms) as [[number, number]];
    expect(highlight.text.slice(from, to)).toBe('0.0052');
  });

  it('marks no number the question did not write ("1.1" for "step 1")', () => {
    const question = 'what happens in step 1';
    expect(highlightPassage('Step 1.1 sets the dough aside to rest.', questionWeights(question), { question })!.terms).toEqual(['step', '1']);
  });
});
