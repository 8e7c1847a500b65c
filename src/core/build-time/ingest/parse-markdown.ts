import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { mdxjs } from 'micromark-extension-mdxjs';
import { fenceTracker } from './code-fences';
import { mapLines } from './line-index';
import { blankHeadingIds } from './heading-anchors';

/** An mdast tree whose positions point into the text that was given (same offsets and lines). */
export interface ParsedMarkdown {
  tree: Root;
  /** Raw YAML between the front-matter fences, or null when there is none. */
  frontMatter: string | null;
  /** Raw TOML between `+++` fences (Hugo's front matter), or null when there is none. */
  tomlFrontMatter: string | null;
  /** Set when strict MDX failed and the file was read as plain markdown instead. */
  warnings: string[];
}

// YAML between `---` fences, and TOML between `+++` (Hugo's), so neither is read as prose.
const FRONT_MATTER: ('yaml' | 'toml')[] = ['yaml', 'toml'];

/**
 * Parse markdown (GFM tables, YAML or TOML front matter) into mdast with line/offset positions. With
 * `mdx`, the strict MDX grammar is tried first, with `{#custom-id}` heading suffixes blanked as
 * Docusaurus escapes them (heading-anchors.ts reads them from the source). Docusaurus content is
 * often not valid MDX even so (HTML comments, stray `<`/`{`), so on failure the file is re-read as
 * plain markdown with its top-level `import`/`export` statements blanked out (same length, so
 * positions still match the original), as a `.md` page is. JSX then shows up as `html` nodes, which is still content.
 *
 * @example
 * parseMarkdown('---\ntitle: A\n---\n# A\n', { mdx: false }).frontMatter; // 'title: A'
 */
export function parseMarkdown(text: string, options: { mdx: boolean }): ParsedMarkdown {
  const warnings: string[] = [];
  let tree: Root | undefined;
  if (options.mdx) {
    try {
      // Math as Docusaurus reads it with remark-math: `$\frac{1}{3}$` is TeX, not two MDX expressions
      // (an MDX book with math cannot build without it, so a `$…$` there is math).
      tree = fromMarkdown(blankHeadingIds(text), {
        extensions: [math(), mdxjs(), gfm(), frontmatter(FRONT_MATTER)],
        mdastExtensions: [mathFromMarkdown(), mdxFromMarkdown(), gfmFromMarkdown(), frontmatterFromMarkdown(FRONT_MATTER)],
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // micromark's errors carry where (a VFileMessage's line and column): say it, so the page can be fixed.
      const { line, column } = error as { line?: unknown; column?: unknown };
      const at = typeof line === 'number' ? ` at line ${line}${typeof column === 'number' ? `, column ${column}` : ''}` : '';
      warnings.push(`not strict MDX${at} (${message.split('\n')[0]}); parsed as markdown`);
    }
  }
  // A `.md` page's statements are blanked too: Docusaurus reads `.md` as MDX by default (its
  // `import Tabs …` works there), and cleanChunkText drops them from every chunk, so left in the
  // tree they were pieces of no text that labelled the H1's chunk as before any heading.
  tree ??= fromMarkdown(blankTopLevelEsm(text), {
    extensions: [gfm(), frontmatter(FRONT_MATTER)],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(FRONT_MATTER)],
  });
  // mdast's types know `yaml` nodes only; mdast-util-frontmatter makes `toml` ones too.
  const first = tree.children[0] as { type: string; value?: string } | undefined;
  const frontMatter = first?.type === 'yaml' ? (first.value ?? '') : null;
  const tomlFrontMatter = first?.type === 'toml' ? (first.value ?? '') : null;
  return { tree, frontMatter, tomlFrontMatter, warnings };
}

// The keyword and a space, as MDX reads one (micromark-extension-mdxjs-esm): "important whom you
// trust" or "imported from" opening a wrapped line is prose, not a statement to drop.
const ESM_START = /^(?:import \s*(?:[\w$*{]|['"])|export \s*(?:const|let|var|function|async|class|default|\{|\*))/;
// A line after which a new block starts: MDX reads a statement only there, never inside a paragraph.
const BLOCK_END = /^\s*$|^ {0,3}#{1,6}(?:\s|$)/;

/**
 * Replace top-level MDX `import`/`export` statements (possibly spanning lines, tracked by bracket
 * balance) with spaces, leaving front matter, fenced code and paragraphs untouched (a statement
 * starts a block: after a blank line, a heading, a fence, another statement or the text's start). A line of spaces is a blank
 * line to markdown, and the text keeps its length and line endings, so the offsets and line
 * numbers of everything else still point into the original.
 *
 * @example
 * blankTopLevelEsm("import X from 'x';\n# Hi\n"); // '                  \n# Hi\n'
 */
export function blankTopLevelEsm(text: string): string {
  const inFence = fenceTracker();
  let inFrontMatter = /^---(?:\r\n|\r|\n|$)/.test(text);
  let lineNumber = 0;
  let depth = 0;
  let inEsm = false;
  let blockStart = true;
  return mapLines(text, (line) => {
    lineNumber++;
    if (inFrontMatter) {
      if (lineNumber > 1 && /^(---|\.\.\.)\s*$/.test(line)) inFrontMatter = false;
      return line;
    }
    if (!inEsm) {
      const fenced = inFence(line);
      const starts = blockStart;
      blockStart = fenced || BLOCK_END.test(line);
      if (fenced || !starts || !ESM_START.test(line)) return line;
      inEsm = true;
      depth = 0;
    }
    for (const ch of line) {
      if (ch === '{' || ch === '(' || ch === '[') depth++;
      else if (ch === '}' || ch === ')' || ch === ']') depth--;
    }
    if (depth <= 0) inEsm = false;
    blockStart = true;
    return ' '.repeat(line.length);
  });
}

const EXPRESSION = new Set(['mdxFlowExpression', 'mdxTextExpression']);
const STRING_LITERAL = /^\s*(['"])((?:(?!\1)[^\\\r\n]|\\.)*)\1\s*$/;

/**
 * Replace every MDX `{expression}` of a strict-MDX tree — `{/* a comment *\/}`, the imported
 * raw file inside `<CodeBlock>{source}</CodeBlock>` — with spaces: a reader sees its value, which
 * ingest cannot compute, never its source. A string literal (`{' '}`, `{"text"}`) keeps its text.
 * The result has the same length and line endings, so offsets and line numbers still point into
 * the original. A tree read as plain markdown has no expression nodes: the text comes back as is.
 *
 * @example
 * const text = '<CodeBlock>{gcc}</CodeBlock>\n';
 * blankMdxExpressions(parseMarkdown(text, { mdx: true }).tree, text); // '<CodeBlock>     </CodeBlock>\n'
 */
export function blankMdxExpressions(tree: Root, text: string): string {
  const spans: [number, number, string][] = [];
  const visit = (node: { type: string; value?: unknown; position?: { start: { offset?: number }; end: { offset?: number } }; children?: unknown[] }): void => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (EXPRESSION.has(node.type) && start !== undefined && end !== undefined) {
      // Kept only on one line: written over a line break, it would move the lines after it.
      const literal = STRING_LITERAL.exec(typeof node.value === 'string' ? node.value : '')?.[2] ?? '';
      spans.push([start, end, /[\r\n]/.test(text.slice(start, end)) ? '' : literal]);
      return;
    }
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(tree);
  if (spans.length === 0) return text;
  let out = '';
  let last = 0;
  for (const [start, end, keep] of spans) {
    // Line breaks stay where they were (an expression may span lines); everything else is a space.
    const blank = text.slice(start, end).replace(/[^\r\n]/g, ' ');
    out += text.slice(last, start) + keep + blank.slice(keep.length);
    last = end;
  }
  return out + text.slice(last);
}
