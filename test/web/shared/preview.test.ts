/** What the demo page and the widget show first for a result of a book that hard-wraps its prose. */
import { describe, expect, it } from 'vitest';
import { bodyText } from '../../../src/client/inline-plain';
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

  it('starts below both headings of a page\'s first chunk (the page title and its first section)', () => {
    const content = '# Notice Periods\n\n## Giving notice as a tenant\n\n**Notice** is the written warning one side gives the other.';
    expect(previewOf(result(content), 320).text).toBe('Notice is the written warning one side gives the other.');
    expect(bodyText(content)).toBe('**Notice** is the written warning one side gives the other.');
    expect(bodyText('## Only a heading')).toBe('');
  });

  it('leaves out a task list\'s box, as it leaves out the list marker', () => {
    const highlight = { text: '- [ ] Take meter readings for gas', start: 0, end: 33, terms: ['meter'] };
    expect(previewOf(result('- [ ] Take meter readings for gas', highlight), 320).text).toBe('Take meter readings for gas');
    const checked = { text: '* [x] Count the keys', start: 0, end: 20, terms: ['keys'] };
    expect(previewOf(result('* [x] Count the keys', checked), 320).text).toBe('Count the keys');
    expect(previewOf(result('## In the first month\n\n- [ ] Confirm the deposit\n- [X] Insure your things\n- [link](a.md) stays'), 320).text).toBe('- Confirm the deposit\n- Insure your things\n- link stays');
  });

  it("reads a later sub-section's heading as its words, without its marks, when there is no highlight", () => {
    const content = '## Right ascension and declination\n\nCatalogues use the **equatorial system**.\n\n### Declination (Dec) ###\n\nDeclination is the celestial latitude.';
    expect(previewOf(result(content), 320).text).toBe('Catalogues use the equatorial system.\n\nDeclination (Dec)\n\nDeclination is the celestial latitude.');
  });

  it('reads a table as its rows of cells, without its pipes and delimiter row, when there is no highlight', () => {
    const content = '## Typical magnitudes\n\n| Object | Apparent magnitude |\n|:---|---:|\n| Sun | −26.7 |\n| **Full Moon** | −12.7 |\n\nSmaller is brighter.';
    expect(previewOf(result(content), 320).text).toBe('Object · Apparent magnitude\nSun · −26.7\nFull Moon · −12.7\n\nSmaller is brighter.');
  });

  it('reads a quotation without its "> " when there is no highlight (a formula set as a quote), in code too as written', () => {
    const content = '## The rule\n\nProduce the quantity where\n\n> **MR = MC**\n>\n> > nested';
    expect(previewOf(result(content), 320).text).toBe('Produce the quantity where\n\nMR = MC\n\nnested');
    expect(previewOf(result('Run:\n\n```\n> prompt\n```'), 320).text).toBe('Run:\n\n```\n> prompt\n```');
  });

  it('cuts a long preview between words, or at the limit when no space is near it', () => {
    expect(previewOf(result('The firm makes 4 trays. Using the bakery'), 26).text).toBe('The firm makes 4 trays.…');
    expect(previewOf(result('The firm makes 4 trays here. More'), 28).text).toBe('The firm makes 4 trays here.…');
    expect(previewOf(result('See https://example.org/a/very/long/path/to/a/page'), 20).text).toBe('See https://example.…');
    // No space at all: cut at the limit, not one past it.
    expect(previewOf(result('x'.repeat(40)), 20).text).toBe(`${'x'.repeat(20)}…`);
  });

  it('keeps a comment line of a fenced code block as written', () => {
    expect(previewOf(result('Install it:\n\n```bash\n# as root\napt install gimp\n```\n\n## Next'), 320).text).toBe('Install it:\n\n```bash\n# as root\napt install gimp\n```\n\nNext');
  });
});

describe('unwrapped', () => {
  it('keeps lists, tables, quotes, code and paragraph breaks line by line', () => {
    const text = ['Steps to take', 'in order:', '- one', '- two', '', '| a | b |', '|---|---|', '> quoted', '> more', '```', 'x = 1', 'y = 2', '```', 'After the code', 'it goes on.'].join('\n');
    expect(unwrapped(text)).toBe(['Steps to take in order:', '- one', '- two', '', '| a | b |', '|---|---|', '> quoted', '> more', '```', 'x = 1', 'y = 2', '```', 'After the code it goes on.'].join('\n'));
  });

  it('joins a hard-wrapped list item\'s indented continuation lines to the item, as a browser does', () => {
    const text = ['- **Slouching.** Press the hands down; if the', '  lower back pinches, stop.', '- two', '1. Step one wraps', '   onto a second line', '   and a third.', '2. Step two'].join('\n');
    expect(unwrapped(text)).toBe(['- **Slouching.** Press the hands down; if the lower back pinches, stop.', '- two', '1. Step one wraps onto a second line and a third.', '2. Step two'].join('\n'));
  });

  it('keeps a nested list item, a code block, a paragraph after a blank line and a hard break on their own lines', () => {
    const text = ['- parent item', '  - nested item', '  wrapped nested', '- item', '', '      code line', '- item', '  ```', '  x = 1', '  ```', '- `--help`  ', '  `-h`: a hard break'].join('\n');
    expect(unwrapped(text)).toBe(['- parent item', '  - nested item wrapped nested', '- item', '', '      code line', '- item', '  ```', '  x = 1', '  ```', '- `--help`  ', '  `-h`: a hard break'].join('\n'));
  });
});
