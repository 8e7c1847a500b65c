import { describe, expect, it } from 'vitest';
import { itemSpans } from '../../../../src/core/common/text/item-spans';

const texts = (text: string, spans: [number, number][]): string[] => spans.map(([s, e]) => text.slice(s, e));

describe('itemSpans', () => {
  it('joins a hard-wrapped list item\'s lines and cuts the item into its sentences', () => {
    const text = '- **Poolish**: flour and water with a pinch of yeast,\n  left 12 hours. Liquid and bubbly.\n- **Biga**: a stiff one.';
    expect(texts(text, itemSpans(text, 0, text.length))).toEqual(['- **Poolish**: flour and water with a pinch of yeast,\n  left 12 hours.', 'Liquid and bubbly.', '- **Biga**: a stiff one.']);
    const numbered = '1. Keep a separate toaster; crumbs are enough to\n   harm someone.\n2. Store the flour apart.';
    expect(texts(numbered, itemSpans(numbered, 0, numbered.length))).toEqual(['1. Keep a separate toaster; crumbs are enough to\n   harm someone.', '2. Store the flour apart.']);
  });

  it('keeps table rows, code lines and lines after a blank line apart', () => {
    const table = '| a | b |\n|---|---|\n| 1 | 2 |\nProse under the table\nwraps here.';
    expect(texts(table, itemSpans(table, 0, table.length))).toEqual(['| a | b |', '|---|---|', '| 1 | 2 |', 'Prose under the table\nwraps here.']);
    const code = '- item\n```\nline one\nline two\n```';
    expect(texts(code, itemSpans(code, 0, code.length))).toEqual(['- item', '```', 'line one', 'line two', '```']);
    const apart = '- item\n\nNew paragraph.';
    expect(texts(apart, itemSpans(apart, 0, apart.length))).toEqual(['- item', 'New paragraph.']);
    // A thematic break right under an item is a rule, not the item's wrapped line.
    for (const rule of ['---', '***', '_ _ _', '===']) {
      const ruled = `- item\n${rule}\nNext section.`;
      expect(texts(ruled, itemSpans(ruled, 0, ruled.length))).toEqual(['- item', rule, 'Next section.']);
    }
  });

  it('joins a hard-wrapped quotation\'s lines while its sentence goes on, and cuts it into sentences', () => {
    const quote = '> "So act that you use humanity always at\n> the same time as an end." (4:429) It is\n> the second.';
    expect(texts(quote, itemSpans(quote, 0, quote.length))).toEqual(['> "So act that you use humanity always at\n> the same time as an end."', '(4:429) It is\n> the second.']);
  });

  it('keeps a quotation\'s lines apart after a sentence end, at another depth, a list item or a blank quote line', () => {
    const premises = '> P1. It is wrong to cause needless pain.\n> P2. Farming causes needless pain';
    expect(texts(premises, itemSpans(premises, 0, premises.length))).toEqual(['> P1. It is wrong to cause needless pain.', '> P2. Farming causes needless pain']);
    const nested = '> Outer line that goes on\n>> an inner reply';
    expect(texts(nested, itemSpans(nested, 0, nested.length))).toEqual(['> Outer line that goes on', '>> an inner reply']);
    const listed = '> The steps are\n> - first';
    expect(texts(listed, itemSpans(listed, 0, listed.length))).toEqual(['> The steps are', '> - first']);
    const parted = '> A paragraph that stops\n>\n> A new one';
    expect(texts(parted, itemSpans(parted, 0, parted.length))).toEqual(['> A paragraph that stops', '>', '> A new one']);
  });
});
