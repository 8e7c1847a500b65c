/**
 * The tests' own embedded index: the sample book built into generated/test/, never the file a dev
 * server, `ingest` or `wrangler deploy` uses. Built once per run (vitest globalSetup); the stamp
 * beside it makes that a no-op when the book and the index code are unchanged.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndexIfStale } from '../../src/cli/build-index';
import { indexModulePath } from '../../src/cli/index-paths';
import { TEST_DOCS, TEST_INDEX, TEST_INDEX_MODULE } from './test-index-paths';

export { TEST_DOCS, TEST_INDEX, TEST_INDEX_MODULE };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** vitest globalSetup: build the tests' index if it is missing or stale. */
export default async function setup(): Promise<void> {
  if (indexModulePath(TEST_INDEX) !== TEST_INDEX_MODULE) throw new Error('test-index-paths.ts disagrees with indexModulePath');
  const build = await buildIndexIfStale(TEST_DOCS, TEST_INDEX, { cwd: ROOT });
  if (build.exitCode !== 0) throw new Error(`building the test index failed (exit ${build.exitCode})`);
}
