/**
 * Where a markdown link's or image's target lies in a text: the `(…)` after `[label]` or
 * `![alt]`. A reader sees the label, never the path, so the highlight reads no question word
 * there: "read the section on [kickback](../01-getting-started/01-shop-safety.md#kickback)"
 * was the highlight for "what blade should I get for my table saw", its "get" matched by the path's
 * "getting", over the sentence naming the blades. (The index still reads link targets: a path
 * names the page it points to, and that is often what a question is about; measured in Round 20.)
 */

// `](` then the target: `<…>` (spaces allowed), or a run without spaces whose parentheses pair
// ("…/Foo_(bar)"); then an optional title in quotes or parentheses; then `)`.
const LINK_TARGET = /\]\([ \t]*(?:<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*\)/g;

/**
 * The `[start, end)` ranges of `text` that are link targets, parentheses included, in order.
 *
 * @example
 * linkTargetRanges('See [the guide](../01-getting-started/setup.md).'); // [[15, 47]]
 */
export function linkTargetRanges(text: string): [number, number][] {
  if (!text.includes('](')) return [];
  return [...text.matchAll(LINK_TARGET)].map((m) => [m.index + 1, m.index + m[0].length]);
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
