/**
 * The tests' own embedded index: the sample book built into generated/test/, never the file a dev
 * server, `ingest` or `wrangler deploy` uses. Built once per run (vitest globalSetup); the stamp
 * beside it makes that a no-op when the book and the index code are unchanged.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndexIfStale } from '../../src/cli/build-index';
import { indexModulePath } from '../../src/cli/index-paths';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The book the tests index. */
export const TEST_DOCS = resolve(ROOT, 'sample-book/docs');
/** Its index file. */
export const TEST_INDEX = resolve(ROOT, 'generated/test/sample-book.bin');
/** The module the Worker's `@edge-retriever/embedded-index` alias points at in tests. */
export const TEST_INDEX_MODULE = resolve(ROOT, indexModulePath('generated/test/sample-book.bin'));

/** vitest globalSetup: build the tests' index if it is missing or stale. */
export default async function setup(): Promise<void> {
  const build = await buildIndexIfStale(TEST_DOCS, TEST_INDEX, { cwd: ROOT });
  if (build.exitCode !== 0) throw new Error(`building the test index failed (exit ${build.exitCode})`);
}
