/**
 * `collectChunks`: every file of a docs tree chunked, then what depends on the whole book — a term
 * that many chunks "define" (a manual's option lists) is defined by none of them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChunks } from '../../../src/cli/ingest/collect-chunks';
import { MAX_DEFINING_CHUNKS } from '../../../src/core/build-time/ingest/distinct-definitions';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'collect-chunks-'));
  // One more dialog page than a term may be "defined" on, each with the same option item.
  for (let i = 0; i <= MAX_DEFINING_CHUNKS; i++) {
    await writeFile(join(dir, `dialog-${i}.md`), `# Dialog ${i}\n\n- **Opacity**: how much of the layer below shows through.\n`);
  }
  await writeFile(join(dir, 'valves.md'), '# Valves\n\nA **valve** is a device that regulates flow.\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('collectChunks', () => {
  it('keeps a term among what a chunk defines only when few chunks of the book define it', async () => {
    const book = await collectChunks(dir, { baseUrl: '', routeBasePath: '/docs' });
    expect(book.files).toBe(MAX_DEFINING_CHUNKS + 2);
    const defining = (stem: string) => book.chunks.filter((c) => c.payload.defines.includes(stem)).map((c) => c.payload.file_path);
    expect(defining('opac')).toEqual([]);
    expect(defining('valv')).toEqual(['valves.md']);
  });
});

describe('collectChunks: duplicate routes', () => {
  it('warns when two files publish one page URL (index.md beside README.md), naming both', async () => {
    const docs = await mkdtemp(join(tmpdir(), 'routes-'));
    try {
      const { mkdir } = await import('node:fs/promises');
      await mkdir(join(docs, 'start'));
      await writeFile(join(docs, 'start', 'index.md'), '# Start\n\nHow to start the robot safely.\n');
      await writeFile(join(docs, 'start', 'README.md'), '# Readme\n\nAnother page about the wheels.\n');
      await writeFile(join(docs, 'other.md'), '# Other\n\nA page about arms and grippers.\n');
      const book = await collectChunks(docs, { baseUrl: '', routeBasePath: '/docs' });
      const duplicate = book.warnings.filter((w) => /Docusaurus refuses duplicate routes/.test(w.message));
      expect(duplicate).toHaveLength(1);
      expect(duplicate[0]!.message).toMatch(/^publishes \/docs\/start\/, as start\/(README|index)\.md does/);
      expect(book.warnings.some((w) => w.path === 'other.md')).toBe(false);
    } finally {
      await rm(docs, { recursive: true, force: true });
    }
  });
});

describe('collectChunks: chapters of one-page-per-folder books', () => {
  it("names a page by its folder when its file name says nothing (README.md, SKILL.md in every folder), keeping Docusaurus's URLs", async () => {
    const docs = await mkdtemp(join(tmpdir(), 'chapters-'));
    try {
      const { mkdir } = await import('node:fs/promises');
      for (const folder of ['skills/camera', 'skills/input', 'helpers']) await mkdir(join(docs, folder), { recursive: true });
      await writeFile(join(docs, 'skills/camera/SKILL.md'), '# Camera\n\nThe camera follows the player across the level.\n');
      await writeFile(join(docs, 'skills/input/SKILL.md'), '# Input\n\nKeyboard and pointer input reach the scene first.\n');
      await writeFile(join(docs, 'helpers/README.md'), '# Helpers\n\nSmall functions shared by every scene.\n');
      await writeFile(join(docs, 'skills/camera/shake.md'), '# Shake\n\nA short shake makes an impact felt.\n');
      const book = await collectChunks(docs, { baseUrl: 'https://game.example', routeBasePath: '/docs' });
      const pages = book.chunks.map((c) => [c.payload.file_path, c.payload.chapter, c.payload.source_url]);
      expect(pages).toEqual([
        ['helpers/README.md', 'helpers', 'https://game.example/docs/helpers/'],
        ['skills/camera/SKILL.md', 'camera', 'https://game.example/docs/skills/camera/SKILL'],
        ['skills/camera/shake.md', 'shake', 'https://game.example/docs/skills/camera/shake'],
        ['skills/input/SKILL.md', 'input', 'https://game.example/docs/skills/input/SKILL'],
      ]);
    } finally {
      await rm(docs, { recursive: true, force: true });
    }
  });
});
