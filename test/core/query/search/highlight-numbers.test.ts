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
});

describe('highlightPassage with a number', () => {
  it('gives the number whole, so a client marks the number the highlight was found by', () => {
    const content = '## Significant figures\n\nLeading zeros are never significant; they only place the decimal point: 0.0052 has two.';
    const highlight = highlightPassage(content, questionWeights('how many sig figs does 0.0052 have'))!;
    expect(highlight.terms).toEqual(['0.0052']);
    const [[from, to]] = markedSpans(highlight.text, highlight.terms) as [[number, number]];
    expect(highlight.text.slice(from, to)).toBe('0.0052');
  });
});
