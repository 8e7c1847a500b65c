import { describe, expect, it } from 'vitest';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';
import { chunksOf, expectLineRangesMatch, paragraphs } from './chunk-test-helpers';

const TABS = [
  '<Tabs groupId="lang">',
  '  <TabItem value="py" label="Python" default>',
  '',
  '```python',
  'print("hello from python")',
  '```',
  '',
  '  </TabItem>',
  '  <TabItem value="js" label="JavaScript">',
  '',
  '```js',
  'console.log("hello from js");',
  '```',
  '',
  '  </TabItem>',
  '</Tabs>',
];

describe('MDX files', () => {
  it('drops ESM imports but keeps the code inside <Tabs>/<TabItem> as content', async () => {
    const text = [
      '---',
      'title: Tabs demo',
      '---',
      '',
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      '',
      '# Install',
      '',
      paragraphs(1, 6, 'Lang'),
      '',
      'Pick your language.',
      '',
      ...TABS,
      '',
      '## After',
      '',
      paragraphs(1, 6, 'After'),
    ].join('\n');
    const result = await chunkMarkdownFile({ filePath: '01-ros2/02-tabs.mdx', text });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([]); // valid MDX: the strict parser was used
    const all = result.chunks.map((c) => c.payload.content).join('\n');
    expect(all).not.toContain('import Tabs');
    expect(all).not.toMatch(/<\/?Tabs|<\/?TabItem/); // component tags go, the code inside them stays
    expect(all).toMatch(/Python:\n\n```python/); // each tab's code under its name, as the tab bar shows it
    expect(all).toMatch(/JavaScript:\n\n```js/);
    expect(all).toContain('print("hello from python")');
    expect(all).toContain('console.log("hello from js");');
    const install = result.chunks.find((c) => c.payload.content.includes('hello from python'))!;
    expect(install.payload.headings).toEqual(['Install']);
    expect(install.payload.content).toContain('```python\nprint("hello from python")\n```');
    expect(result.chunks[0]!.payload.source_url).toBe('/docs/ros2/tabs');
    expectLineRangesMatch(text, result.chunks);
  });

  // Non-content nodes never start or end a chunk, and never show in its text (the line range
  // still covers them when they sit between two pieces of one chunk).
  it('falls back to markdown for non-strict MDX ({#id} headings, HTML comments), still dropping imports', async () => {
    const text = [
      "import Tabs from '@theme/Tabs';",
      'import {',
      '  TabItem,',
      "} from '@theme/TabItem';",
      '',
      '## Setup {#setup-anchor}',
      '',
      'Install the tools first.',
      '',
      ...TABS,
      '',
      '<!-- editors: keep this short -->',
    ].join('\r\n');
    const result = await chunkMarkdownFile({ filePath: 'setup.mdx', text });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings.join(' ')).toMatch(/not strict MDX/);
    const all = result.chunks.map((c) => c.payload.content).join('\n');
    expect(all).not.toMatch(/import|TabItem|<\/?Tabs|editors: keep|<!--/);
    expect(all).toContain('print("hello from python")');
    expect(all).toContain('console.log("hello from js");');
    expect(result.chunks[0]!.payload.headings).toEqual(['Setup']);
    expect(result.chunks[0]!.payload.start_line).toBe(6);
    expectLineRangesMatch(text, result.chunks);
  });

  it('reads the imports of a .md page as Docusaurus does, so its H1 labels the first chunk', async () => {
    const text = "---\ntitle: Punctures\n---\n\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n# Fixing a puncture\n\nEvery rider gets a flat tyre.\n\n## Tools\n\nTyre levers and a pump.";
    const chunks = await chunksOf('punctures.md', text);
    expect(chunks[0]!.payload.content).toMatch(/^# Fixing a puncture\n\nEvery rider gets a flat tyre\./);
    expect(chunks[0]!.payload.headings).toEqual(['Fixing a puncture']);
    expect(chunks[0]!.payload.section).toBe('Fixing a puncture');
    expect(chunks[0]!.payload.start_line).toBe(8);
  });

  it('keeps import lines inside code fences as code', async () => {
    const text = "# Py\n\n```python\nimport os\nfrom x import y\n```\n\nSee above.";
    const chunks = await chunksOf('py.mdx', text);
    expect(chunks[0]!.payload.content).toContain('import os\nfrom x import y');
  });

  it("reads a component the page shows with a caption or title as that text: a figure's caption, a card's title", async () => {
    const text = [
      '# The cell cycle',
      '',
      'A cell grows, copies its DNA and divides.',
      '',
      '<Figure src="/img/cycle.png" alt="" caption="Interphase (G1, S, G2) takes most of the cycle" />',
      '',
      '<Card title=\'Checkpoints\' icon={<Icon />}>',
      '',
      'Each phase waits for a signal.',
      '',
      '</Card>',
    ].join('\n');
    const [chunk] = await chunksOf('cycle.mdx', text);
    expect(chunk!.payload.content).toBe('# The cell cycle\n\nA cell grows, copies its DNA and divides.\n\nInterphase (G1, S, G2) takes most of the cycle.\n\nCheckpoints:\n\nEach phase waits for a signal.');
  });

  it("keeps a self-closing component's alt text at the end of a chunk, as a markdown image's is kept", async () => {
    const text = [
      '# Hot piles',
      '',
      '## Building the pile',
      '',
      '1. Lay a base of coarse twigs.',
      '2. Add greens and browns in layers.',
      '',
      '<Figure src="/img/layers.png" alt="Cross-section of a pile in alternating layers" />',
    ].join('\n');
    const chunks = await chunksOf('pile.mdx', text);
    const building = chunks.find((chunk) => chunk.payload.section === 'Building the pile');
    expect(building!.payload.content).toContain('![Cross-section of a pile in alternating layers](/img/layers.png)');
    // A component that shows nothing (no caption, title or alt text of two words) still makes no chunk text.
    const bare = await chunksOf('bare.mdx', '# A\n\nText here.\n\n<Spacer size="2" />\n');
    expect(bare.map((chunk) => chunk.payload.content).join('\n')).not.toContain('Spacer');
    expect(bare.at(-1)!.payload.end_line).toBe(3);
  });

  it('shows no MDX expression source: a raw-loader <CodeBlock>, a {/* comment */}', async () => {
    const text = [
      "import script from '!!raw-loader!/src/script.sh';",
      '',
      '# Scripts',
      '',
      'Run the script below from any directory.',
      '',
      '<CodeBlock language="bash" title="src/script.sh">{script}</CodeBlock>',
      '',
      '{/* TODO: explain the exit codes */}',
      '',
      'It prints the folder it lives in.',
    ].join('\n');
    const result = await chunkMarkdownFile({ filePath: 'scripts.mdx', text });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([]);
    expect(result.chunks).toHaveLength(1);
    const { content, start_line, end_line } = result.chunks[0]!.payload;
    expect(content).toBe('# Scripts\n\nRun the script below from any directory.\n\nIt prints the folder it lives in.');
    expect([start_line, end_line]).toEqual([3, 11]);
  });
});

describe('math in MDX', () => {
  it('keeps the braces of $…$ and $$…$$ (TeX, as remark-math reads it), and still drops {/* comments */}', async () => {
    const text = '# Integrals\n\nThe area is $\\frac{1}{2}$ here.\n\n$$\n\\int_0^1 x^2 dx = \\frac{1}{3}\n$$\n\nAnd {/* a comment */} gone.\n\n## The $\\alpha_{1}$ value\n\nText about alpha.\n';
    const chunks = await chunksOf('m.mdx', text);
    const all = chunks.map((c) => c.payload.content).join('\n');
    expect(all).toContain('$\\frac{1}{2}$');
    expect(all).toContain('\\int_0^1 x^2 dx = \\frac{1}{3}');
    expect(all).not.toContain('a comment');
    // The blanked comment leaves one space, as the rendered page shows it, not a run of spaces.
    expect(all).toContain('And gone.');
    expect(chunks.flatMap((c) => c.payload.heading_trail)).toContain('The $\\alpha_{1}$ value');
  });
});
