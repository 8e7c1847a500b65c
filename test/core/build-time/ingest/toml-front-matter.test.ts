import { describe, expect, it } from 'vitest';
import { readTomlFrontMatter } from '../../../../src/core/build-time/ingest/toml-front-matter';
import { chunksOf } from './chunk-test-helpers';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';

describe('readTomlFrontMatter', () => {
  it('reads one-line strings, numbers, booleans and arrays of the fields the ingester uses', () => {
    const toml = 'title = "Install \\"it\\" \\u00e9"\nslug = \'/setup\'\ntags = ["linux", \'mac\', "linux"]\nsidebar_position = 1_0\ndraft = false # not yet';
    expect(readTomlFrontMatter(toml)).toEqual({
      data: { title: 'Install "it" é', slug: '/setup', tags: ['linux', 'mac'], sidebarPosition: 10 },
      warnings: [],
    });
  });

  it('ignores other keys whatever they hold (dates, multi-line arrays and strings), dotted keys and tables', () => {
    const toml = [
      'date = 2024-01-01T10:00:00Z',
      'aliases = [',
      '  "/old",',
      ']',
      'description = """',
      'title = "not the title: inside a string"',
      '"""',
      'params.title = "a nested key"',
      'title = "Real title"',
      '[menu.main]',
      'title = "a table key"',
    ].join('\n');
    expect(readTomlFrontMatter(toml)).toEqual({ data: { title: 'Real title', tags: [], sidebarPosition: null }, warnings: [] });
  });

  it('warns once, naming the first line it could not read, and keeps what it read', () => {
    const toml = 'title = """Multi\nline"""\nnot toml at all\ntags = ["a"]\nanother bad line';
    const { data, warnings } = readTomlFrontMatter(toml);
    expect(data).toEqual({ tags: ['a'], sidebarPosition: null });
    expect(warnings).toEqual(['TOML front matter line 2 (`title = """Multi`) not read: only one-line `key = "value"` entries are']);
  });
});

describe('chunkMarkdownFile: TOML front matter (Hugo)', () => {
  it('never puts the TOML in chunk text, and takes the title from it', async () => {
    const text = '+++\ntitle = "Hugo page"\ndate = 2024-01-01\n+++\n\nBody text of the page.\n';
    const [chunk, ...rest] = await chunksOf('guide/hugo.md', text);
    expect(rest).toEqual([]);
    expect(chunk!.payload).toMatchObject({ content: 'Body text of the page.', title: 'Hugo page', start_line: 6, end_line: 6 });
  });

  it('warns once per file when the TOML cannot be read', async () => {
    const result = await chunkMarkdownFile({ filePath: 'a.md', text: '+++\ntitle: not toml\nweight: 3\n+++\n\nBody.\n' });
    expect(result.ok && result.warnings).toEqual(['TOML front matter line 2 (`title: not toml`) not read: only one-line `key = "value"` entries are']);
    expect(result.ok && result.chunks[0]!.payload.content).toBe('Body.');
  });

  it('skips a Hugo draft, and a file whose `+++` never closes (it would be indexed as prose)', async () => {
    expect(await chunkMarkdownFile({ filePath: 'a.md', text: '+++\ndraft = true\n+++\n\nBody.\n' })).toMatchObject({ ok: false, code: 'draft' });
    expect(await chunkMarkdownFile({ filePath: 'a.md', text: '+++\ntitle = "x"\n\nBody.\n' })).toMatchObject({
      ok: false,
      code: 'invalid_front_matter',
      reason: 'invalid front matter: no closing `+++` line',
    });
  });
});
