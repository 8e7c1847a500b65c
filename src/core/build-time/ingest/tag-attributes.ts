/**
 * A component's opening tag on a line of its own (`<TabItem value="py" label="Python">`,
 * `<Admonition type="tip" title="Start small">`) and its quoted attributes: the tab labels and the
 * admonition components of clean-chunk-text.ts read the same tag shape, so one pattern serves both.
 */

// Attributes: a name, with a quoted value or none (`collapsible`). A `{…}` value is no attribute
// the page shows as text; a tag that has one is left to the other readers of component lines.
const ATTRIBUTES = String.raw`((?:\s+[\w-]+(?:=(?:"[^"]*"|'[^']*'))?)*)`;
const ATTRIBUTE = /([\w-]+)=(?:"([^"]*)"|'([^']*)')/g;

/**
 * A pattern for a line holding only an opening tag of one of `names` (a regex alternation); group
 * 1 holds its attributes, for {@link attributeMap}.
 *
 * @example
 * openingTagLine('TabItem|Tab').exec('  <TabItem value="py">')![1]; // ' value="py"'
 */
export function openingTagLine(names: string): RegExp {
  return new RegExp(String.raw`^\s*<(?:${names})${ATTRIBUTES}\s*>\s*$`);
}

/**
 * A tag's quoted attributes by name, their values trimmed.
 *
 * @example
 * attributeMap(` type="tip" title=' Start small '`).get('title'); // 'Start small'
 */
export function attributeMap(source: string): Map<string, string> {
  return new Map([...source.matchAll(ATTRIBUTE)].map((m) => [m[1]!, (m[2] ?? m[3] ?? '').trim()]));
}
