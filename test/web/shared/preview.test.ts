/** What the demo page and the widget show first for a result of a book that hard-wraps its prose. */
import { describe, expect, it } from 'vitest';
import { previewOf, unwrapped } from '../../../src/web/shared/plain-words';
import type { SearchResult } from '../../../src/client/index';

const result = (content: string, highlight: SearchResult['highlight'] = null): SearchResult => ({ content, highlight }) as SearchResult;

describe('previewOf', () => {
  it('joins the lines of a hard-wrapped paragraph when there is no highlight, and drops italic markers', () => {
    const content = '## Spinning\n\nCotton was the industry that led the way. In 1750 most cloth was made in the home\nunder the "domestic" system, as *Wealth of Nations* says.';
    expect(previewOf(result(content), 320).text).toBe('Cotton was the industry that led the way. In 1750 most cloth was made in the home under the "domestic" system, as Wealth of Nations says.');
  });

  it('shows a quoted highlight without its quote marker', () => {
    const highlight = { text: '> "I shall leave a name execrated by every monopolist …', start: 0, end: 10, terms: ['name'] };
    expect(previewOf(result('> "I shall leave a name execrated by every monopolist … but"', highlight), 320).text).toBe('"I shall leave a name execrated by every monopolist …');
  });
});

describe('unwrapped', () => {
  it('keeps lists, tables, quotes, code and paragraph breaks line by line', () => {
    const text = ['Steps to take', 'in order:', '- one', '- two', '', '| a | b |', '|---|---|', '> quoted', '> more', '```', 'x = 1', 'y = 2', '```', 'After the code', 'it goes on.'].join('\n');
    expect(unwrapped(text)).toBe(['Steps to take in order:', '- one', '- two', '', '| a | b |', '|---|---|', '> quoted', '> more', '```', 'x = 1', 'y = 2', '```', 'After the code it goes on.'].join('\n'));
  });
});
