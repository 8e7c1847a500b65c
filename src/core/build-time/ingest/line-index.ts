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
