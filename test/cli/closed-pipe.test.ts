/**
 * closed-pipe.ts: `retrieve … | head` stops quietly when head closes the pipe, in-process (a fake
 * stream) and as a real process whose reader goes away.
 */
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopQuietlyOnClosedPipe } from '../../src/cli/closed-pipe';
import { repoLocalVarsMasked } from '../support/local-vars-masked';
import { TEST_INDEX } from '../support/test-index';
import { ROOT } from './retrieve/support';

describe('stopQuietlyOnClosedPipe', () => {
  it('exits 0 on EPIPE and rethrows any other write error', () => {
    const stream = new EventEmitter() as unknown as NodeJS.WritableStream;
    const exits: number[] = [];
    stopQuietlyOnClosedPipe(stream, (code) => exits.push(code));
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(exits).toEqual([0]);
    expect(() => stream.emit('error', Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toThrow('no space');
  });

  it('lets `retrieve --json -k 50 | head -c 100` end with status 0 and nothing on stderr', () => {
    const env = { ...repoLocalVarsMasked(), PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' };
    // A real shell pipe, as a user types it; pipefail reports retrieve's own status, not head's.
    const script = 'set -o pipefail; "$NODE" bin/retrieve.mjs "What is a ROS 2 topic?" -k 50 --json --index "$INDEX" | head -c 100 > /dev/null';
    const run = spawnSync('bash', ['-c', script], { cwd: ROOT, env: { ...env, NODE: process.execPath, INDEX: TEST_INDEX }, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(run.status).toBe(0);
  }, 60_000);
});
