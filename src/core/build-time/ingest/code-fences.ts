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
 * least as long, and nothing else, as CommonMark says.
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
  return (line) => {
    const marker = opener.exec(line)?.[1];
    if (fence === null) {
      if (marker) fence = marker;
      return marker !== undefined;
    }
    if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    return true;
  };
}
