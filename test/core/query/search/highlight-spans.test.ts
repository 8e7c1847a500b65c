import { describe, expect, it } from 'vitest';
import { candidateSpans } from '../../../../src/core/query/search/highlight-spans';
import { highlightPassage } from '../../../../src/core/query/search/highlight';
import { questionWeights } from '../../../../src/core/query/search/question-weights';
import { expectLinearGrowth } from '../../../support/linear-growth';

const texts = (content: string): string[] => candidateSpans(content, 480).map(({ span }) => content.slice(span[0], span[1]));

describe('candidateSpans', () => {
  it('gives sentences of prose and skips headings, marking the span after one as a gap', () => {
    const content = '## Storage\n\nKeep it dry. Freeze the rest.';
    expect(texts(content)).toEqual(['Keep it dry.', 'Freeze the rest.']);
    expect(candidateSpans(content, 480).map((c) => c.gap)).toEqual([true, false]);
  });

  it('skips a heading inside a quotation as it skips one outside, marking the span after it as a gap', () => {
    // A help page's note box, quoted, opens with its own heading: "> ### Quickly turn bounce keys on
    // and off" was the highlight for "bounce keys", a heading the preview showed with its "###".
    const content = '> ### Quickly turn bounce keys on and off\n>\n> You can turn bounce keys on and off from the menu.';
    // (The quotation's blank line is a span of no words, as it was: it never scores.)
    expect(texts(content)).toEqual(['>', '> You can turn bounce keys on and off from the menu.']);
    expect(candidateSpans(content, 480)[0]!.gap).toBe(true);
    expect(highlightPassage(content, questionWeights('bounce keys'))!.text).toBe('> You can turn bounce keys on and off from the menu.');
    expect(texts('> > ## Nested\n> > Text here.')).toEqual(['> > Text here.']);
    // A quoted line that is no heading stays: "#1" has no space after its mark.
    expect(texts('> #1 rule: keep it dry.')).toEqual(['> #1 rule: keep it dry.']);
  });

  it("skips a heading's tail past a sentence end in it: the heading's words, no sentence under it", () => {
    // A question-and-answer page's heading: its tail "How do I remove it from the program?" was the
    // highlight for a question holding "program", over the answer under it.
    const content = '## I added a custom location. How do I remove it from the program?\n\nSelect it in the list and press Remove.';
    expect(texts(content)).toEqual(['Select it in the list and press Remove.']);
    expect(candidateSpans(content, 480)[0]!.gap).toBe(true);
    expect(highlightPassage(content, questionWeights('remove a location from the program'))!.text).toBe('Select it in the list and press Remove.');
  });

  it("reads a long line's sentences in linear time while looking for a heading's tail", () => {
    // Each sentence looked back to its line's start for a heading: a line of 300,000 characters
    // (27,000 sentences) took seconds. A quoted heading's tail on a later line is still skipped.
    const content = (n: number) => `${'Word here. '.repeat(n)}\n\n> ## Added one. How do I remove it?\n\nPress Remove.`;
    expectLinearGrowth((n) => { const text = content(n); return () => candidateSpans(text, 480); }, 3_500);
    const spans = candidateSpans(content(27_000), 480);
    expect(spans).toHaveLength(27_001);
    expect(content(27_000).slice(...spans[spans.length - 1]!.span)).toBe('Press Remove.');
    expect(spans[spans.length - 1]!.gap).toBe(true);
  });

  it('skips a numbered heading whole: its words are no sentence of the paragraph under it', () => {
    const content = '## 3. Tone: highlights and whites\n\n- **Highlights** down recovers a bright sky.\n- **Whites** set the end.';
    expect(texts(content)).toEqual(['- **Highlights** down recovers a bright sky.', '- **Whites** set the end.']);
    expect(candidateSpans(content, 480)[0]!.gap).toBe(true);
  });

  it('marks the spans that open a list item and the later sentences of one, up to a blank line', () => {
    const content = 'Modes:\n- Av: pick it. Most useful.\n  Try it.\n- Tv: pick speed.\n\nNext paragraph.';
    const flags = candidateSpans(content, 480).map((c) => [content.slice(c.span[0], c.span[1]), c.opensItem, c.itemTail]);
    expect(flags).toEqual([['Modes:', false, false], ['- Av: pick it.', true, false], ['Most useful.', false, true], ['Try it.', false, true], ['- Tv: pick speed.', true, false], ['Next paragraph.', false, false]]);
  });

  it('marks a table\'s body rows, and skips its header row and delimiter row as structure', () => {
    const content = '| Method | Keeps |\n|---|:---:|\n| Bag | 2 days |\n| Freezer | 3 months |';
    const spans = candidateSpans(content, 480);
    expect(texts(content)).toEqual(['| Bag | 2 days |', '| Freezer | 3 months |']);
    expect(spans.map((c) => [c.row, c.gap])).toEqual([[true, true], [true, false]]);
    // A row that is not over a delimiter row is a body row.
    expect(texts('| Bag | 2 days |\n| Freezer | 3 months |')).toEqual(['| Bag | 2 days |', '| Freezer | 3 months |']);
  });

  it('treats a table without outer pipes as a piped one: its header row skipped, its body rows marked', () => {
    const content = 'Keys:\r\n\r\nKey | Action\r\n--- | ---\r\nspace | scroll forward\r\nb | scroll back\r\nPress q to quit.';
    const spans = candidateSpans(content, 480).map((c) => [content.slice(c.span[0], c.span[1]).trim(), c.row]);
    expect(spans).toEqual([['Keys:', false], ['space | scroll forward', true], ['b | scroll back', true], ['Press q to quit.', false]]);
  });

  it('marks a callout\'s title line as a gap, so the sentence before the box is not joined to it', () => {
    const content = 'Grams over grams per mole leave moles.\n\nTip: Which way do I convert?\nDraw the mole map first.';
    const spans = candidateSpans(content, 480).map((c) => [content.slice(c.span[0], c.span[1]), c.gap]);
    expect(spans).toEqual([['Grams over grams per mole leave moles.', false], ['Tip: Which way do I convert?', true], ['Draw the mole map first.', false]]);
    // A prose sentence that opens with a kind's word and goes on past it on its line is no title.
    expect(candidateSpans('Keep it dry. Note: verbal orders are rare. Read them back.', 480).map((c) => c.gap)).toEqual([false, false, false]);
  });

  it('reads a hard-wrapped list item as one span and code line by line', () => {
    const content = 'Steps:\n\n- Feed the starter and\n  leave it overnight.\n- Mix.\n\n```sh\nmake\nmake install\n```';
    expect(texts(content)).toEqual(['Steps:', '- Feed the starter and\n  leave it overnight.', '- Mix.', 'make', 'make install']);
    expect(candidateSpans(content, 480).filter((c) => c.code).length).toBe(2);
  });

  it('marks a callout\'s title line as a gap when it opens a paragraph, and a wrapped "Note:" line as none', () => {
    const content = 'Have the brakes inspected.\n\nWarning: Pedal goes to the floor.\nPump it and stop.\n\n> Tip:\n> Keep a log.';
    const spans = candidateSpans(content, 480).map((c) => [content.slice(c.span[0], c.span[1]), c.gap]);
    expect(spans).toEqual([['Have the brakes inspected.', false], ['Warning: Pedal goes to the floor.', true], ['Pump it and stop.', false], ['> Tip:\n> Keep a log.', true]]);
    // A sentence of a hard-wrapped paragraph that starts a line with a kind's word is the paragraph's.
    const wrapped = 'Read the dial as follows.\nNote: the needle lags a second.';
    expect(candidateSpans(wrapped, 480).map((c) => c.gap)).toEqual([false, false]);
  });

  it('reads a "Note: …" paragraph of prose as no box, as the lead-in rule does (lowercase opening or long)', () => {
    expect(candidateSpans('Each key names a row.\n\nNote: the key must be unique.', 480).map((c) => c.gap)).toEqual([false, false]);
    const long = 'Each key names a row.\n\nNote: The keys of a table cannot be given twice, so the insert that repeats one fails at once.';
    expect(candidateSpans(long, 480).map((c) => c.gap)).toEqual([false, false]);
    // A title written as ingest writes it still opens a box.
    expect(candidateSpans('Each key names a row.\n\nNote: Unique keys.\nThe key must be unique.', 480).map((c) => c.gap)).toEqual([false, true, false]);
  });
});
