/**
 * The `#anchor` a Docusaurus site gives each heading, so a result can link to the section it comes
 * from, not just to the top of its page. Docusaurus (mdx-loader's `headings` plugin) takes an
 * explicit `## Title {#custom-id}` as written, and otherwise slugs the heading's text with
 * github-slugger, one slugger per file (a second "## Usage" becomes `usage-1`). Explicit ids do not
 * take a slug's place. Doing the same here keeps the links true to the built site.
 */
import GithubSlugger from 'github-slugger';
import { fenceTracker } from './code-fences';
import { mapLines } from './line-index';

// Docusaurus's `parseMarkdownHeadingId`: the id is the last `{#…}` of the heading, at its very end.
const HEADING_ID = /\s*\{#((?:.(?!\{#|\}))*.)\}\s*$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/**
 * The explicit id of a heading's source line (`## Install {#setup}` → `setup`), or null.
 *
 * @example
 * explicitHeadingId('## Install {#setup}'); // 'setup'
 */
export function explicitHeadingId(headingSource: string): string | null {
  const firstLine = headingSource.split(/\r\n|\r|\n/, 1)[0] ?? '';
  return HEADING_ID.exec(firstLine.replace(/\s+#+\s*$/, ''))?.[1] ?? null;
}

/**
 * A heading's text without its trailing `{#custom-id}` (the same id {@link explicitHeadingId} reads).
 *
 * @example
 * stripHeadingId('Install {#setup}'); // 'Install'
 */
export function stripHeadingId(text: string): string {
  return text.replace(HEADING_ID, '');
}

/**
 * Removes a trailing `{#custom-id}` from a heading line; other lines come back unchanged.
 *
 * @example
 * withoutHeadingId('## Install {#setup}'); // '## Install'
 */
export function withoutHeadingId(line: string): string {
  return ATX_HEADING.test(line) ? stripHeadingId(line) : line;
}

/**
 * Blanks the `{#custom-id}` of every ATX heading outside fenced code with spaces, so strict MDX
 * (which reads `{…}` as a JavaScript expression and rejects `#id`) can parse a file that uses them,
 * as Docusaurus escapes them before its own MDX parse. Same length and line endings: offsets and
 * line numbers still point into the original text.
 *
 * @example
 * blankHeadingIds('## Install {#setup}\n'); // '## Install          \n'
 */
export function blankHeadingIds(text: string): string {
  if (!text.includes('{#')) return text;
  const inFence = fenceTracker();
  return mapLines(text, (line) => {
    if (inFence(line) || !ATX_HEADING.test(line)) return line;
    const id = HEADING_ID.exec(line);
    return id ? line.slice(0, id.index) + ' '.repeat(line.length - id.index) : line;
  });
}

/**
 * `anchor` as the built site writes it for a heading whose source line, as the page was saved, is
 * `written`: decomposed (NFD) when that line is. Ingest reads a page composed (NFC), but Docusaurus
 * slugs the heading's text as saved and github-slugger keeps combining marks ("Ma\u0301s" →
 * `ma\u0301s`); a browser matches a fragment to an id code unit by code unit (Chromium: `#m%C3%A1s`
 * does not scroll to `id="ma\u0301s"`), so a composed anchor opened such a page at its top. A line
 * mixing both forms is read as decomposed.
 *
 * @example
 * anchorAsWritten('más', '## Ma\u0301s'); // 'ma\u0301s'
 * anchorAsWritten('más', '## Más'); // 'más'
 */
export function anchorAsWritten(anchor: string, written: string): string {
  return written.normalize('NFC') === written ? anchor : anchor.normalize('NFD');
}

/**
 * A per-file anchor maker: call it with each heading's text and explicit id, in document order.
 *
 * @example
 * const anchorOf = createAnchorMaker();
 * anchorOf('Usage', null); // 'usage'
 * anchorOf('Usage', null); // 'usage-1'
 * anchorOf('Install', 'setup'); // 'setup'
 */
export function createAnchorMaker(): (title: string, explicitId: string | null) => string | null {
  const slugger = new GithubSlugger();
  return (title, explicitId) => {
    if (explicitId) return explicitId;
    const slug = slugger.slug(title);
    return slug === '' ? null : slug;
  };
}
