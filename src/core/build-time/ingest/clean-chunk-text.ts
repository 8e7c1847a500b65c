/**
 * The text a reader sees, from a chunk's markdown source: what is embedded, BM25-indexed and
 * returned. MDX `import`/`export` lines, JSX component tags (their inner text is kept; a tab's
 * opening tag reads as its label, "Python:", a figure's as its caption, a card's as its title, and a `<details>` box's
 * `<summary>` line as its title with a colon), HTML
 * comments, MDX `{/* comments *\/}`, heading ids (`## Install {#setup}`) and admonition fences
 * go; `:::tip Title` becomes "Tip: Title.", as do GitHub's `> [!TIP]` ("> Tip:") and MkDocs's
 * `!!! tip "Title"` (see admonitions.ts). Fenced code and inline code stay verbatim (a `<Node>`
 * inside code is code), a fence indented under a list item or in a tab panel too; a tab panel's
 * text loses the indent it is written with (tabPanels). The chunk's line range is not changed by
 * this: it still names the exact source lines.
 */
import { ADMONITION_CLOSE, admonitionLabel, admonitionTagLabel, mkdocsBodies } from './admonitions';
import { fenceTracker } from './code-fences';
import { withoutHeadingId } from './heading-anchors';
import { attributeMap, openingTagLine } from './tag-attributes';
import { blankTopLevelEsm } from './parse-markdown';

// An opening, closing or self-closing tag (`<Tabs groupId="x">`, `</TabItem>`, `<br/>`). Autolinks
// (`<https://…>`) do not match: their name is followed by `/`, not by space, `/>` or `>`.
// After the name, one whitespace character opens the attributes, whose characters include spaces:
// "\s+ … \s*" around them read a run of spaces three ways, and "<b" before 3,000 spaces took 7 s.
const TAG = /<\/?[A-Za-z][\w.:-]*(?:\s(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*)?\/?>/g;
// A tag, or a backslash escape that decides whether a `<` opens one: `\<br>` is the literal text
// "<br>" (CommonMark: the backslash goes, the `<` stays), and `\\<br>` an escaped backslash before a
// real tag.
const ESCAPE_OR_TAG = new RegExp(String.raw`\\[\\<]|${TAG.source}`, 'g');
const INLINE_CODE = /(`+)[\s\S]*?\1/g;
// One left-to-right scan of prose: an inline code span (kept: `<!--` inside one is text a reader
// sees; a span never crosses a blank line), a comment (dropped), or an HTML comment block that opens
// a line and never closes (dropped to the end, as CommonMark reads it). An unclosed `<!--` inside a
// line is literal text, not the start of a comment that eats the rest of the chunk.
const PROSE_COMMENT = /(`+)(?:(?!\n[ \t]*\n)[\s\S])*?\1|<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}|^[ \t]{0,3}<!--[\s\S]*/gm;

/**
 * Cleans one chunk's markdown source (see the file comment).
 *
 * @example
 * cleanChunkText(':::tip Use a container\nMount the workspace.\n:::'); // 'Tip: Use a container.\nMount the workspace.'
 * cleanChunkText('<Tabs>\n  <TabItem value="py" label="Python">\n\nText\n\n  </TabItem>\n</Tabs>'); // 'Python:\n\nText'
 */
export function cleanChunkText(source: string): string {
  const lines = blankTopLevelEsm(stripComments(source)).split('\n');
  const out: string[] = [];
  const inFence = fenceTracker(true);
  const bodies = mkdocsBodies();
  const panels = tabPanels();
  for (const source of lines) {
    // An MkDocs admonition's body, indented under its `!!!` line, reads as the page shows it;
    // dedented first, so a code fence inside it is seen as one.
    const line = panels.dedent(bodies.dedent(source));
    if (inFence(line)) {
      out.push(line);
      continue;
    }
    // Outside code only: a code block in a panel may show tab markup. A tab written on one line
    // (`<TabItem value="a">Text</TabItem>`) opened no panel, so closes none.
    if (TAB_CLOSE.test(line) && !TAB_START.test(line)) panels.close();
    if (ADMONITION_CLOSE.test(line)) continue;
    const admonition = admonitionLabel(line);
    if (admonition) {
      out.push(admonition.text);
      if (admonition.mkdocs) bodies.open();
      continue;
    }
    const label = tabLabel(line);
    if (label) panels.open();
    const tab = label ?? summaryLabel(line) ?? admonitionTagLabel(line) ?? shownAttribute(line);
    if (tab) {
      out.push(tab);
      continue;
    }
    const cleaned = stripTags(withoutHeadingId(line));
    // A line that held only tags vanishes instead of leaving a blank hole in the text.
    if (cleaned.trim() === '' && line.trim() !== '') continue;
    // A blanked `{/* … */}` or `{expression}` left a run of spaces where it stood (blanking keeps
    // offsets); a rendered page collapses them, so the text does too. Indentation stays, and so
    // does a table row's padding: its columns line up for a reader of the plain text.
    out.push((cleaned.includes('|') ? cleaned : cleaned.replace(/(\S) {2,}(?=\S)/g, '$1 ')).trimEnd());
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Drops `<!-- … -->` and MDX `{/* … *\/}` comments outside code fences (comments may span lines).
 * A strict-MDX file has had its `{…}` blanked already; this is for MDX read as plain markdown.
 */
function stripComments(source: string): string {
  if (!source.includes('<!--') && !source.includes('{/*')) return source;
  // Code found by the one fence tracker: a fence closes only on one at least as long, so a ````md
  // block that shows a ```js block keeps what follows the inner block (its own regex closed early).
  const inFence = fenceTracker(true);
  const out: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length) out.push(prose.join('\n').replace(PROSE_COMMENT, (match, ticks: string | undefined) => (ticks ? match : '')));
    prose = [];
  };
  for (const line of source.split('\n')) {
    if (!inFence(line)) prose.push(line);
    else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out.join('\n');
}

// A line that only opens a tab (`<TabItem value="infant" label="Infant">`, Starlight's `<TabItem
// label="npm">`, Mintlify's `<Tab title="…">`): its attributes, read one by one below.
const TAB_OPEN = openingTagLine('TabItem|Tab');

// A line that closes a tab: alone, or at the end of the panel's last text ("Text.</TabItem>").
const TAB_CLOSE = /<\/(?:TabItem|Tab)\s*>\s*$/;
const TAB_START = /<(?:TabItem|Tab)[\s>]/;

/**
 * Follows tab panels through a chunk's lines: `open` after a line that opens a tab, `close` after
 * the line that closes it (outside code), and `dedent` each line in order: a panel's lines come
 * back without the indent of its first line, as the page shows them. Docusaurus's own docs indent
 * a panel's text and code under its `<TabItem>`; MDX reads that indent as nothing (it has no
 * indented code), but kept in the text, a panel's paragraph after a blank line read as an indented
 * code block in any markdown client, and the demo page previewed its lines unjoined. A chunk that
 * starts inside a panel keeps its indent (its opening line is not in it).
 *
 * @example
 * const panels = tabPanels();
 * panels.open();
 * panels.dedent('    Floss once a day.'); // 'Floss once a day.'
 */
function tabPanels(): { dedent: (line: string) => string; open: () => void; close: () => void } {
  // One indent per open panel, innermost last; null until the panel's first line sets it.
  const indents: (number | null)[] = [];
  return {
    dedent(line) {
      if (indents.length === 0 || line.trim() === '') return line;
      const own = /^[ \t]*/.exec(line)![0].length;
      const indent = (indents[indents.length - 1] ??= own);
      return line.slice(Math.min(own, indent));
    },
    open() {
      indents.push(null);
    },
    close() {
      indents.pop();
    },
  };
}

/**
 * What a line that opens a tab reads as: its name on the tab bar (`label`, `title`, else the
 * `value` Docusaurus shows when there is no label), then a colon — null for any other line. A reader
 * of the page sees which tab a panel belongs to; without it the panels of "Adult", "Child" and
 * "Infant" read as three unnamed lists of steps, and a prompt could take one for another.
 *
 * @example
 * tabLabel('  <TabItem value="infant" label="Infant (under 1 year)">'); // 'Infant (under 1 year):'
 */
function tabLabel(line: string): string | null {
  const open = TAB_OPEN.exec(line);
  if (!open) return null;
  const attributes = attributeMap(open[1]!);
  return ended(attributes.get('label') || attributes.get('title') || attributes.get('value'), ':');
}

/**
 * `text` with `mark` after it unless it ends a sentence or a label already (null when empty): a
 * label or title that does not run into the text under it.
 */
function ended(text: string | undefined, mark: '.' | ':'): string | null {
  return text ? `${text}${/[.:?!]$/.test(text) ? '' : mark}` : null;
}

// A line that holds one opening or self-closing component tag (`<Figure src="…" caption="…" />`),
// or an HTML image (`<img src="…" alt="…" />`, as MDX pages size their pictures).
const TAG_LINE = /^\s*<(?:[A-Z][\w.]*|img\b)((?:\s+[\w-]+(?:=(?:"[^"]*"|'[^']*'|\{[^{}]*\}))?)*)\s*\/?>\s*$/;

/**
 * What a line holding one component tag reads as when the page shows one of its attributes as
 * text: a figure's `caption` or a card's or a code block's `title`; else, for a picture whose
 * `alt` text describes it (two words or more), the markdown image it stands for, as a `![alt](src)`
 * line reads; null otherwise.
 * Dropped with the tag, the caption a reader sees under a diagram ("The cell cycle: G1, S, G2 and
 * M") was in no chunk's text, and an `<img>` or `<Figure>` lost the alt text its markdown twin keeps.
 *
 * @example
 * shownAttribute('<Figure src="/img/cycle.png" caption="The cell cycle" />'); // 'The cell cycle.'
 * shownAttribute('<img src="/img/hydrometer.png" alt="A hydrometer in wort" />'); // '![A hydrometer in wort](/img/hydrometer.png)'
 */
function shownAttribute(line: string): string | null {
  const tag = TAG_LINE.exec(line);
  if (!tag) return null;
  // Only the tag's own attributes: a `{…}` expression may hold another tag's ("icon={<Icon title="gear" />}"),
  // which, read too, replaced the card's title.
  const own = tag[1]!.replace(/\{[^{}]*\}/g, '');
  const attributes = attributeMap(own);
  // Ended as a sentence (a caption) or as a label (a title, as a tab's), so that neither runs into
  // the text under it: "… takes most of the cycle Each phase waits …" read as one sentence.
  // An alt text of one word names the file ("gnuplot-01", six of them on a plotting page), no
  // picture: kept, its "gnuplot" tokens moved book D's MRR .763 → .726 (docs/retrieval-quality.md).
  const alt = attributes.get('alt');
  const described = alt && /\S\s+\S/.test(alt) ? `![${alt.replace(/[[\]]/g, '')}](${attributes.get('src') ?? ''})` : null;
  return ended(attributes.get('caption'), '.') ?? ended(attributes.get('title'), ':') ?? described;
}

// A `<details>` box's title on a line of its own: `<summary>My loaf is dense</summary>`, or after
// the box's opening tag, as GitHub READMEs often write it (`<details><summary>Build</summary>`).
const SUMMARY = /^\s*(?:<details(?:\s[^>]*)?>\s*)?<summary(?:\s[^>]*)?>(.*)<\/summary>\s*$/i;

/**
 * What a `<details>` box's one-line `<summary>` reads as: its text, then a colon, as a tab's label
 * does (null for any other line). Its tags gone, the title ran into the answer under it, one
 * sentence with no stop between ("My sourdough loaf is dense and gummy The most common cause is …"),
 * in previews and in the text a prompt gets.
 *
 * @example
 * summaryLabel('<summary>My loaf is dense</summary>'); // 'My loaf is dense:'
 */
function summaryLabel(line: string): string | null {
  const text = SUMMARY.exec(line)?.[1];
  return text === undefined ? null : ended(stripTags(text).trim(), ':');
}

/** Removes JSX/HTML tags from a prose line (`\<` is a literal `<`), leaving inline code spans untouched. */
function stripTags(line: string): string {
  if (!line.includes('<')) return line;
  const prose = (text: string): string => text.replace(ESCAPE_OR_TAG, (match) => (match === '\\<' ? '<' : match.startsWith('\\') ? match : ''));
  let result = '';
  let last = 0;
  for (const match of line.matchAll(INLINE_CODE)) {
    result += prose(line.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return result + prose(line.slice(last));
}
