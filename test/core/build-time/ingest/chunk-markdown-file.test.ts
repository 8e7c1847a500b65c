import { describe, expect, it } from 'vitest';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';
import { estimateTokens } from '../../../../src/core/build-time/ingest/estimate-tokens';
import { pointIdFor, sha256Hex } from '../../../../src/core/common/point-id';
import { chunksOf, expectLineRangesMatch, paragraphs } from './chunk-test-helpers';

const PAYLOAD_KEYS = [
  'chapter', 'chunk_id', 'chunk_index', 'chunk_token_count', 'content', 'content_hash', 'defines', 'end_line', 'file_path',
  'heading_terms', 'heading_trail', 'headings', 'kind', 'module', 'module_title', 'section', 'section_url', 'sidebar_position', 'source_url', 'start_line', 'tags', 'title',
].sort();

describe('chunkMarkdownFile: payload', () => {
  const doc = [
    '---',
    'title: ROS 2 Architecture',
    'sidebar_position: 1',
    'tags: [ros2, {label: Middleware}]',
    '---',
    '',
    '# Architecture',
    '',
    paragraphs(2, 4, 'Layer'),
  ].join('\n');

  it('carries every field with the documented names and values', async () => {
    const [chunk, ...rest] = await chunksOf('01-ros2/01-ros2-architecture.md', doc, { baseUrl: 'https://book.example.com/' });
    expect(rest).toEqual([]);
    const p = chunk!.payload;
    expect(Object.keys(p).sort()).toEqual(PAYLOAD_KEYS);
    expect(p).toMatchObject({
      file_path: '01-ros2/01-ros2-architecture.md',
      start_line: 7, // "# Architecture", after 5 front-matter lines and a blank
      end_line: 11,
      headings: ['Architecture'],
      heading_trail: ['Architecture'],
      section: 'Architecture',
      kind: 'content',
      // The chunk's own heading (the H1 differs from the front-matter title); no defining sentence.
      heading_terms: ['architectur'],
      defines: [],
      title: 'ROS 2 Architecture',
      module: '01-ros2',
      // No sidebar label was given: the folder name as Docusaurus shows it, number prefix stripped.
      module_title: 'ros2',
      chapter: 'ros2-architecture',
      tags: ['ros2', 'Middleware'],
      sidebar_position: 1,
      chunk_index: 0,
      chunk_id: '01-ros2/01-ros2-architecture.md#0',
      source_url: 'https://book.example.com/docs/ros2/ros2-architecture',
      // The chunk starts under the page's H1: its section is the top of the page.
      section_url: 'https://book.example.com/docs/ros2/ros2-architecture',
    });
    expect(p.content).toBe(doc.split('\n').slice(6).join('\n'));
    expect(p.chunk_token_count).toBe(estimateTokens(p.content));
    expect(p.content_hash).toBe(await sha256Hex(p.content));
    expect(chunk!.id).toBe(await pointIdFor(p.file_path, 0));
  });

  it('names the module by the label it is given for its folder; a page at the docs root has no module', async () => {
    const titles = new Map([['02-first-response', 'Part 2: First Response']]);
    const [inModule] = await chunksOf('02-first-response/cpr.md', '# CPR\n\nPress hard and fast in the centre of the chest.\n', { moduleTitles: titles });
    expect(inModule!.payload).toMatchObject({ module: '02-first-response', module_title: 'Part 2: First Response' });
    const [other] = await chunksOf('03-after-care/rest.md', '# Rest\n\nLet the patient rest in a warm, quiet place.\n', { moduleTitles: titles });
    expect(other!.payload).toMatchObject({ module: '03-after-care', module_title: 'after-care' });
    const [root] = await chunksOf('intro.md', '# Intro\n\nWhat this first-aid book covers and for whom.\n', { moduleTitles: titles });
    expect(root!.payload).toMatchObject({ module: null, module_title: null });
  });

  it("records the term a section's question heading asks about among the chunk's defines", async () => {
    const text = `# Networking\n\n${paragraphs(3, 5, 'Intro')}\n\n## What is an IP address?\n\n${paragraphs(3, 5, 'Every device has one')}\n`;
    const chunks = await chunksOf('net/ip.md', text);
    const faq = chunks.find((c) => c.payload.section === 'What is an IP address?');
    expect(faq?.payload.defines).toEqual(expect.arrayContaining(['ip address']));
    expect(chunks.find((c) => c.payload.section === 'Networking')?.payload.defines ?? []).not.toContain('ip address');
  });

  it('is idempotent: same ids, hashes and payloads on a second run', async () => {
    const text = `# Long\n\n${paragraphs(12, 5, 'Idem')}`;
    const a = await chunksOf('x/y.md', text);
    const b = await chunksOf('x/y.md', text);
    expect(a.length).toBeGreaterThan(1);
    expect(b).toEqual(a);
    expect(new Set(a.map((c) => c.id)).size).toBe(a.length);
    expect(a.map((c) => c.payload.chunk_index)).toEqual(a.map((_, i) => i));
    for (const c of a) expect(c.id).toBe(await pointIdFor('x/y.md', c.payload.chunk_index));
  });

  it('normalises the file path to forward slashes', async () => {
    const [chunk] = await chunksOf('02-sim\\03-sensors.md', `# S\n\n${paragraphs(1, 6, 'S')}`);
    expect(chunk!.payload.file_path).toBe('02-sim/03-sensors.md');
    expect(chunk!.payload.chunk_id).toBe('02-sim/03-sensors.md#0');
  });
});

describe('chunkMarkdownFile: front-matter variants', () => {
  const body = `# First Heading\n\n${paragraphs(1, 6, 'Body')}`;
  const one = async (filePath: string, fm: string | null) =>
    (await chunksOf(filePath, fm === null ? body : `---\n${fm}\n---\n${body}`))[0]!.payload;

  it('without front matter: title from the first H1, no tags, null position, file-name route', async () => {
    const p = await one('intro.md', null);
    expect(p).toMatchObject({ title: 'First Heading', tags: [], sidebar_position: null, module: null, chapter: 'intro' });
    expect(p.source_url).toBe('/docs/intro');
    expect(p.start_line).toBe(1);
  });

  it('title only', async () => {
    expect((await one('a/b.md', 'title: Custom Title')).title).toBe('Custom Title');
  });

  it('absolute and relative slugs, and id', async () => {
    expect((await one('01-ros2/x.md', 'slug: /bonjour')).source_url).toBe('/docs/bonjour');
    expect((await one('01-ros2/x.md', 'slug: bonjour')).source_url).toBe('/docs/ros2/bonjour');
    expect((await one('01-ros2/02-x.md', 'id: nodes')).source_url).toBe('/docs/ros2/nodes');
  });

  it('routeBasePath "/" and index files', async () => {
    const result = await chunkMarkdownFile({ filePath: '01-ros2/index.md', text: body }, { routeBasePath: '/', baseUrl: 'https://b.dev' });
    expect(result.ok && result.chunks[0]!.payload.source_url).toBe('https://b.dev/ros2/');
  });

  it('tags as strings and objects, chapter override, numeric sidebar_position', async () => {
    const p = await one('01-ros2/03-qos.md', 'tags:\n  - qos\n  - label: DDS\n    permalink: /dds\nchapter: quality-of-service\nsidebar_position: 3');
    expect(p.tags).toEqual(['qos', 'DDS']);
    expect(p.chapter).toBe('quality-of-service');
    expect(p.sidebar_position).toBe(3);
  });

  it('falls back to the humanized file (or folder, for index files) name for the title', async () => {
    const text = paragraphs(1, 6, 'Plain');
    expect((await chunksOf('02-sim/01-gazebo_setup.md', text))[0]!.payload.title).toBe('Gazebo setup');
    expect((await chunksOf('02-simulation/index.md', text))[0]!.payload.title).toBe('Simulation');
  });
});

describe('chunkMarkdownFile: bad input is reported, never thrown', () => {
  it.each([
    ['an empty file', '', 'empty'],
    ['a whitespace-only file', ' \n\r\n\t', 'empty'],
    ['a binary file', 'PNG\u0000\u0001\u0002', 'binary'],
    ['invalid YAML front matter', '---\ntitle: [broken\n---\n# Hi\n\nText here.', 'invalid_front_matter'],
    ['a non-mapping front matter', '---\n- a\n- b\n---\n# Hi\n\nText.', 'invalid_front_matter'],
    ['unclosed front matter', '---\ntitle: x\n\n# Hi\n\nText.', 'invalid_front_matter'],
    ['front matter only', '---\ntitle: x\n---\n', 'no_content'],
    ['headings only', '# A\n\n## B\n', 'no_content'],
    ['MDX with only imports', "import X from 'x';\n", 'no_content'],
  ])('%s', async (_label, text, code) => {
    const result = await chunkMarkdownFile({ filePath: _label.includes('MDX') ? 'a.mdx' : 'a.md', text });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.reason.length).toBeGreaterThan(5);
    }
  });
});

describe('chunkMarkdownFile: line endings and encoding', () => {
  const lf = [
    '---',
    'title: CRLF',
    '---',
    '',
    '# Top',
    '',
    paragraphs(10, 5, 'Crlf'),
    '',
    '```python',
    'def f():',
    '    return 1',
    '```',
    '',
    '## Next',
    '',
    paragraphs(10, 5, 'After'),
  ].join('\n');

  it('gives CRLF files the same chunks and the same (original-file) line numbers as LF', async () => {
    const crlf = lf.replace(/\n/g, '\r\n');
    const a = await chunksOf('c.md', lf);
    const b = await chunksOf('c.md', crlf);
    expect(a.length).toBeGreaterThan(2);
    expect(b).toEqual(a);
    expect(b.every((c) => !c.payload.content.includes('\r'))).toBe(true);
    expectLineRangesMatch(crlf, b);
    expectLineRangesMatch(lf, a);
  });

  it('ignores a UTF-8 BOM', async () => {
    const a = await chunksOf('c.md', lf);
    expect(await chunksOf('c.md', `\uFEFF${lf}`)).toEqual(a);
  });

  it('reads a page saved with decomposed accents (NFD) as the same page composed: same chunks, same lines', async () => {
    const page = '# Los plurales\n\nEl lápiz y el café.\n\n## Más\n\nUn niño pequeño.\n';
    const composed = await chunksOf('p.md', page);
    const decomposed = await chunksOf('p.md', page.normalize('NFD'));
    // The same text; only the anchor of a heading saved decomposed stays so, as the built site's id
    // is (Docusaurus slugs the text as saved, and a browser does not compose a fragment).
    expect(JSON.parse(JSON.stringify(decomposed).normalize('NFC'))).toEqual(composed);
    expect(decomposed[0]!.payload.content).toContain('lápiz');
    expect(decomposed[0]!.payload.later_headings).toEqual([[37, 'Más', 'ma\u0301s']]);
    expect(composed[0]!.payload.later_headings).toEqual([[37, 'Más', 'más']]);
  });

  it('keeps non-ASCII text intact and hashes it as UTF-8', async () => {
    const text = [
      '# Роботы и 机器人',
      '',
      'Гуманоидный робот имеет десятки моторов. 人形机器人有几十个电机。 Füße und Hände — ça marche.',
      '',
      '## Überblick ✓',
      '',
      paragraphs(1, 6, 'Ünïcödé'),
    ].join('\n');
    const chunks = await chunksOf('intl/übersicht.md', text);
    expectLineRangesMatch(text, chunks);
    const all = chunks.map((c) => c.payload.content).join('\n');
    expect(all).toContain('人形机器人有几十个电机。');
    expect(all).toContain('Füße und Hände — ça marche.');
    expect(chunks[0]!.payload.title).toBe('Роботы и 机器人');
    expect(chunks.some((c) => c.payload.headings.join('>') === 'Роботы и 机器人>Überblick ✓')).toBe(true);
    expect(chunks[0]!.payload.source_url).toBe('/docs/intl/%C3%BCbersicht');
  });
});

describe('chunkMarkdownFile: drafts', () => {
  it('skips a page with draft: true, as Docusaurus leaves it out of the site; draft: false is a page', async () => {
    const page = (draft: string) => `---\ntitle: Reactor\ndraft: ${draft}\n---\n\n# Reactor\n\nThe unobtainium reactor runs hot.\n`;
    const skipped = await chunkMarkdownFile({ filePath: 'guides/draft.md', text: page('true') });
    expect(skipped).toMatchObject({ ok: false, code: 'draft' });
    expect((skipped as { reason: string }).reason).toMatch(/^draft: true/);
    expect(await chunkMarkdownFile({ filePath: 'guides/draft.md', text: page('false') })).toMatchObject({ ok: true });
  });
});
