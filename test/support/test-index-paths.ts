/**
 * Where the tests' own index lives. Apart from test-index.ts (which builds it) so that
 * vitest.config.ts can name the file without importing the project's source.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The book the tests index. */
export const TEST_DOCS = resolve(ROOT, 'sample-book/docs');
/** Its index file. */
export const TEST_INDEX = resolve(ROOT, 'generated/test/sample-book.bin');
/** The module the Worker's `@edge-retriever/embedded-index` alias points at in tests (see indexModulePath). */
export const TEST_INDEX_MODULE = resolve(ROOT, 'generated/test/sample-book.js');
