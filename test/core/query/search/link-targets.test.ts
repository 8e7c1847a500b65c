import { describe, expect, it } from 'vitest';
import { highlightPassage } from '../../../../src/core/query/search/highlight';
import { insideRanges, linkTargetRanges } from '../../../../src/core/query/search/link-targets';
import { questionWeights } from '../../../../src/core/query/search/question-weights';

describe('linkTargetRanges', () => {
  it("finds each link's and image's target, parentheses included, and no label", () => {
    const text = 'See [the guide](../01-getting-started/setup.md) and ![a saw](/img/saw.png "Saw").';
    const ranges = linkTargetRanges(text);
    expect(ranges.map(([a, b]) => text.slice(a, b))).toEqual(['(../01-getting-started/setup.md)', '(/img/saw.png "Saw")']);
  });

  it('reads a target in angle brackets, and one with paired parentheses, whole', () => {
    const text = '[a](<my file.md>) and [b](https://en.wikipedia.org/wiki/Plane_(tool)) end';
    expect(linkTargetRanges(text).map(([a, b]) => text.slice(a, b))).toEqual(['(<my file.md>)', '(https://en.wikipedia.org/wiki/Plane_(tool))']);
  });

  it('reads a reference-style definition line whole, and no footnote nor a bracketed word before prose', () => {
    const text = 'Read about [kickback][k] first.\n\n[k]: ../01-getting-started/01-shop-safety.md#kickback "Kickback"\n[^1]: Shelley\'s poem.\n[Note]: mind the blade.\n\n  [guide]: <my guide.md>';
    expect(linkTargetRanges(text).map(([a, b]) => text.slice(a, b))).toEqual(['[k]: ../01-getting-started/01-shop-safety.md#kickback "Kickback"', '  [guide]: <my guide.md>']);
    const mixed = 'See [a](a.md).\n\n[b]: b.md\nand [c](c.md).';
    expect(linkTargetRanges(mixed).map(([a, b]) => mixed.slice(a, b))).toEqual(['(a.md)', '[b]: b.md', '(c.md)']);
  });

  it("reads a definition line inside a paragraph as the paragraph's text, which the page shows", () => {
    // CommonMark: a definition cannot interrupt a paragraph, so "[b]: b.md" under "See …" is prose.
    const inside = 'See [a](a.md).\n[b]: b.md\nand [c](c.md).';
    expect(linkTargetRanges(inside).map(([a, b]) => inside.slice(a, b))).toEqual(['(a.md)', '(c.md)']);
    // Under a heading, under another definition and at the text's start it is one.
    const block = '[a]: a.md\n[b]: b.md\n## Links\n[c]: c.md';
    expect(linkTargetRanges(block).map(([a, b]) => block.slice(a, b))).toEqual(['[a]: a.md', '[b]: b.md', '[c]: c.md']);
  });

  it('reads a long run of spaces after "](" in one pass, with or without a link there', () => {
    // The spaces before a target, before its title and before ")" were three ways to split one run:
    // "](" then 150,000 spaces took about a minute (the Worker reads every result's content so).
    const spaces = ' '.repeat(150_000);
    expect(linkTargetRanges(`[a](${spaces}x`)).toEqual([]);
    expect(linkTargetRanges(`[a](${spaces})`)).toEqual([[3, 150_005]]);
    const titled = `[a](${spaces}'T x')`;
    expect(linkTargetRanges(titled)).toEqual([[3, titled.length]]);
  });

  it('finds nothing in text without links, or in brackets that are no link', () => {
    expect(linkTargetRanges('a [note] (aside) here')).toEqual([]);
    expect(linkTargetRanges('plain text')).toEqual([]);
  });

  it('reads no link in inline code: an index then a call is code ("`fs[[1]](data)`")', () => {
    const text = 'Call `fs[[1]](data)` or `h[k](x)`, then see [the list](lists.md).';
    expect(linkTargetRanges(text).map(([a, b]) => text.slice(a, b))).toEqual(['(lists.md)']);
  });
});

describe('insideRanges', () => {
  it('tells indexes inside a range from those outside, asked in order', () => {
    const inside = insideRanges([[5, 10], [20, 25]]);
    expect([0, 5, 9, 10, 19, 20, 24, 25, 40].map(inside)).toEqual([false, true, true, false, false, true, true, false, false]);
  });
});

describe('highlightPassage and link targets', () => {
  const linked = 'Use the blade guard and push sticks, and read the section on [kickback](../01-fitting-blades/01-shop-safety.md#kickback).';
  const content = `${linked}\n\nTo get clean crosscuts, fit a crosscut blade of 60 to 80 teeth.`;
  const question = questionWeights('what blade should I fit to my table saw');

  it("matches no question word in a link's path, which the reader never sees", () => {
    // The path's "fitting" made the first sentence the second's equal, and the first of equals won.
    expect(highlightPassage(content, question)!.text).toMatch(/^To get clean crosscuts/);
    expect(highlightPassage(linked, question)!.terms).toEqual(['blade']);
  });

  it('matches the words of a code line that indexes and calls, which is no link', () => {
    const code = 'Dispatch on the kind.\n\n```python\nresult = handlers[kind](payload)\n```';
    const highlight = highlightPassage(code, questionWeights('how do I pass the payload'))!;
    expect(highlight.text).toBe('result = handlers[kind](payload)');
    expect(highlight.terms).toEqual(['payload']);
    expect(highlightPassage('Call it as `fs[[1]](data)` here.', questionWeights('call with data'))!.terms).toEqual(['call', 'data']);
  });

  it("matches no question word in a reference-style definition's path, a line the page never shows", () => {
    const referenced = 'Wear eye protection in the [shop][s] at all times.\n\n[s]: ../01-basics/shop-safety-rules.md';
    const highlight = highlightPassage(referenced, questionWeights('shop safety rules'))!;
    expect(highlight.text).toMatch(/^Wear eye protection/);
    expect(highlight.terms).toEqual(['shop']);
  });

  it("still matches the link's label", () => {
    const highlight = highlightPassage(content, questionWeights('what is kickback'))!;
    expect(highlight.text).toMatch(/^Use the blade guard/);
    expect(highlight.terms).toEqual(['kickback']);
  });
});
