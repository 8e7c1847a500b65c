/**
 * Callout boxes, as a reader sees them: "Note: Title.". Three sites' notations reach ingest —
 * Docusaurus's `:::note Title` … `:::` (or, in MDX, its `<Admonition type="note" title="Title">`
 * component), GitHub's alerts (`> [!NOTE]` opening a blockquote) and
 * MkDocs's admonitions (`!!! note "Title"` over a body indented four spaces; `???` folds it) —
 * and a reader of any of the three sites sees a labelled box, never the markup.
 */
import { attributeMap, openingTagLine } from './tag-attributes';

// `:::tip`, `:::note[Title]`, `:::warning Some title` (Docusaurus admonitions); `:::` closes. A
// nested admonition's fences have more colons (`::::warning` around a `:::tip`).
const DOCUSAURUS_OPEN = /^\s*:{3,}\s*([A-Za-z][\w-]*)(?:\[([^\]]*)\])?\s*(.*?)\s*$/;
/** The closing `:::` of a Docusaurus admonition: shows nothing. */
export const ADMONITION_CLOSE = /^\s*:{3,}\s*$/;
// `> [!NOTE]`, `> > [!warning]`; Obsidian's callouts add a fold sign and a title (`> [!tip]- Title`).
const GITHUB_ALERT = /^([ \t]*(?:>[ \t]?)+)\[!([A-Za-z][\w-]*)\][+-]?[ \t]*(.*?)\s*$/;
// Python-Markdown's rule: the first word is the kind, further words are CSS classes (`inline end`),
// and a quoted title, possibly empty, replaces the default one.
const MKDOCS_OPEN = /^[ \t]*(?:!!!|\?\?\?\+?)[ \t]*([A-Za-z][\w-]*)(?:[ \t]+[\w-]+)*(?:[ \t]+"(.*?)")?[ \t]*$/;

/**
 * The line an admonition's opening line reads as ("Tip: Title.", "> Note:"), with whether it opens
 * an MkDocs body; null for any other line.
 *
 * @example
 * admonitionLabel(':::tip Use a container'); // { text: 'Tip: Use a container.', mkdocs: false }
 * admonitionLabel('> [!WARNING]'); // { text: '> Warning:', mkdocs: false }
 * admonitionLabel('!!! note "Read this"'); // { text: 'Note: Read this.', mkdocs: true }
 */
export function admonitionLabel(line: string): { text: string; mkdocs: boolean } | null {
  const docusaurus = DOCUSAURUS_OPEN.exec(line);
  if (docusaurus) return { text: label(docusaurus[1]!, docusaurus[2] ?? docusaurus[3]), mkdocs: false };
  const alert = GITHUB_ALERT.exec(line);
  if (alert) return { text: `${alert[1]!.trimEnd()} ${label(alert[2]!, alert[3])}`, mkdocs: false };
  const mkdocs = MKDOCS_OPEN.exec(line);
  if (mkdocs) return { text: label(mkdocs[1]!, mkdocs[2]), mkdocs: true };
  return null;
}

/**
 * Follows MkDocs admonition bodies through a chunk's lines: `dedent` each line in order (a body
 * line comes back without the four spaces per admonition it sits in, as the page shows it; a
 * line indented less closes those admonitions), and call `open` after a line that opens one.
 *
 * @example
 * const bodies = mkdocsBodies();
 * bodies.dedent('!!! note'); bodies.open();
 * bodies.dedent('    Body text.'); // 'Body text.'
 */
export function mkdocsBodies(): { dedent: (line: string) => string; open: () => void } {
  let depth = 0;
  return {
    dedent(line) {
      if (depth === 0 || line.trim() === '') return depth === 0 ? line : '';
      const indent = /^[ \t]*/.exec(line)![0];
      depth = Math.min(depth, Math.floor(indent.replace(/\t/g, '    ').length / 4));
      let drop = 4 * depth;
      let cut = 0;
      while (drop > 0 && cut < indent.length) drop -= indent[cut++] === '\t' ? 4 : 1;
      return line.slice(cut);
    },
    open() {
      depth++;
    },
  };
}

// Docusaurus's JSX form of a callout, for MDX that nests one in a component: `<Admonition
// type="warning" title="Changing jobs">` on a line of its own (its closing tag shows nothing).
const ADMONITION_TAG = openingTagLine('Admonition');

/**
 * What a line that opens an `<Admonition>` component reads as: the label of the `:::type Title`
 * it stands for ("Warning: Changing jobs."); null for any other line, or one with no `type`. Read as
 * any component, its title was a bare label ("Changing jobs:") with no kind, where the same box
 * written `:::warning Changing jobs` said "Warning: Changing jobs.".
 *
 * @example
 * admonitionTagLabel('<Admonition type="tip" title="Start small">'); // 'Tip: Start small.'
 */
export function admonitionTagLabel(line: string): string | null {
  const tag = ADMONITION_TAG.exec(line);
  if (!tag) return null;
  const attributes = attributeMap(tag[1]!);
  const kind = attributes.get('type');
  return kind && /^[A-Za-z][\w-]*$/.test(kind) ? label(kind, attributes.get('title')) : null;
}

function label(kind: string, title: string | undefined): string {
  const text = (title ?? '').trim();
  // A title ends where the box's body begins: without a full stop, the body's first sentence read
  // as its continuation ("Caution: A common reading mistake Beginners often forget …").
  const ended = text && !/[.!?…:;]["'”’)\]*_]*$/.test(text) ? `${text}.` : text;
  return `${kind[0]!.toUpperCase()}${kind.slice(1).toLowerCase()}:${ended ? ` ${ended}` : ''}`;
}
