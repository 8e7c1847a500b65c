/**
 * index-paths.ts: a DOCS_DIR pointing nowhere is the command's own one-line message, before any build.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docsDirProblem } from '../../src/cli/index-paths';

const dir = mkdtempSync(join(tmpdir(), 'index-paths-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docsDirProblem', () => {
  it('is null for a folder', () => {
    expect(docsDirProblem(dir, true)).toBeNull();
  });

  it('names DOCS_DIR and both ways out when it is missing or a file', () => {
    const file = join(dir, 'page.md');
    writeFileSync(file, '# A page\n');
    for (const docs of [join(dir, 'nope'), file]) {
      const problem = docsDirProblem(docs, true);
      expect(problem).toBe(`DOCS_DIR ${docs} is not a folder: set DOCS_DIR to a book's docs folder of .md/.mdx pages, or unset it to use the sample book`);
      expect(problem).not.toMatch(/ingest/);
    }
  });

  it('names the sample book when DOCS_DIR is not set', () => {
    expect(docsDirProblem(join(dir, 'gone'), false)).toMatch(/^the sample book's folder .*gone is not a folder/);
  });

  it('reads a relative folder from the given working directory', () => {
    expect(docsDirProblem('.', true, dir)).toBeNull();
    expect(docsDirProblem('page.md', true, dir)).toMatch(/^DOCS_DIR page\.md is not a folder/);
  });
});
