/**
 * How deeply a markdown file nests blockquotes and lists, and how often it closes them, measured on
 * its lines before parsing. The markdown parser recurses once per level: 5,000 nested `>` overflow
 * its stack, and a list nested 1,500 levels deep took 78 s and 1.4 GB. It also copies all of the
 * page's events each time a container closes other than by a container taking its place: 5,000
 * quotes separated by blank lines took 3.7 s, 5,000 items with a nested item 6.8 s. No real page
 * comes anywhere near either limit, so a file past one is skipped (and reported) instead of parsed.
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
 * Line numbers summed over the lines that close a blockquote or list (each copies the events of
 * the page so far, 60–300 ns a line) before a page is refused: at most ~3 s. The heaviest page of
 * the books is under 6,000; of 583 package docs, a 4,300-line changelog's 1,250,000 (80 ms). Set
 * high rather than tight: ingest reads the book owner's own pages, and a long changelog (~11,000
 * such lines reach it) is content, whose loss costs more than seconds of parsing.
 */
export const MAX_CLOSING_STEPS = 10_000_000;

/**
 * Lines walked back over at lazy continuation lines (a paragraph line without the `>` or indent of
 * its container; each walks back over the paragraph, 25–40 ns a line): about a quarter of a second.
 */
export const MAX_LAZY_STEPS = 10_000_000;

// What a line holds after its container markers, when it is no paragraph text.
const NOT_PARAGRAPH = /^(?:$|#{1,6}(?:[ \t]|$)|\x60{3,}|~{3,}|(?:[-*_][ \t]*){3,}$)/;

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

/**
 * Where the cost of closing containers passes `limits.closing`, or of lazy lines `limits.lazy`, or
 * null. A line closes containers when it holds fewer than the line before and is no lazy
 * continuation (a blank line ends a quote, not a list), or when it starts a list item with deeper
 * containers of the item before still open; each such line costs its line number. A lazy line
 * costs the lines of its paragraph so far. Fenced code is not read.
 *
 * @example
 * costlyContainers('> quote\n\n'.repeat(3000)); // { line: 2450, kind: 'closing', steps: 3000300 }
 * costlyContainers('- a\n- b\n\n> c\n'); // null
 */
export function costlyContainers(text: string, limits = { closing: MAX_CLOSING_STEPS, lazy: MAX_LAZY_STEPS }): { line: number; kind: 'closing' | 'lazy'; steps: number } | null {
  const inFence = fenceTracker();
  const open: number[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let closing = 0;
  let lazy = 0;
  let before = 0;
  // Lines of the paragraph the line before ended in (0: it ended none).
  let paragraph = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inFence(line)) {
      paragraph = 0;
      continue;
    }
    let depth = open.length;
    let item: number | null = null;
    let content = '';
    if (line.trim() !== '') {
      const indent = INDENT.exec(line)![0].replace(/\t/g, '    ').length;
      let markers = 0;
      let end = 0;
      MARKER.lastIndex = 0;
      while (MARKER.exec(line) !== null) {
        if (item === null && line[MARKER.lastIndex - 1] !== '>') item = markers;
        markers++;
        end = MARKER.lastIndex;
      }
      content = line.slice(end).trim();
      let enclosing = open.findIndex((column) => column >= indent);
      if (enclosing < 0) enclosing = open.length;
      depth = enclosing + markers;
      if (item !== null) item += enclosing + 1;
      if (paragraph > 0 && depth < before && item === null && !NOT_PARAGRAPH.test(content)) {
        // Lazy: the paragraph goes on inside the containers it was in.
        lazy += paragraph;
        if (lazy > limits.lazy) return { line: i + 1, kind: 'lazy', steps: lazy };
        paragraph++;
        continue;
      }
      open.length = enclosing;
      if (markers > 0 && !line.trimStart().startsWith('>')) open.push(indent);
    }
    // (A blank line ends the quotes, and lists only later, if no item or indented line follows.)
    if (before > (item ?? depth)) {
      closing += i + 1;
      if (closing > limits.closing) return { line: i + 1, kind: 'closing', steps: closing };
    }
    paragraph = NOT_PARAGRAPH.test(content) ? 0 : depth === before && item === null && paragraph > 0 ? paragraph + 1 : 1;
    before = depth;
  }
  return null;
}
