/**
 * The loopback fake Cohere + Qdrant with the sample book ingested into one tenant, and the Worker
 * variables that point at it (for benches and the fuzz/load run).
 */
import { runIngest } from '../src/cli/ingest';
import { startFakeUpstream, type FakeUpstream } from '../test/support/fake-upstream/server';

/** A running fake holding the sample book, and the vars a Worker needs to use it. */
export interface FakeWithBook {
  fake: FakeUpstream;
  base: string;
  vars: Record<string, string>;
}

/**
 * Starts the fake and ingests sample-book/docs into tenant `tenant` (quietly).
 *
 * @example
 * const { fake, vars } = await startFakeWithBook('bench');
 */
export async function startFakeWithBook(tenant: string): Promise<FakeWithBook> {
  const fake = await startFakeUpstream();
  const base = `${fake.url}/t/${tenant}`;
  const vars = { COHERE_API_KEY: 'test-cohere-key', COHERE_BASE_URL: base, QDRANT_URL: base, QDRANT_API_KEY: 'test-qdrant-key' };
  const log = console.log;
  console.log = () => {};
  const code = await runIngest(['sample-book/docs', '--target', 'qdrant', '--quiet'], vars).finally(() => (console.log = log));
  if (code !== 0) {
    await fake.close();
    throw new Error(`ingest into the fake failed with exit code ${code}`);
  }
  return { fake, base, vars };
}
