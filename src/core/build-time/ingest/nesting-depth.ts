/**
 * How deeply a markdown file nests blockquotes and lists, measured on its lines before parsing.
 * The markdown parser recurses once per level: 5,000 nested `>` overflow its stack, and a list
 * nested 1,500 levels deep took 78 s and 1.4 GB. No real page nests anywhere near
 * `MAX_NESTING_DEPTH` levels, so a file past it is skipped (and reported) instead of parsed.
 */
import { fenceTracker } from './code-fences';

/**
 * Deepest nesting a file may have. 100 levels of list or blockquote parse in under 0.1 s; 300
 * levels of list take about a second, and the time grows with the square of the depth.
 */
export const MAX_NESTING_DEPTH = 100;

// One container marker at the front of a line: `>`, or a list bullet / number followed by a space.
const MARKER = /[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$))/y;
const INDENT = /^[ \t]*/;

/**
 * The first line nested deeper than `limit` levels, or null. A line's depth is the lists that
 * enclose it by indentation (each list item indented past the one before opens a level) plus the
 * container markers it starts with (`> > - x` is three). Fenced code is not counted: a YAML
 * sample may indent as deep as it likes.
 *
 * @example
 * tooDeeplyNested('> '.repeat(150) + 'deep'); // { line: 1, depth: 150 }
 * tooDeeplyNested('- a\n  - b\n'); // null
 */
export function tooDeeplyNested(text: string, limit = MAX_NESTING_DEPTH): { line: number; depth: number } | null {
  const inFence = fenceTracker();
  // Indentations of the list items still open, strictly increasing: an item at or left of one
  // closes it.
  const open: number[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inFence(line) || line.trim() === '') continue;
    const indent = INDENT.exec(line)![0].replace(/\t/g, '    ').length;
    let markers = 0;
    MARKER.lastIndex = 0;
    while (MARKER.exec(line) !== null) markers++;
    let enclosing = open.findIndex((column) => column >= indent);
    if (enclosing < 0) enclosing = open.length;
    if (markers > 0 && !line.trimStart().startsWith('>')) {
      open.length = enclosing;
      open.push(indent);
    }
    const depth = enclosing + markers;
    if (depth > limit) return { line: i + 1, depth };
  }
  return null;
}
