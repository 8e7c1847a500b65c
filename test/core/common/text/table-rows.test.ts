/** The delimiter-row patterns the highlight and the sentence splitter share. */
import { describe, expect, it } from 'vitest';
import { DELIMITER_ROW, HEADER_OVER_DELIMITER, INNER_PIPE_DELIMITER_ROW, PIPELESS_DELIMITER_ROW } from '../../../../src/core/common/text/table-rows';

describe('table delimiter rows', () => {
  it('reads a delimiter row with or without outer pipes and alignment colons', () => {
    for (const row of ['|---|---|', '| :--- | ---: |', '  |:-:|', '--- | ---', '---']) expect(DELIMITER_ROW.test(row), row).toBe(true);
    for (const line of ['| a | b |', '- item', 'a - b', '|---|x|']) expect(DELIMITER_ROW.test(line), line).toBe(false);
  });

  it('finds a header row over its delimiter row, with its indent', () => {
    const text = 'Intro.\n  | Key | Action |\n  |---|---|\n  | b | back |';
    const [match] = [...text.matchAll(new RegExp(HEADER_OVER_DELIMITER))];
    expect(match!.index + match![1]!.length).toBe(text.indexOf('| Key'));
  });

  it('tells a table without outer pipes by an inner pipe between cells of three hyphens', () => {
    expect(INNER_PIPE_DELIMITER_ROW.test('Key | Action\n--- | ---\nb | back')).toBe(true);
    expect(INNER_PIPE_DELIMITER_ROW.test('|---|---|')).toBe(true);
    expect(INNER_PIPE_DELIMITER_ROW.test('a\n---\nb')).toBe(false); // a thematic break is no table
    expect(INNER_PIPE_DELIMITER_ROW.test('- | -')).toBe(false); // too short to be one
    expect(PIPELESS_DELIMITER_ROW.test('Key | Action\n--- | :---:')).toBe(true);
    expect(PIPELESS_DELIMITER_ROW.test('|---|---|')).toBe(false); // a piped table is read as one already
  });

  it('rejects a long row of blanks in linear time (each run of blanks is read one way)', () => {
    // Before, a cell's trailing blanks and the row's could split a run any way: a 50,000-blank
    // cell took seconds (quadratic) in the glossary-table reading at ingest and the highlight.
    const blanks = ' '.repeat(50_000);
    const rows = [`|-${blanks}x|`, `${blanks}x`, `|${blanks}-${blanks}|${blanks}x`, `---${blanks}|${blanks}---${blanks}x`];
    const started = performance.now();
    for (const row of rows) {
      expect(DELIMITER_ROW.test(row)).toBe(false);
      expect(new RegExp(HEADER_OVER_DELIMITER).test(`| a |\n${row}`)).toBe(false);
      expect(INNER_PIPE_DELIMITER_ROW.test(row)).toBe(false);
      expect(PIPELESS_DELIMITER_ROW.test(row)).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(500);
    // The same shapes with their blanks still match.
    expect(DELIMITER_ROW.test(`|-${blanks}|${blanks}:-:${blanks}|${blanks}`)).toBe(true);
    expect(INNER_PIPE_DELIMITER_ROW.test(`${blanks}---${blanks}|${blanks}---${blanks}`)).toBe(true);
  });
});
