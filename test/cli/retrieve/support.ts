/**
 * Helpers for the retrieve CLI tests: run `runRetrieve` in-process with captured output, a port
 * nothing listens on, and the repository paths the tests use.
 */
import { freePort } from '../../support/free-port';
import { resolve } from 'node:path';
import { runRetrieve } from '../../../src/cli/retrieve';
import { TEST_INDEX } from '../../support/test-index';

export const ROOT = resolve(__dirname, '../../..');
export const SAMPLE_QUERIES = resolve(ROOT, 'sample-book/queries.json');
export const SMALL_QUERIES = resolve(__dirname, 'fixtures/small-queries.json');

/** Exit code and captured output of one run. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs the CLI with `env` (default: none, i.e. the embedded default whatever .dev.vars says) on the
 * tests' own index.
 *
 * @example
 * const run = await retrieve(['What is a ROS 2 topic?', '-k', '3']);
 */
export async function retrieve(argv: string[], env: Record<string, string> = {}, fetchImpl?: typeof fetch): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  // In-process runs search the tests' own index unless the test names one (or a Worker URL, or
  // Qdrant: --index beside QDRANT_URL is a usage error).
  const args = argv.includes('--url') || argv.includes('--index') || env.QDRANT_URL ? argv : [...argv, '--index', TEST_INDEX];
  const code = await runRetrieve(args, env, {
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    cwd: ROOT,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * Runs the CLI as typed, in `cwd`: no index added, so it searches (and brings up to date) the book
 * `env` and `cwd` name.
 *
 * @example
 * const run = await retrieveIn(tempDir, ['pump', '--json'], { DOCS_DIR: 'book' });
 */
export async function retrieveIn(cwd: string, argv: string[], env: Record<string, string>): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRetrieve(argv, env, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), cwd });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A loopback port nothing listens on. */
export const deadPort = freePort;
