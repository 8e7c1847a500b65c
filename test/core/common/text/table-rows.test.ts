/** The delimiter-row patterns the highlight and the sentence splitter share. */
import { describe, expect, it } from 'vitest';
import { DELIMITER_ROW, HEADER_OVER_DELIMITER, INNER_PIPE_DELIMITER_ROW, PIPELESS_DELIMITER_ROW } from '../../../../src/core/common/text/table-rows';
import { expectLinearGrowth } from '../../../support/linear-growth';

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
    const rows = (blanks: string) => [`|-${blanks}x|`, `${blanks}x`, `|${blanks}-${blanks}|${blanks}x`, `---${blanks}|${blanks}---${blanks}x`];
    const header = new RegExp(HEADER_OVER_DELIMITER);
    const verdicts = (row: string) => [DELIMITER_ROW.test(row), header.test(`| a |\n${row}`), INNER_PIPE_DELIMITER_ROW.test(row), PIPELESS_DELIMITER_ROW.test(row)];
    expectLinearGrowth((n) => { const long = rows(' '.repeat(n)); return () => long.map(verdicts); }, 6_000);
    const blanks = ' '.repeat(50_000);
    for (const row of rows(blanks)) expect(verdicts(row), row.trim()).toEqual([false, false, false, false]);
    // The same shapes with their blanks still match.
    expect(DELIMITER_ROW.test(`|-${blanks}|${blanks}:-:${blanks}|${blanks}`)).toBe(true);
    expect(INNER_PIPE_DELIMITER_ROW.test(`${blanks}---${blanks}|${blanks}---${blanks}`)).toBe(true);
  });
});
