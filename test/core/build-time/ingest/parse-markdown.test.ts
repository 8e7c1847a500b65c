import { describe, expect, it } from 'vitest';
import { cleanChunkText } from '../../../../src/core/build-time/ingest/clean-chunk-text';
import { blankMdxExpressions, blankTopLevelEsm, parseMarkdown } from '../../../../src/core/build-time/ingest/parse-markdown';

describe('blankTopLevelEsm', () => {
  it('blanks single- and multi-line import/export statements, keeping length and lines', () => {
    const text = [
      "import Tabs from '@theme/Tabs';",
      'import {',
      '  A,',
      '  B,',
      "} from './parts';",
      'export const meta = {',
      "  a: 'x',",
      '};',
      '',
      '# Title',
      'Import the module first.',
    ].join('\r\n');
    const out = blankTopLevelEsm(text);
    expect(out.length).toBe(text.length);
    const lines = out.split('\r\n');
    expect(lines.slice(0, 8).every((l) => l.trim() === '')).toBe(true);
    expect(lines.slice(9)).toEqual(['# Title', 'Import the module first.']);
  });

  it('leaves prose alone: a wrapped line opening with "important", and "import" inside a paragraph', () => {
    const text = ['Your traffic is visible to the provider, so it is', 'important whom you trust.', '', 'Bikes are', "import from 'abroad' says the label.", '', 'imported parts cost more.'].join('\n');
    expect(blankTopLevelEsm(text)).toBe(text);
    expect(cleanChunkText(text)).toContain('important whom you trust.');
  });

  it('leaves fenced code and front matter alone', () => {
    const text = "---\nimport x: y\n---\n```js\nimport a from 'a';\n```\n~~~\nexport const b = 1;\n~~~\n";
    expect(blankTopLevelEsm(text)).toBe(text);
  });
});

describe('parseMarkdown', () => {
  it('exposes raw front matter and positions of the original text', () => {
    const { tree, frontMatter, warnings } = parseMarkdown('---\ntitle: A\n---\n\n# A\n', { mdx: false });
    expect(frontMatter).toBe('title: A');
    expect(warnings).toEqual([]);
    const heading = tree.children.find((n) => n.type === 'heading');
    expect(heading?.position?.start.line).toBe(5);
  });

  it('parses valid MDX strictly (ESM and JSX nodes)', () => {
    const { tree, warnings } = parseMarkdown("import X from 'x';\n\n<X>\n\nText.\n\n</X>\n", { mdx: true });
    expect(warnings).toEqual([]);
    expect(tree.children.map((n) => n.type)).toEqual(['mdxjsEsm', 'mdxJsxFlowElement']);
  });

  it('falls back to markdown for non-strict MDX, with imports blanked and a warning', () => {
    const text = "import X from 'x';\n\n## Setup {#setup}\n\n<!-- note -->\n";
    const { tree, warnings } = parseMarkdown(text, { mdx: true });
    expect(warnings).toHaveLength(1);
    // Where the strict parse stopped, so the page can be fixed: the HTML comment on line 5.
    expect(warnings[0]).toMatch(/^not strict MDX at line 5, column \d+ \(/);
    expect(tree.children.map((n) => n.type)).toEqual(['heading', 'html']);
    expect(tree.children[0]?.position?.start.offset).toBe(text.indexOf('## Setup'));
  });

  it('parses GFM tables', () => {
    const { tree } = parseMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n', { mdx: false });
    expect(tree.children[0]?.type).toBe('table');
  });
});

describe('blankMdxExpressions', () => {
  const blank = (text: string, mdx = true) => blankMdxExpressions(parseMarkdown(text, { mdx }).tree, text);

  it('blanks flow and text expressions, comments included, keeping length and line breaks', () => {
    const text = "import gcc from '!!raw-loader!./gcc';\n\n<CodeBlock title=\"gcc\">{gcc}</CodeBlock>\n\nA {props.name} here.\n\n{/* editors:\r\n  keep short */}\n";
    const out = blank(text);
    expect(out.length).toBe(text.length);
    expect(out).not.toMatch(/\{|\}|props|editors|keep short/);
    expect(out).toContain('<CodeBlock title="gcc">     </CodeBlock>');
    expect(out.split(/\r\n|\n/)).toHaveLength(text.split(/\r\n|\n/).length);
    expect(out.indexOf('here.')).toBe(text.indexOf('here.'));
  });

  it('keeps the text of a string literal, padded to the same length', () => {
    const text = 'Press{" "}<kbd>Ctrl</kbd>{"+C"} to stop.\n';
    const out = blank(text);
    expect(out.length).toBe(text.length);
    expect(out.replace(/ +/g, ' ')).toBe('Press <kbd>Ctrl</kbd>+C to stop.\n');
    // Over several lines it is blanked instead, so every line after it stays where it was.
    const multi = 'A {\n  "word"\n} b.\n\nNext line.\n';
    expect(blank(multi).split('\n').map((l) => l.trim())).toEqual(['A', '', 'b.', '', 'Next line.', '']);
  });

  it('leaves text read as plain markdown (and fenced code) unchanged', () => {
    const md = "Sets like {a, b} are text in markdown.\n\n```bash\necho {1..3}\n```\n";
    expect(blank(md, false)).toBe(md);
    const mdx = "Text.\n\n```bash\necho {1..3}\n```\n";
    expect(blank(mdx)).toBe(mdx);
  });
});
