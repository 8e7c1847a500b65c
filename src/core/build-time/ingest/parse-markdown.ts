import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';

/** An mdast tree whose positions point into the text that was given (same offsets and lines). */
export interface ParsedMarkdown {
  tree: Root;
  /** Raw YAML between the front-matter fences, or null when there is none. */
  frontMatter: string | null;
  /** Set when strict MDX failed and the file was read as plain markdown instead. */
  warnings: string[];
}

/**
 * Parse markdown (GFM tables, YAML front matter) into mdast with line/offset positions. With
 * `mdx`, the strict MDX grammar is tried first; Docusaurus content is often not valid MDX
 * (`{#custom-id}` headings, HTML comments, stray `<`/`{`), so on failure the file is re-read as
 * plain markdown with its top-level `import`/`export` statements blanked out (same length, so
 * positions still match the original). JSX then shows up as `html` nodes, which is still content.
 *
 * @example
 * parseMarkdown('---\ntitle: A\n---\n# A\n', { mdx: false }).frontMatter; // 'title: A'
 */
export function parseMarkdown(text: string, options: { mdx: boolean }): ParsedMarkdown {
  const warnings: string[] = [];
  let tree: Root | undefined;
  if (options.mdx) {
    try {
      tree = fromMarkdown(text, {
        extensions: [mdxjs(), gfm(), frontmatter(['yaml'])],
        mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      warnings.push(`not strict MDX (${message.split('\n')[0]}); parsed as markdown`);
    }
  }
  tree ??= fromMarkdown(options.mdx ? blankTopLevelEsm(text) : text, {
    extensions: [gfm(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
  });
  const first = tree.children[0];
  const frontMatter = first?.type === 'yaml' ? first.value : null;
  return { tree, frontMatter, warnings };
}

const ESM_START = /^(?:import\s*(?:[\w$*{]|['"])|export\s+(?:const|let|var|function|async|class|default|\{|\*))/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Replace top-level MDX `import`/`export` statements (possibly spanning lines, tracked by bracket
 * balance) with spaces, leaving front matter and fenced code untouched. A line of spaces is a blank
 * line to markdown, and the text keeps its length and line endings, so the offsets and line
 * numbers of everything else still point into the original.
 *
 * @example
 * blankTopLevelEsm("import X from 'x';\n# Hi\n"); // '                  \n# Hi\n'
 */
export function blankTopLevelEsm(text: string): string {
  const parts = text.split(/(\r\n|\r|\n)/); // even indices: lines; odd: their line endings
  let fence: string | null = null;
  let inFrontMatter = parts[0] === '---';
  let depth = 0;
  let inEsm = false;
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i] ?? '';
    if (inFrontMatter) {
      if (i > 0 && /^(---|\.\.\.)\s*$/.test(line)) inFrontMatter = false;
      continue;
    }
    if (fence !== null) {
      const close = FENCE.exec(line)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length && line.trim() === close) fence = null;
      continue;
    }
    if (!inEsm) {
      const open = FENCE.exec(line)?.[1];
      if (open) {
        fence = open;
        continue;
      }
      if (!ESM_START.test(line)) continue;
      inEsm = true;
      depth = 0;
    }
    for (const ch of line) {
      if (ch === '{' || ch === '(' || ch === '[') depth++;
      else if (ch === '}' || ch === ')' || ch === ']') depth--;
    }
    parts[i] = ' '.repeat(line.length);
    if (depth <= 0) inEsm = false;
  }
  return parts.join('');
}
