import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCliEnv, loadDevEnv } from '../../src/cli/env-file';

describe('loadCliEnv', () => {
  it('reads .dev.vars under the environment, and says nothing when there is none', () => {
    const withFile = mkdtempSync(join(tmpdir(), 'env-file-'));
    writeFileSync(join(withFile, '.dev.vars'), 'QDRANT_URL=http://from-file\nEMBED_MODEL=embed-v4.0\n');
    const warnings: string[] = [];
    expect(loadCliEnv(withFile, { EMBED_MODEL: 'embed-english-v3.0' }, (m) => warnings.push(m))).toEqual({
      QDRANT_URL: 'http://from-file',
      EMBED_MODEL: 'embed-english-v3.0',
    });
    expect(loadCliEnv(mkdtempSync(join(tmpdir(), 'env-none-')), { A: '1' }, (m) => warnings.push(m))).toEqual({ A: '1' });
    expect(warnings).toEqual([]);
  });

  it('warns with the cause when .dev.vars exists but cannot be read, and goes on with the environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-bad-'));
    mkdirSync(join(dir, '.dev.vars'));
    const warnings: string[] = [];
    expect(loadCliEnv(dir, { A: '1' }, (m) => warnings.push(m))).toEqual({ A: '1' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/ignoring .*\.dev\.vars: .*EISDIR/);
  });
});

describe('loadDevEnv', () => {
  it("derives the dev command's view (file under the shell) and the Worker's (file under --var, no shell) from one read", () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-dev-'));
    writeFileSync(join(dir, '.dev.vars'), 'DOCS_DIR=from-file/docs\nTOP_K_MAX=10\n');
    const { cli, worker } = loadDevEnv(dir, { DOCS_DIR: 'from-shell/docs', HOME: '/home/x' }, { TOP_K_MAX: '20' });
    expect(cli).toEqual({ DOCS_DIR: 'from-shell/docs', TOP_K_MAX: '10', HOME: '/home/x' });
    expect(worker).toEqual({ DOCS_DIR: 'from-file/docs', TOP_K_MAX: '20' });
  });

  it('warns once, not once per view, about a .dev.vars it cannot read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-dev-bad-'));
    mkdirSync(join(dir, '.dev.vars'));
    const warnings: string[] = [];
    expect(loadDevEnv(dir, { A: '1' }, { B: '2' }, (m) => warnings.push(m))).toEqual({ cli: { A: '1' }, worker: { B: '2' } });
    expect(warnings).toHaveLength(1);
  });
});
