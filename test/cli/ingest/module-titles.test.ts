/**
 * Module titles through `collectChunks` on tiny books of its own: every chunk carries the sidebar
 * label of its top-level folder beside the folder itself, read from `_category_.json` or
 * `_category_.yml` (JSON first, as Docusaurus), else the folder name without its number prefix; a
 * malformed file is one warning for the book and the fallback, and the ingest goes on.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChunks } from '../../../src/cli/ingest/collect-chunks';

let docs: string;

async function page(path: string, text: string): Promise<void> {
  await mkdir(join(docs, path, '..'), { recursive: true });
  await writeFile(join(docs, path), text);
}

beforeAll(async () => {
  docs = await mkdtemp(join(tmpdir(), 'module-titles-'));
  await page('intro.md', '# First aid\n\nWhat to do before help arrives.\n');
  await page('01-basics/_category_.json', '{"label": "Part 1: Basics", "position": 2}');
  await page('01-basics/scene.md', '# Safe scene\n\nCheck the scene is safe before you approach.\n');
  await page('01-basics/call.md', '# Calling for help\n\nCall the emergency number and give the address.\n');
  await page('02-first-response/_category_.yml', 'label: "Part 2: First Response"\n');
  // A .json file wins over a .yml one, as in Docusaurus.
  await page('03-burns/_category_.json', '{"label": "Part 3: Burns"}');
  await page('03-burns/_category_.yml', 'label: Not this one\n');
  await page('03-burns/cool.md', '# Cool the burn\n\nCool it under running water for twenty minutes.\n');
  await page('02-first-response/cpr.md', '# CPR\n\nPush hard and fast in the centre of the chest.\n');
  await page('04-after-care/rest.md', '# Rest\n\nKeep the person warm and still until help comes.\n');
  await page('05-kits/_category_.json', '{"label": "Part 5: Kits", }');
  await page('05-kits/contents.md', '# What a kit holds\n\nBandages, gloves, scissors and a foil blanket.\n');
  await page('05-kits/checks.md', '# Checking a kit\n\nReplace anything used or past its date.\n');
});

afterAll(async () => {
  await rm(docs, { recursive: true, force: true });
});

describe('collectChunks: module titles', () => {
  it("gives every chunk its module's sidebar label beside the unchanged folder name, and warns once per malformed file", async () => {
    const book = await collectChunks(docs, { baseUrl: '', routeBasePath: '/docs' });
    const byFile = Object.fromEntries(book.chunks.map((c) => [c.payload.file_path, [c.payload.module, c.payload.module_title]]));
    expect(byFile).toEqual({
      '01-basics/call.md': ['01-basics', 'Part 1: Basics'],
      '01-basics/scene.md': ['01-basics', 'Part 1: Basics'],
      '02-first-response/cpr.md': ['02-first-response', 'Part 2: First Response'],
      '03-burns/cool.md': ['03-burns', 'Part 3: Burns'],
      '04-after-care/rest.md': ['04-after-care', 'after-care'],
      '05-kits/checks.md': ['05-kits', 'kits'],
      '05-kits/contents.md': ['05-kits', 'kits'],
      'intro.md': [null, null],
    });
    // Two pages of 05-kits, one warning: the file's, not each page's.
    const categoryWarnings = book.warnings.filter((w) => w.path.includes('_category_'));
    expect(categoryWarnings).toHaveLength(1);
    expect(categoryWarnings[0]).toMatchObject({ path: '05-kits/_category_.json' });
    expect(categoryWarnings[0]!.message).toMatch(/^not valid JSON .*the module is named "kits"/);
    // The metadata files are not pages.
    expect(book.files).toBe(8);
    expect(book.skipped).toEqual([]);
  });
});
