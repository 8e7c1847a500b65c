import { describe, expect, it } from 'vitest';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';
import { anchorAsWritten, blankHeadingIds, createAnchorMaker, explicitHeadingId, withoutHeadingId } from '../../../../src/core/build-time/ingest/heading-anchors';
import { chunksOf, expectLineRangesMatch, paragraphs } from './chunk-test-helpers';

describe('heading ids', () => {
  it('reads the explicit id at the end of a heading line, as Docusaurus does', () => {
    expect(explicitHeadingId('## Install {#setup}')).toBe('setup');
    expect(explicitHeadingId('### Flags {#cli-flags}  ')).toBe('cli-flags');
    expect(explicitHeadingId('## Install {#setup} ##')).toBe('setup');
    // The last `{#…}` wins; one in the middle of the text is not an id.
    expect(explicitHeadingId('## A {#a} b {#b}')).toBe('b');
    expect(explicitHeadingId('## Arrays: ${#arr[@]} counts')).toBeNull();
    expect(explicitHeadingId('## Plain')).toBeNull();
  });

  it('drops the id from a heading line and leaves other lines alone', () => {
    expect(withoutHeadingId('## Install {#setup}')).toBe('## Install');
    expect(withoutHeadingId('echo {#setup}')).toBe('echo {#setup}');
  });

  it('blanks ids in headings to the same length, never inside fenced code', () => {
    const text = '# T {#top}\r\n\n```md\n## In code {#keep}\n```\n## Out {#out}\n';
    const blanked = blankHeadingIds(text);
    expect(blanked).toHaveLength(text.length);
    expect(blanked).toBe(`# T${' '.repeat(7)}\r\n\n\`\`\`md\n## In code {#keep}\n\`\`\`\n## Out${' '.repeat(7)}\n`);
  });

  it('slugs like github-slugger, numbering repeats, and keeps explicit ids as written', () => {
    const anchorOf = createAnchorMaker();
    expect(anchorOf('Getting Started!', null)).toBe('getting-started');
    expect(anchorOf('Usage', null)).toBe('usage');
    expect(anchorOf('Usage', null)).toBe('usage-1');
    expect(anchorOf('Whatever', 'Custom_ID')).toBe('Custom_ID');
    expect(anchorOf('git push --force', null)).toBe('git-push---force');
    expect(anchorOf('Über Größe', null)).toBe('über-größe');
    expect(anchorOf('!!!', null)).toBeNull();
  });
});

describe('anchorAsWritten', () => {
  it('keeps an anchor decomposed when its heading was saved decomposed, as github-slugger keeps combining marks', () => {
    expect(anchorAsWritten('más-niños', '## Ma\u0301s nin\u0303os')).toBe('ma\u0301s-nin\u0303os');
    expect(anchorAsWritten('más-niños', '## Más niños')).toBe('más-niños');
    expect(createAnchorMaker()('Ma\u0301s', null)).toBe('ma\u0301s');
  });
});

describe('chunkMarkdownFile: section links and heading ids', () => {
  const mdx = [
    '---',
    'slug: /guide/setup',
    '---',
    "import Tabs from '@theme/Tabs';",
    '',
    '# Setup {#top}',
    '',
    paragraphs(1, 4, 'Intro'),
    '',
    '{/* a note to the editors */}',
    '',
    '## Install the `calib` tool {#install}',
    '',
    paragraphs(2, 8, 'Install'),
    '',
    '## Usage',
    '',
    paragraphs(2, 8, 'UsageOne'),
    '',
    '## Usage',
    '',
    paragraphs(2, 8, 'UsageTwo'),
  ].join('\n');

  it('parses an MDX file with `{#id}` headings as strict MDX, and keeps ids and comments out of the text', async () => {
    const result = await chunkMarkdownFile({ filePath: 'guide/setup.mdx', text: mdx }, { baseUrl: 'https://book.example.com' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.warnings).toEqual([]);
    for (const { payload } of result.chunks) {
      expect(payload.content).not.toMatch(/\{#|\{\/\*/);
    }
    expect(result.chunks.map((c) => c.payload.headings.at(-1))).toEqual(['Setup', 'Install the calib tool', 'Usage', 'Usage']);
    expectLineRangesMatch(mdx, result.chunks);
  });

  it('links each chunk to the section it starts under: explicit id, else the slug, numbered on repeats', async () => {
    const chunks = await chunksOf('guide/setup.mdx', mdx, { baseUrl: 'https://book.example.com' });
    const page = 'https://book.example.com/docs/guide/setup';
    expect(chunks.map((c) => c.payload.source_url)).toEqual([page, page, page, page]);
    // The H1 is the page title: its chunk links to the page itself.
    expect(chunks.map((c) => c.payload.section_url)).toEqual([page, `${page}#install`, `${page}#usage`, `${page}#usage-1`]);
  });

  it('links a chunk under an H2 of a page without an H1, and a chunk before any heading to the page', async () => {
    const text = [paragraphs(1, 4, 'Lead'), '', '## First steps', '', paragraphs(2, 8, 'Steps')].join('\n');
    const chunks = await chunksOf('intro.md', text);
    expect(chunks.map((c) => c.payload.section_url)).toEqual(['/docs/intro', '/docs/intro#first-steps']);
  });

  it('drops MDX comments and heading ids from a file read as plain markdown', async () => {
    // An HTML comment is not valid MDX, so the file falls back to markdown.
    const text = ['# Page', '', paragraphs(2, 8, 'Lead'), '', '<!-- draft -->', '', '## Part {#part}', '', '{/* hidden */}', paragraphs(2, 8, 'Body')].join('\n');
    const result = await chunkMarkdownFile({ filePath: 'p.mdx', text });
    if (!result.ok) throw new Error(result.reason);
    expect(result.warnings.join(' ')).toMatch(/parsed as markdown/);
    const contents = result.chunks.map((c) => c.payload.content).join('\n');
    expect(contents).not.toMatch(/\{#|\{\/\*|draft|hidden/);
    expect(contents).toContain('## Part');
    expect(result.chunks.at(-1)!.payload.section_url).toBe('/docs/p#part');
  });
});
