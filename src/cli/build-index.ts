/**
 * `npm run build:index` (wrangler.toml's `[build]` command, so `wrangler dev` and `wrangler deploy`
 * work from a fresh clone): builds the book `DOCS_DIR` (default: the sample book) into the index the
 * Worker bundles, unless it is already up to date. A build leaves a `.stamp` beside the index
 * (index-stamp.ts: the hash of the book, of the code that builds indexes and the ingest options), so
 * the step costs milliseconds when nothing changed, and an unchanged index is never rewritten (a
 * running `wrangler dev` would reload). A rebuild uses the options the index was last built with —
 * else those the book's own index was last ingested with (`ingest --target local --base-url …`), so
 * the deploy bundles what `npm run dev` serves.
 *
 *   build-index [docs-dir] [--out FILE]
 */
import { resolve } from 'node:path';
import { runIngest } from './ingest';
import { loadCliEnv } from './env-file';
import { bookDocsDir, bookIndexPath, WORKER_INDEX } from './index-paths';
import { parseFlags } from './parse-flags';
import { DEFAULT_INDEX_OPTIONS, indexIsFresh, indexStamp, ingestFlags, markIndexBuilt, optionsSaid, readIndexStamp, type IndexOptions } from './index-stamp';

/**
 * Set by `npm run dev` for the wrangler dev server it starts: that server bundles the book's own index
 * (already built), yet wrangler runs the `[build]` command anyway, which would train the same book a
 * second time into the deploy index. `wrangler deploy` still builds that one.
 */
export const DEV_SERVES_OWN_INDEX = 'EDGE_RETRIEVER_DEV_SERVES_OWN_INDEX';

/** Outcome of {@link buildIndexIfStale}. */
export interface IndexBuild {
  out: string;
  /** false when the stamp showed the index already matched the book, the code and the options. */
  built: boolean;
  exitCode: number;
  /** The ingest options the index is (or was to be) built with. */
  options: IndexOptions;
}

/** Options of {@link buildIndexIfStale}. */
export interface BuildIndexOptions {
  cwd?: string;
  /** The variables ingest reads (the environment over `.dev.vars`, as the caller loaded them). */
  env?: Record<string, string>;
  /**
   * Another index of the same book whose recorded options serve unless an ingest run on `out` itself
   * chose its own: the book's own index, for the deploy index or a dev server's `--index`.
   */
  inheritFrom?: string;
  /** Where a rebuild's report goes (stdout by default; it only speaks to warn): `retrieve`'s stdout is its answer. */
  report?: (text: string) => void;
}

/**
 * Builds `docsDir` into the local index `out` unless `out` is already up to date, with the ingest
 * options an ingest into `out` chose for this book, else those `inheritFrom` was last built with,
 * else those `out` was last built with, else ingest's defaults.
 *
 * @example
 * await buildIndexIfStale('sample-book/docs', 'generated/test/sample-book.bin');
 */
export async function buildIndexIfStale(docsDir: string, out: string, options: BuildIndexOptions = {}): Promise<IndexBuild> {
  const cwd = options.cwd ?? process.cwd();
  const docs = resolve(cwd, docsDir);
  const target = resolve(cwd, out);
  const { options: built, inherited } = recordedOptions(docs, target, options.inheritFrom === undefined ? null : resolve(cwd, options.inheritFrom));
  if (indexIsFresh(target, { ...indexStamp(docs, built), ...(inherited ? { inherited } : {}) })) return { out, built: false, exitCode: 0, options: built };
  // The local ingest writes the alias module and the stamp itself, as it does when run by hand.
  const exitCode = await runIngest([docs, '--target', 'local', '--out', target, '--quiet', ...ingestFlags(built)], options.env ?? {}, options.report);
  // Its stamp says the options were chosen for `out`; taken from elsewhere, a later choice must still reach it.
  const stamp = exitCode === 0 && inherited ? readIndexStamp(target) : null;
  if (stamp) markIndexBuilt(target, { ...stamp, inherited: true });
  return { out, built: exitCode === 0, exitCode, options: built };
}

/**
 * The options to build `target` with, and whether they were taken from elsewhere than an ingest into
 * it: those an ingest into `target` chose for the book `docs`; else those `inheritFrom` was built
 * with for it (an index built before the book's own was ingested must follow that ingest); else
 * what `target` was last built with; else the defaults.
 */
function recordedOptions(docs: string, target: string, inheritFrom: string | null): { options: IndexOptions; inherited: boolean } {
  const ofBook = (file: string | null) => {
    const stamp = file === null ? null : readIndexStamp(file);
    return stamp !== null && stamp.docs === docs ? stamp : null;
  };
  const own = ofBook(target);
  if (own && !own.inherited) return { options: own.options, inherited: false };
  return { options: ofBook(inheritFrom)?.options ?? own?.options ?? { ...DEFAULT_INDEX_OPTIONS }, inherited: true };
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('/src/cli/build-index.ts')) {
  if (process.env[DEV_SERVES_OWN_INDEX] === '1') process.exit(0);
  let parsed;
  try {
    parsed = parseFlags({ args: process.argv.slice(2), allowPositionals: true, options: { out: { type: 'string' } } });
  } catch (error) {
    console.error(`build-index: ${(error as Error).message}\n  usage: npm run build:index -- [docs-dir] [--out FILE]`);
    process.exit(2);
  }
  const { values, positionals } = parsed;
  const env = loadCliEnv();
  const docs = positionals[0] ?? bookDocsDir(env).docs;
  const result = await buildIndexIfStale(docs, values.out ?? WORKER_INDEX, { env, inheritFrom: bookIndexPath(docs) });
  const said = optionsSaid(result.options);
  if (result.built) console.log(`build-index: ${docs} -> ${result.out}${said ? ` (${said}, as the book was last built)` : ''}`);
  process.exit(result.exitCode);
}
