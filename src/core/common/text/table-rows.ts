/**
 * A markdown table's delimiter row (`|---|:---:|`) in the shapes the highlight and the sentence
 * splitter look for, built from one cell pattern so they agree: a cell is hyphens with an optional
 * colon at either end. (The client's `labelledRow` keeps its own copy: browser code takes nothing
 * but types from core.)
 */

// One cell: `-`, `:--`, `--:`, `:-:`; a table without outer pipes is recognised by cells of three
// hyphens or more, since `- | -` could be prose.
const CELL = ':?-+:?';
const LONG_CELL = ':?-{3,}:?';
const BLANKS = String.raw`[ \t]*`;

/**
 * A row of `cell`s, outer pipes optional, `more` (a quantifier) cells after the first. Each run of
 * blanks is read by one `[ \t]*` between tokens that must be there: written as a cell's blanks
 * beside the row's (`[ \t]*\|?[ \t]*`), a long run split any way, and a row of 50,000 blanks
 * that was no delimiter took seconds to reject (quadratic).
 */
function delimiterCells(cell: string, more: '*' | '+'): string {
  return String.raw`${BLANKS}(?:\|${BLANKS})?${cell}(?:${BLANKS}\|${BLANKS}${cell})${more}${BLANKS}(?:\|${BLANKS})?`;
}

/** A delimiter row, outer pipes optional, one line (a `---` thematic break matches too: also markup). */
export const DELIMITER_ROW = new RegExp(String.raw`^${delimiterCells(CELL, '*')}$`);

/** A line that is a table's header row over its delimiter row; group 1 is the header's indent (global, multiline). */
export const HEADER_OVER_DELIMITER = new RegExp(String.raw`^([ \t]*)\|[^\n]*\n${delimiterCells(CELL, '*')}$`, 'gm');

/** A delimiter row with an inner pipe (`--- | ---`), outer pipes optional: a table is there (multiline). */
export const INNER_PIPE_DELIMITER_ROW = new RegExp(String.raw`^${delimiterCells(LONG_CELL, '+')}$`, 'm');

/** The delimiter row of a table written without its outer pipes (`--- | ---`; multiline). */
export const PIPELESS_DELIMITER_ROW = new RegExp(String.raw`^${BLANKS}${LONG_CELL}(?:${BLANKS}\|${BLANKS}${LONG_CELL})+${BLANKS}$`, 'm');
