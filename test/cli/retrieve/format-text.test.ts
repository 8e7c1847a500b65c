/** The CLI's one-line preview reads markdown as the demo page's preview does. */
import { describe, expect, it } from 'vitest';
import { formatSearchText, highlightLine, PREVIEW_CHARS, previewLine, timingLine } from '../../../src/cli/retrieve/format-text';
import type { SearchOutcome } from '../../../src/core/query/search/search-outcome';
import { linesPlain } from '../../../src/client/inline-plain';

describe('previewLine', () => {
  it('shows a link as its label and drops bold and code markers', () => {
    expect(previewLine('Check [the headset](../05-wheels/02-headset.md) first.\nUse **5 N·m** on `stem` bolts.')).toBe('Check the headset first. Use 5 N·m on stem bolts.');
  });

  it('drops italic and quote markers: a quoted source with a title in italics reads as prose', () => {
    expect(previewLine('> "I sell here, sir, what all the world desires"\n> — Boulton, in *Life of Johnson*')).toBe('"I sell here, sir, what all the world desires" — Boulton, in Life of Johnson');
    expect(previewLine('witnessed the massacre.[^1]\n\n[^1]: Shelley\'s poem was published in 1832.')).toBe('witnessed the massacre. Shelley\'s poem was published in 1832.');
    expect(previewLine('Use 2 * 3 * 4 and robot_description; see _category_.json.')).toBe('Use 2 * 3 * 4 and robot_description; see _category_.json.');
  });

  it('drops the leading headings (a page title and its first section) and cuts a long line with an ellipsis', () => {
    expect(previewLine('## Nodes\n\nA node is a process.')).toBe('A node is a process.');
    expect(previewLine('# Working safely\n\n## Turning off the power\n\nBefore you touch any wire, switch off the breaker.')).toBe('Before you touch any wire, switch off the breaker.');
    const long = previewLine(`${'word '.repeat(200)}`);
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThan(200);
  });

  it("reads a later sub-section's heading as its words, without its marks", () => {
    expect(previewLine('## Coordinates\n\nCatalogues use RA.\n\n### Declination (Dec)\n\nIt is latitude.')).toBe('Catalogues use RA. Declination (Dec): It is latitude.');
  });

  it('reads a table as its rows of cells, one row after another', () => {
    expect(previewLine('| Object | Magnitude |\n|---|---|\n| Sun | −26.7 |\n| Vega | 0.03 |\n\nSmaller is brighter.')).toBe('Object · Magnitude / Sun · −26.7 / Vega · 0.03 Smaller is brighter.');
  });

  it('reads a list item as the demo page does: a highlight without its marker, a task list without its boxes', () => {
    expect(previewLine('- [ ] Take meter readings for gas')).toBe('Take meter readings for gas');
    expect(previewLine('- Condensation happens when warm air meets a cold wall.')).toBe('Condensation happens when warm air meets a cold wall.');
    expect(previewLine('## In the first month\n\n- [ ] Confirm the deposit\n- [x] Insure your things')).toBe('- Confirm the deposit - Insure your things');
  });
});

describe('highlightLine', () => {
  it('shows a highlight as the demo page does: a table row as its cells, a list item without its bullet', () => {
    expect(highlightLine('| | Mitosis | Meiosis |')).toBe('Mitosis · Meiosis');
    expect(highlightLine('- **Meiosis II** separates the sister chromatids.')).toBe('Meiosis II separates the sister chromatids.');
    expect(highlightLine('2. The **Krebs cycle** breaks pyruvate down.')).toBe('The Krebs cycle breaks pyruvate down.');
    expect(highlightLine('> "I sell here, sir"')).toBe('"I sell here, sir"');
    expect(highlightLine('- [ ] Take meter readings on the day you move in.')).toBe('Take meter readings on the day you move in.'); // a task item's box too
    for (const text of ['| | Mitosis | Meiosis |', '- a **cell wall** of cellulose', '…energy and use it to build glucose']) expect(highlightLine(text)).toBe(linesPlain(text));
    expect(highlightLine(`- ${'word '.repeat(200)}`).endsWith('…')).toBe(true);
  });

  it('cuts a long highlight between words, and from shortly before its first marked word when the cut would leave that out', () => {
    const sentence = 'In manual systems the busy types of transaction have their own **day books** (special journals): a sales day book for credit sales invoices, a purchases day book for supplier bills, a cash book for bank receipts and payments.';
    const head = highlightLine(sentence, ['day', 'books']);
    expect(head).toBe('In manual systems the busy types of transaction have their own day books (special journals): a sales day book for…');
    expect(head.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    const late = highlightLine(sentence, ['bank']);
    expect(late.startsWith('…')).toBe(true);
    expect(late).toContain('a cash book for bank receipts and payments.');
    expect(late.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    expect(highlightLine(sentence)).toBe(head); // no marked words: the start, as before
    const url = highlightLine(`See ${'x'.repeat(300)}`);
    expect(url.length).toBe(PREVIEW_CHARS); // one word longer than the line is cut inside it
  });
});

describe('formatSearchText', () => {
  it("previews a highlighted table row with its columns' names, as the demo page does", () => {
    const content = '## Profiles\n\n| Profile | Reliability | Durability |\n|---|---|---|\n| sensor_data | Best effort | Volatile |';
    const start = content.indexOf('| sensor_data');
    const result = { rank: 1, score: 0.9, title: 'QoS', section: 'Profiles', section_url: '/qos#profiles', source: 'qos.md:1-5', content, highlight: { text: content.slice(start), start, end: content.length, terms: ['sensor'] } };
    const doc = { query: 'sensor data', mode: 'hybrid', collection: 'c', store: { kind: 'embedded' }, top_k: 1, top_k_requested: 1, top_k_clamped: false, results: [result], summary: { warnings: [] }, timing: { embed_ms: 0, search_ms: 1, total_ms: 1 } } as unknown as SearchOutcome;
    expect(formatSearchText(doc, { elapsedMs: 1 })).toContain('   Preview: Profile: sensor_data · Reliability: Best effort · Durability: Volatile\n');
  });

  it('names and links the section the preview lies under when the Worker says it is a later heading', () => {
    const content = '## Via Size\n\nVias are drilled.\n\n## Track Width\n\nWide tracks carry more current.';
    const start = content.indexOf('Wide');
    const highlight = { text: content.slice(start), start, end: content.length, terms: ['tracks'] };
    const result = { rank: 1, score: 0.9, title: 'Board setup', section: 'Via Size', section_url: '/pcb#via-size', content, highlight: { ...highlight, section: 'Track Width', section_url: '/pcb#track-width' } };
    const doc = { query: 'wide tracks', mode: 'hybrid', collection: 'c', store: { kind: 'embedded' }, top_k: 1, top_k_requested: 1, top_k_clamped: false, results: [result], summary: { warnings: [] }, timing: { embed_ms: 0, search_ms: 1, total_ms: 1 } } as unknown as SearchOutcome;
    expect(formatSearchText(doc, { elapsedMs: 1 })).toContain('   Section: Track Width\n   URL: /pcb#track-width\n');
    // An older server or collection sends no heading with the highlight: the chunk's own label and link.
    const older = { ...doc, results: [{ ...result, highlight }] } as unknown as SearchOutcome;
    expect(formatSearchText(older, { elapsedMs: 1 })).toContain('   Section: Via Size\n   URL: /pcb#via-size\n');
  });

  it('keeps the marked word of a long labelled row in the preview when its cells hold runs of spaces', () => {
    const cell = `a${' '.repeat(41)}b`;
    const content = `| One | Two | Three |\n|---|---|---|\n| ${cell} | ${'word '.repeat(10)}| the sensor value ${'more '.repeat(22)}|`;
    const start = content.lastIndexOf('\n') + 1;
    const result = { rank: 1, score: 0.9, title: 'T', section: 'S', content, highlight: { text: content.slice(start), start, end: content.length, terms: ['sensor'] } };
    const doc = { query: 'sensor', mode: 'hybrid', collection: 'c', store: { kind: 'embedded' }, top_k: 1, top_k_requested: 1, top_k_clamped: false, results: [result], summary: { warnings: [] }, timing: { embed_ms: 0, search_ms: 1, total_ms: 1 } } as unknown as SearchOutcome;
    const preview = formatSearchText(doc, { elapsedMs: 1 }).split('\n').find((line) => line.startsWith('   Preview: '))!;
    expect(preview).toContain('the sensor value');
  });
});

describe('timingLine', () => {
  it('gives the answer\'s timings, a measured 0 ms included: whether they were measured is whether they were reported', () => {
    expect(timingLine({ embed_ms: 1.25, search_ms: 4, total_ms: 6.5 }, false)).toBe('Timing: embed 1.3 ms / search 4.0 ms / total 6.5 ms');
    expect(timingLine({ embed_ms: 0, search_ms: 0, total_ms: 0 }, false)).toBe('Timing: embed 0.0 ms / search 0.0 ms / total 0.0 ms');
    expect(timingLine({}, false)).toBe('Timing: not reported; the count line gives the wall clock');
  });

  it('names the Worker\'s clock on a Worker\'s line, whatever the values, and says when the Worker reported none', () => {
    const clock = "Timing (the Worker's clock, which moves only across I/O)";
    expect(timingLine({ embed_ms: 0, search_ms: 0, total_ms: 0 }, true)).toBe(`${clock}: embed 0.0 ms / search 0.0 ms / total 0.0 ms`);
    expect(timingLine({ embed_ms: 2, search_ms: 30, total_ms: 33 }, true)).toBe(`${clock}: embed 2.0 ms / search 30.0 ms / total 33.0 ms`);
    expect(timingLine({}, true)).toBe('Timing: not reported by the Worker; the count line gives the wall clock');
  });
});
