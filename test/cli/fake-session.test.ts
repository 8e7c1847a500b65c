/**
 * `npm run fake`: the loopback Cohere + Qdrant with a book ingested, for a session by hand, and the
 * variables it tells the developer to use.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeSessionText, startFakeWithBook } from '../../bench/fake-with-book';
import { MINI_BOOK } from './ingest/ingest-harness';

describe('npm run fake', () => {
  it('serves the book as a Qdrant collection and prints the variables that reach it', async () => {
    const { fake, vars } = await startFakeWithBook('session', { docs: MINI_BOOK });
    try {
      const res = await fetch(`${vars.QDRANT_URL}/collections/textbook_chunks`, { headers: { 'api-key': vars.QDRANT_API_KEY! } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: { points_count: number } }).result.points_count).toBeGreaterThan(5);
      const text = fakeSessionText(vars, MINI_BOOK);
      for (const [name, value] of Object.entries(vars)) expect(text).toContain(`\n${name}=${value}\n`);
      expect(text).toMatch(/__fake\/reset forgets the calls AND the collections/);
    } finally {
      await fake.close();
    }
  }, 60_000);

  it('--help prints the usage (exit 0); an unknown option or a bad port is one line and the usage (exit 2), no stack', () => {
    const run = (...args: string[]) => spawnSync(resolve('node_modules/.bin/tsx'), ['bench/fake-with-book.ts', ...args], { encoding: 'utf8', timeout: 60_000 });
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run fake -- \[options\]/);
    expect(help.stdout).toContain('--port N');
    for (const [args, message] of [[['--bogus'], /^fake: unknown option --bogus$/m], [['--port', 'abc'], /^fake: --port must be a port number \(0-65535\), got "abc"/]] as const) {
      const bad = run(...args);
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(message);
      expect(bad.stderr).toContain('\n\nUsage: npm run fake -- [options]');
      expect(bad.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(bad.stdout).toBe('');
    }
  }, 60_000);
});
