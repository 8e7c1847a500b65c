/**
 * `npm run dev` says when it does not start the server and why, after ingest's own report: a book
 * folder with no page in it used to end at "Nothing could be ingested" and exit 1, no word from dev.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

it('an empty DOCS_DIR: exit 1, and a dev: line saying the server did not start and why', () => {
  const empty = mkdtempSync(join(tmpdir(), 'dev-empty-book-'));
  try {
    const { QDRANT_URL: _q, COHERE_API_KEY: _c, ...env } = process.env;
    // 8944: the port is only probed; the server never starts.
    const run = spawnSync(resolve('node_modules/.bin/tsx'), ['src/cli/dev.ts', '--port', '8944'], {
      env: { ...env, DOCS_DIR: empty },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain(`dev: the server did not start: ${empty} holds no readable .md/.mdx page with content; set DOCS_DIR to a book's docs folder, or unset it to serve the sample book`);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
