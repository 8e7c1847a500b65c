/**
 * Fenced code, tracked line by line: inside a fence, markdown is code (never a heading, comment,
 * import, admonition or tag to clean). One tracker for every line-level pass of ingest, so they all
 * agree on where code starts and ends.
 */

// Backticks written as \x60: tools that read this file as text would take a backtick for the start
// of a template string.
const FENCE = /^ {0,3}(\x60{3,}|~{3,})/;
// Chunk content keeps a list item's indentation, so a fence there may stand deeper.
const INDENTED_FENCE = /^\s*(\x60{3,}|~{3,})/;

/**
 * Returns a function to feed a text's lines to, in order: true for each line of a fenced block
 * (its opening and closing lines included). A fence closes on a line of the same character, at
 * least as long, and nothing else, as CommonMark says. An indented fence left open also ends at a
 * line that stands four or more columns left of it: the list item holding the fence (whose text is
 * at most three columns left of it) ended there, and its code with it, so the prose after an
 * unclosed fence in a list item is not read as code.
 *
 * @param indented accept fences indented more than three spaces (lines of a chunk, where list
 *   items keep their indentation); a whole file uses the strict rule.
 * @example
 * const inFence = fenceTracker();
 * ['```js', '# not a heading', '```', '# a heading'].map(inFence); // [true, true, true, false]
 */
export function fenceTracker(indented = false): (line: string) => boolean {
  const opener = indented ? INDENTED_FENCE : FENCE;
  let fence: string | null = null;
  // The open fence's indent: a line more than three columns left of it is outside its list item.
  let depth = 0;
  return (line) => {
    const marker = opener.exec(line)?.[1];
    if (fence !== null && depth > 3 && line.trim() !== '' && indentOf(line) < depth - 3) fence = null;
    if (fence === null) {
      if (marker) [fence, depth] = [marker, indentOf(line)];
      return marker !== undefined;
    }
    if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    return true;
  };
}

/** Columns of a line's leading whitespace, a tab to the next multiple of four as CommonMark counts it. */
function indentOf(line: string): number {
  let columns = 0;
  for (const char of line) {
    if (char === ' ') columns++;
    else if (char === '\t') columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}
