/**
 * `npm run build:index` (wrangler.toml's `[build]` command, so `wrangler dev` and `wrangler deploy`
 * work from a fresh clone): builds the book `DOCS_DIR` (default: the sample book) into the index the
 * Worker bundles, unless it is already up to date. A build leaves a `.stamp` beside the index, the
 * hash of the book's files and of the code that builds indexes, so the step costs milliseconds when
 * nothing changed, and an unchanged index is never rewritten (a running `wrangler dev` would reload).
 *
 *   build-index [docs-dir] [--out FILE]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runIngest } from './ingest';
import { bookDocsDir, WORKER_INDEX } from './index-paths';
import { indexIsFresh, inputsStamp } from './index-stamp';

/**
 * Set by `npm run dev` for the wrangler dev server it starts: that server bundles the book's own index
 * (already built), yet wrangler runs the `[build]` command anyway, which would train the same book a
 * second time into the deploy index. `wrangler deploy` still builds that one.
 */
export const DEV_SERVES_OWN_INDEX = 'EDGE_RETRIEVER_DEV_SERVES_OWN_INDEX';

/** Outcome of {@link buildIndexIfStale}. */
export interface IndexBuild {
  out: string;
  /** false when the stamp showed the index already matched the book and the code. */
  built: boolean;
  exitCode: number;
}

/**
 * Builds `docsDir` into the local index `out` (LSA embedder) unless `out` is already up to date.
 *
 * @example
 * await buildIndexIfStale('sample-book/docs', 'generated/test/sample-book.bin');
 */
export async function buildIndexIfStale(docsDir: string, out: string, options: { cwd?: string; env?: Record<string, string> } = {}): Promise<IndexBuild> {
  const cwd = options.cwd ?? process.cwd();
  const target = resolve(cwd, out);
  if (indexIsFresh(target, inputsStamp(resolve(cwd, docsDir)))) return { out, built: false, exitCode: 0 };
  // The local ingest writes the alias module and the stamp itself, as it does when run by hand.
  const exitCode = await runIngest([resolve(cwd, docsDir), '--target', 'local', '--out', target, '--quiet'], options.env ?? {});
  return { out, built: exitCode === 0, exitCode };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('/src/cli/build-index.ts')) {
  if (process.env[DEV_SERVES_OWN_INDEX] === '1') process.exit(0);
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
  const docs = positionals[0] ?? bookDocsDir().docs;
  const result = await buildIndexIfStale(docs, values.out ?? WORKER_INDEX);
  if (result.built) console.log(`build-index: ${docs} -> ${result.out}`);
  process.exit(result.exitCode);
}
