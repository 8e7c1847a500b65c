/** Offsets ↔ 1-based line numbers of a text, with `\r\n`, `\r` and `\n` all ending a line (as micromark does). */
export interface LineIndex {
  /** Number of lines (a trailing line ending does not open a new counted line's content, but is one). */
  readonly lineCount: number;
  /** 1-based line containing `offset` (an offset on a line ending belongs to that line). */
  lineOf(offset: number): number;
  /** Offset of the first character of `line`. */
  lineStart(line: number): number;
  /** Offset just past the last character of `line`, before its line ending. */
  lineEnd(line: number): number;
}

/**
 * Build a line index over `text`.
 *
 * @example
 * const idx = createLineIndex('a\r\nbc\nd');
 * idx.lineOf(3); // 2  (the "b")
 * idx.lineEnd(2); // 5
 */
export function createLineIndex(text: string): LineIndex {
  const starts = [0];
  const ends: number[] = [];
  for (const match of text.matchAll(/\r\n|\r|\n/g)) {
    ends.push(match.index);
    starts.push(match.index + match[0].length);
  }
  ends.push(text.length);
  return {
    lineCount: starts.length,
    lineOf(offset: number): number {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo + 1;
    },
    lineStart: (line) => starts[line - 1] ?? text.length,
    lineEnd: (line) => ends[line - 1] ?? text.length,
  };
}

/**
 * Rewrite `text` line by line, keeping every line ending as it was (`\r\n`, `\r` or `\n`): the
 * passes that blank what a reader never sees replace a line with one of the same length, so
 * offsets and line numbers keep pointing into the original.
 *
 * @param rewrite called once per line, in order, with the line without its ending
 * @example
 * mapLines('a\r\nbc', (line) => line.toUpperCase()); // 'A\r\nBC'
 */
export function mapLines(text: string, rewrite: (line: string) => string): string {
  const parts = text.split(/(\r\n|\r|\n)/); // even indices: lines; odd: their line endings
  for (let i = 0; i < parts.length; i += 2) parts[i] = rewrite(parts[i]!);
  return parts.join('');
}
