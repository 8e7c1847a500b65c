/**
 * The wiring, as a user runs it: the `retrieve` bin (bin/retrieve.mjs through tsx) and
 * `npm run retrieve --` as real processes, with their stdout and exit codes.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoLocalVarsMasked } from '../../support/local-vars-masked';
import { TEST_INDEX } from '../../support/test-index';
import { ROOT } from './support';

// No keys from the developer's shell: the embedded default answers.
const env = { ...repoLocalVarsMasked(), PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' };

describe('retrieve as a process', () => {
  it('bin/retrieve.mjs prints JSON and exits 0; npm run retrieve exits 1 for no results and 2 for a bad flag', () => {
    const bin = spawnSync(process.execPath, [resolve(ROOT, 'bin/retrieve.mjs'), 'What is a ROS 2 topic?', '-k', '2', '--json', '--index', TEST_INDEX], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(bin.status, bin.stderr).toBe(0);
    const doc = JSON.parse(bin.stdout) as { results: unknown[]; query: string };
    expect(doc.query).toBe('What is a ROS 2 topic?');
    expect(doc.results).toHaveLength(2);

    const none = spawnSync('npm', ['run', '-s', 'retrieve', '--', 'What is a ROS 2 topic?', '--mode', 'semantic', '--threshold', '0.99', '--index', TEST_INDEX], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(none.status, none.stderr).toBe(1);
    expect(none.stdout).toMatch(/^0 results in/m);
    expect(none.stderr).toMatch(/retrieve: no results/);

    const usage = spawnSync(process.execPath, [resolve(ROOT, 'bin/retrieve.mjs'), '--bogus'], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/unknown option --bogus/);
  }, 120_000);
});
