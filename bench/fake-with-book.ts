/**
 * The loopback fake Cohere + Qdrant with the sample book ingested into one tenant, and the Worker
 * variables that point at it (for benches and the fuzz/load run).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portNumber } from '../src/cli/dev/dev-args';
import { runIngest } from '../src/cli/ingest';
import { parseFlags } from '../src/cli/parse-flags';
import { startFakeUpstream, type FakeUpstream } from '../test/support/fake-upstream/server';

/** A running fake holding the sample book, and the vars a Worker needs to use it. */
export interface FakeWithBook {
  fake: FakeUpstream;
  base: string;
  vars: Record<string, string>;
}

/**
 * Starts the fake (on `port`, default any free one) and ingests `docs` (default sample-book/docs)
 * into tenant `tenant`, quietly.
 *
 * @example
 * const { fake, vars } = await startFakeWithBook('bench');
 */
export async function startFakeWithBook(tenant: string, options: { port?: number; docs?: string } = {}): Promise<FakeWithBook> {
  const fake = await startFakeUpstream(options.port === undefined ? {} : { port: options.port });
  const base = `${fake.url}/t/${tenant}`;
  const vars = { COHERE_API_KEY: 'test-cohere-key', COHERE_BASE_URL: base, QDRANT_URL: base, QDRANT_API_KEY: 'test-qdrant-key' };
  const log = console.log;
  console.log = () => {};
  const code = await runIngest([options.docs ?? 'sample-book/docs', '--target', 'qdrant', '--quiet'], vars).finally(() => (console.log = log));
  if (code !== 0) {
    await fake.close();
    throw new Error(`ingest into the fake failed with exit code ${code}`);
  }
  return { fake, base, vars };
}

/** What `npm run fake` prints: the variables to put in `.dev.vars`, and how to use them. */
export function fakeSessionText(vars: Record<string, string>, docs: string): string {
  return [
    `Fake Cohere + Qdrant (loopback) holding ${docs}, as Qdrant collection "textbook_chunks". Put these in .dev.vars`,
    `(or pass each as npm run dev -- --var NAME:VALUE), then run npm run dev:`,
    '',
    ...Object.entries(vars).map(([name, value]) => `${name}=${value}`),
    '',
    'npm run ingest -- <docs> with the same variables writes another book into it. Steering the fake:',
    `GET ${vars.QDRANT_URL}/__fake/calls lists the calls it answered; POST …/__fake/faults injects failures;`,
    'POST …/__fake/reset forgets the calls AND the collections. Ctrl-C stops it.',
  ].join('\n');
}

/** Usage text for `--help` and errors. */
export const FAKE_USAGE = `Usage: npm run fake -- [options]

  --port N                 port of the fake Cohere + Qdrant (default: 8800)
  --docs DIR               the book to ingest into it (default: sample-book/docs)
  -h, --help               this help`;

/**
 * Parses `npm run fake`'s argv (without node and script), strictly, as `npm run dev`'s: a typo is an
 * error, not a silent no-op. Throws an Error with a readable message on bad input.
 *
 * @example
 * parseFakeArgs(['--port', '8801']); // { port: 8801, docs: 'sample-book/docs', help: false }
 */
export function parseFakeArgs(argv: string[]): { port: number; docs: string; help: boolean } {
  const { values } = parseFlags({
    args: argv,
    allowPositionals: false,
    options: { port: { type: 'string' }, docs: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  return { port: portNumber('--port', values.port ?? '8800'), docs: values.docs ?? 'sample-book/docs', help: values.help ?? false };
}

// `npm run fake [-- --port N] [--docs DIR]`: the fake for a session by hand, until Ctrl-C.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  let args;
  try {
    args = parseFakeArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`fake: ${(error as Error).message}\n\n${FAKE_USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(FAKE_USAGE);
    process.exit(0);
  }
  const { vars } = await startFakeWithBook('dev', { port: args.port, docs: args.docs });
  console.log(fakeSessionText(vars, args.docs));
}
