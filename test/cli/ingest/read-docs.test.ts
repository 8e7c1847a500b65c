import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocs } from '../../../src/cli/ingest/read-docs';
import { isRetrieverError } from '../../../src/core/common/errors';
import { chunkMarkdownFile } from '../../../src/core/build-time/ingest/chunk-markdown-file';

let dir: string;

async function put(path: string, content: string | Uint8Array): Promise<void> {
  const full = join(dir, path);
  await mkdir(join(full, '..'), { recursive: true });
  await writeFile(full, content);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-docs-'));
  await put('intro.md', '# Intro\n\nWelcome to the book.\n');
  await put('01-ros2/index.md', '---\ntitle: ROS 2\n---\n# ROS 2\n\nModule overview text.\n');
  await put('01-ros2/01-arch.mdx', "import X from 'x';\n\n# Arch\n\nLayers all the way down.\n");
  await put('01-ros2/deep/nested/page.md', '# Deep\n\nNested page text.\n');
  await put('crlf.md', '# CRLF\r\n\r\nWindows line endings.\r\n');
  await put('bom.md', '\uFEFF# BOM\n\nByte order mark.\n');
  await put('empty.md', '');
  await put('bad-yaml.md', '---\ntitle: [oops\n---\n# X\n\nText.\n');
  // Left out silently, as Docusaurus does:
  await put('01-ros2/_partial.mdx', '# Partial\n');
  await put('_drafts/draft.md', '# Draft\n');
  await put('.hidden/secret.md', '# Hidden\n');
  await put('.dotfile.md', '# Dot\n');
  await put('node_modules/pkg/README.md', '# Pkg\n');
  await put('img.png', new Uint8Array([137, 80, 78, 71, 0, 0]));
  await put('notes.txt', 'not markdown');
  await put('README.md.bak', '# backup');
  // Reported:
  await put('binary.md', new Uint8Array([35, 32, 72, 0, 1, 2, 3]));
  await put('latin1.md', new Uint8Array([35, 32, 0xe9, 116, 0xe9, 10])); // "# été" in Latin-1
  await symlink(join(dir, 'missing-target.md'), join(dir, 'broken-link.md'));
  await symlink(join(dir, '01-ros2'), join(dir, '0-link-to-ros2')); // a second path to the same folder, sorting first
  await symlink(dir, join(dir, '01-ros2/deep/up')); // a loop
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readDocs', () => {
  it('finds .md/.mdx files recursively, with forward-slash relative paths, sorted', async () => {
    const { files } = await readDocs(dir);
    expect(files.map((f) => f.path)).toEqual([
      '01-ros2/01-arch.mdx',
      '01-ros2/deep/nested/page.md',
      '01-ros2/index.md',
      'bad-yaml.md',
      'bom.md',
      'crlf.md',
      'empty.md',
      'intro.md',
    ]);
  });

  it('returns text as is (CRLF kept) minus a BOM', async () => {
    const { files } = await readDocs(dir);
    expect(files.find((f) => f.path === 'crlf.md')?.text).toBe('# CRLF\r\n\r\nWindows line endings.\r\n');
    expect(files.find((f) => f.path === 'bom.md')?.text).toBe('# BOM\n\nByte order mark.\n');
  });

  it('reports binary, non-UTF-8 and unreadable files with a reason instead of throwing', async () => {
    const { skipped } = await readDocs(dir);
    expect(skipped.map((s) => [s.path, s.code])).toEqual([
      ['binary.md', 'binary'],
      ['broken-link.md', 'unreadable'],
      ['latin1.md', 'invalid_utf8'],
    ]);
    for (const s of skipped) expect(s.reason.length).toBeGreaterThan(5);
  });

  it('lists markdown Docusaurus does not read (.markdown, .MD, .MDX) as skipped with the fix, not silently', async () => {
    const other = await mkdtemp(join(tmpdir(), 'read-docs-ext-'));
    try {
      for (const name of ['old.markdown', 'UPPER.MD', 'guide/Comp.MDX', 'page.md', 'notes.txt', '_partial.markdown']) {
        await mkdir(join(other, name, '..'), { recursive: true });
        await writeFile(join(other, name), '# Page\n\nText.\n');
      }
      const { files, skipped } = await readDocs(other);
      expect(files.map((f) => f.path)).toEqual(['page.md']);
      expect(skipped.map((s) => [s.path, s.code, s.reason])).toEqual([
        ['UPPER.MD', 'unsupported_extension', 'Docusaurus reads .md and .mdx only: rename to .md to include it'],
        ['guide/Comp.MDX', 'unsupported_extension', 'Docusaurus reads .md and .mdx only: rename to .mdx to include it'],
        ['old.markdown', 'unsupported_extension', 'Docusaurus reads .md and .mdx only: rename to .md to include it'],
      ]);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('throws invalid_request for a missing docs directory', async () => {
    const error = await readDocs(join(dir, 'nope')).catch((e: unknown) => e);
    expect(isRetrieverError(error)).toBe(true);
    expect((error as { code: string }).code).toBe('invalid_request');
  });

  it('feeds chunkMarkdownFile end to end: good files chunk, bad ones are skipped with a reason', async () => {
    const { files } = await readDocs(dir);
    const outcomes = await Promise.all(files.map(async (f) => [f.path, await chunkMarkdownFile({ filePath: f.path, text: f.text })] as const));
    const skipped = outcomes.filter(([, r]) => !r.ok).map(([p, r]) => [p, r.ok ? '' : r.code]);
    expect(skipped).toEqual([
      ['bad-yaml.md', 'invalid_front_matter'],
      ['empty.md', 'empty'],
    ]);
    const arch = outcomes.find(([p]) => p === '01-ros2/01-arch.mdx')![1];
    expect(arch.ok && arch.chunks[0]!.payload).toMatchObject({
      module: '01-ros2',
      chapter: 'arch',
      content: '# Arch\n\nLayers all the way down.',
      start_line: 3,
      end_line: 5,
      source_url: '/docs/ros2/arch',
    });
  });
});
