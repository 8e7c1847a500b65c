/**
 * Where a markdown link's or image's target lies in a text: the `(…)` after `[label]` or
 * `![alt]`. A reader sees the label, never the path, so the highlight reads no question word
 * there: "read the section on [kickback](../01-getting-started/01-shop-safety.md#kickback)"
 * was the highlight for "what blade should I get for my table saw", its "get" matched by the path's
 * "getting", over the sentence naming the blades. (The index still reads link targets: a path
 * names the page it points to, and that is often what a question is about; measured in Round 20.)
 */

// `](` then the target: `<…>` (spaces allowed), or a run without spaces whose parentheses pair
// ("…/Foo_(bar)"); then an optional title in quotes or parentheses; then `)`. The spaces before the
// target are all taken at once (`(?![ \t])`), and an empty target with a title is its own branch:
// as `[ \t]*` target? `\s+` title? `[ \t]*` the three could split one run of spaces every way, and
// "](" then 150,000 spaces took a minute. The same matches as that pattern, in one pass.
const LINK_TARGET = /\]\((?:[ \t]*(?![ \t])(?:<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?|\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))[ \t]*\)/g;

// A reference-style definition ("[kickback]: ../01-shop-safety.md#kickback 'Kickback'") is a line
// the page never shows (definitionLines says where one may stand): a destination, then an optional
// title, alone on the line. Not a footnote's
// "[^1]: …", which the page shows, nor "[Note]: mind the blade", whose words after the first
// are no title.
const REFERENCE_DEFINITION = /^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*(?:<[^<>\n]*>|[^\s<][^\s]*)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*$/gm;
/** A line after which a definition may stand: blank, a heading, or a fence. */
const BLOCK_BREAK = /^(?:[ \t]*|[ ]{0,3}#{1,6}(?:[ \t][^\n]*)?|[ ]{0,3}(?:\x60{3,}|~{3,})[^\n]*)\r?$/;

/**
 * The whole lines of `text` that are reference-style definitions: each at the text's start or
 * under a blank line, a heading, a fence or another definition. CommonMark reads one under a
 * paragraph's line as more of that paragraph ("See [a](a.md).\n[b]: b.md"), which the page shows.
 */
function definitionLines(text: string): [number, number][] {
  const lines: [number, number][] = [];
  if (!text.includes(']:')) return lines;
  for (const m of text.matchAll(REFERENCE_DEFINITION)) {
    const above = text.lastIndexOf('\n', m.index - 2) + 1;
    if (m.index === 0 || lines.at(-1)?.[0] === above || BLOCK_BREAK.test(text.slice(above, m.index - 1))) lines.push([m.index, m.index + m[0].length]);
  }
  return lines;
}

/**
 * The `[start, end)` ranges of `text` that are link targets, parentheses included, and the whole
 * lines of reference-style link definitions, in order. None in
 * inline code (an odd number of backticks before it on its line): `fs[[1]](data)` or
 * `handlers[kind](payload)` indexes and calls, and its words are what the reader reads. A fenced
 * block's lines are the caller's to leave out (the highlight knows its code spans).
 *
 * @example
 * linkTargetRanges('See [the guide](../01-getting-started/setup.md).'); // [[15, 47]]
 */
export function linkTargetRanges(text: string): [number, number][] {
  const ranges = definitionLines(text);
  if (!text.includes('](')) return ranges;
  // Backticks since the line's start, counted once over the text however many links it holds.
  let ticks = 0;
  let scanned = 0;
  for (const m of text.matchAll(LINK_TARGET)) {
    for (; scanned < m.index; scanned++) {
      const code = text.charCodeAt(scanned);
      if (code === 10) ticks = 0;
      else if (code === 96) ticks++;
    }
    if (ticks % 2 === 0) ranges.push([m.index + 1, m.index + m[0].length]);
  }
  // A definition line holds no `](`, so the two kinds never overlap; in order for insideRanges.
  return ranges.sort((a, b) => a[0] - b[0]);
}

/**
 * A test of whether an index lies in one of `ranges`, for indexes asked in ascending order (each
 * call moves on from the last: a scan of a text's words costs one pass over its links).
 *
 * @example
 * const inside = insideRanges([[15, 47]]);
 * inside(3); // false
 * inside(20); // true
 */
export function insideRanges(ranges: readonly (readonly [number, number])[]): (index: number) => boolean {
  let i = 0;
  return (index) => {
    while (i < ranges.length && ranges[i]![1] <= index) i++;
    return i < ranges.length && index >= ranges[i]![0];
  };
}
