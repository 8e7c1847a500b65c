/**
 * Both bins as a user gets them: the package installed (linked) into another project, its
 * commands run from that project's node_modules/.bin as real processes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MINI_BOOK = resolve(ROOT, 'test/fixtures/books/mini');
// No keys from the developer's shell: the embedded default answers.
const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' };
let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'edge-retriever-consumer-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--offline', ROOT], { cwd: project, env, encoding: 'utf8', timeout: 120_000 });
  expect(install.status, install.stderr).toBe(0);
}, 180_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

const run = (bin: string, args: string[]) =>
  spawnSync(join(project, 'node_modules/.bin', bin), args, { cwd: project, env, encoding: 'utf8', timeout: 120_000 });

describe('installed bins', () => {
  it('edge-retriever-ingest builds a local index of a book, and refuses a bad flag with exit 2', () => {
    const out = join(project, 'mini.bin');
    const ok = run('edge-retriever-ingest', [MINI_BOOK, '--target', 'local', '--out', out, '--json']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ target: 'local' });
    expect(existsSync(out)).toBe(true);

    const usage = run('edge-retriever-ingest', [MINI_BOOK, '--bogus']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^ingest: .*--bogus.*\n {2}hint: run `ingest --help` for usage/);
  }, 120_000);

  it('retrieve searches that index and prints JSON', () => {
    const out = join(project, 'mini.bin');
    const found = run('retrieve', ['integral term of a PID controller', '--index', out, '-k', '1', '--mode', 'keyword', '--json']);
    expect(found.status, found.stderr).toBe(0);
    const doc = JSON.parse(found.stdout) as { results: { chunk_id: string }[] };
    expect(doc.results).toHaveLength(1);
    expect(doc.results[0]!.chunk_id).toMatch(/pid-control/);
  }, 120_000);
});
