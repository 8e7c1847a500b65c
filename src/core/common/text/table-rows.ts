/**
 * A markdown table's delimiter row (`|---|:---:|`) in the shapes the highlight and the sentence
 * splitter look for, built from one cell pattern so they agree: a cell is hyphens with an optional
 * colon at either end. (The client's `labelledRow` keeps its own copy: browser code takes nothing
 * but types from core.)
 */

// One cell: `-`, `:--`, `--:`, `:-:`; a table without outer pipes is recognised by cells of three
// hyphens or more, since `- | -` could be prose.
const CELL = String.raw`[ \t]*:?-+:?[ \t]*`;
const LONG_CELL = String.raw`[ \t]*:?-{3,}:?[ \t]*`;

/** A delimiter row, outer pipes optional, one line (a `---` thematic break matches too: also markup). */
export const DELIMITER_ROW = new RegExp(String.raw`^[ \t]*\|?${CELL}(?:\|${CELL})*\|?[ \t]*$`);

/** A line that is a table's header row over its delimiter row; group 1 is the header's indent (global, multiline). */
export const HEADER_OVER_DELIMITER = new RegExp(String.raw`^([ \t]*)\|[^\n]*\n[ \t]*\|?${CELL}(?:\|${CELL})*\|?[ \t]*$`, 'gm');

/** A delimiter row with an inner pipe (`--- | ---`), outer pipes optional: a table is there (multiline). */
export const INNER_PIPE_DELIMITER_ROW = new RegExp(String.raw`^[ \t]*\|?${LONG_CELL}(?:\|${LONG_CELL})+\|?[ \t]*$`, 'm');

/** The delimiter row of a table written without its outer pipes (`--- | ---`; multiline). */
export const PIPELESS_DELIMITER_ROW = new RegExp(String.raw`^${LONG_CELL}(?:\|${LONG_CELL})+$`, 'm');
