/**
 * `npm run dev [-- --port N …]`: build the embedded index of the sample book (or `DOCS_DIR`) into
 * that book's own file and the web assets (demo page, widget, rebuilt when src/web or src/client
 * changes), then serve the Worker on it with wrangler's dev server, offline. With no
 * `.dev.vars` it serves the embedded default: no keys, no network. Each dev server bundles its own
 * book's file, so another dev server or an `ingest` of another book never switches it.
 *
 * wrangler's API is used rather than its CLI because `wrangler dev --alias` is accepted but
 * ignored (4.86), and the alias is how a dev server picks its index file.
 */
import { resolve } from 'node:path';
import { unstable_startWorker } from 'wrangler';
import { buildWebAssets } from '../../scripts/build-web';
import { buildIndexIfStale, DEV_SERVES_OWN_INDEX } from './build-index';
import { DEV_USAGE, devVarBindings, devVarWarnings, parseDevArgs } from './dev/dev-args';
import { suggestedQuestion, tryLine } from './dev/example-query';
import { devServerUrl, portProblem } from './dev/port-check';
import { watchWebSources } from './dev/web-watch';
import { EXIT } from './cli-failure';
import { loadDevEnv } from './env-file';
import { optionsSaid } from './index-stamp';
import { collectChunks } from './ingest/collect-chunks';
import { bookDocsDir, bookIndexPath, DEFAULT_DOCS_DIR, docsDirProblem, INDEX_MODULE, indexModulePath } from './index-paths';

async function main(): Promise<number> {
  let args;
  try {
    args = parseDevArgs(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`dev: ${(error as Error).message}\n\n${DEV_USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(DEV_USAGE);
    return 0;
  }
  // Before the index is built: a port another server holds would otherwise end in workerd's native stack, and a hang.
  const taken = await portProblem(args.ip, args.port);
  if (taken) {
    console.error(`dev: ${taken}`);
    return 2;
  }
  // One read of .dev.vars: the book comes from it under the shell's environment, the Worker's
  // variables from it under --var (the Worker never sees this shell, as under wrangler dev).
  const { cli: cliVars, worker: workerVars } = loadDevEnv(process.cwd(), process.env, args.vars);
  const { docs, configured } = bookDocsDir(cliVars);
  const missing = docsDirProblem(docs, configured);
  if (missing) {
    console.error(`dev: ${missing}`);
    return 2;
  }
  const index = args.index ?? bookIndexPath(docs);
  // The variables ingest reads as `npm run ingest` does (the shell over .dev.vars): a rebuild with the
  // options the book was last ingested with may need them (--embedder cohere needs COHERE_API_KEY).
  const build = await buildIndexIfStale(docs, index, { env: cliVars, inheritFrom: bookIndexPath(docs) });
  if (build.exitCode !== 0) {
    // Ingest said what went wrong above; this line says what it means for the command run.
    const why = build.exitCode === EXIT.noResults ? `${docs} holds no readable .md/.mdx page with content` : `the index of ${docs} could not be built (above)`;
    console.error(`dev: the server did not start: ${why}; set DOCS_DIR to a book's docs folder${configured ? ', or unset it to serve the sample book' : ''}`);
    return build.exitCode;
  }
  // The demo page (GET /) and /widget.js are bundled from src/web.
  await buildWebAssets();

  // Offline-friendly: no telemetry, no Request.cf fetch (a 3 s stall without network). wrangler runs
  // wrangler.toml's [build] at start even with `custom.command` overridden; the flag makes its
  // build:index a no-op, since this server bundles the index built above.
  Object.assign(process.env, { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', [DEV_SERVES_OWN_INDEX]: '1' });
  const url = devServerUrl(args.ip, args.port);
  for (const warning of devVarWarnings(workerVars, Object.keys(args.vars))) console.warn(`dev: warning: ${warning}`);
  const said = optionsSaid(build.options);
  console.log(workerVars.QDRANT_URL
    ? `QDRANT_URL is set (.dev.vars or --var): the Worker searches that Qdrant collection, not the embedded index of ${docs}. Starting the dev server on ${url}`
    : `Embedded index of ${docs}: ${index}${said ? ` (${said})` : ''}. Starting the dev server on ${url}`);
  const worker = await unstable_startWorker({
    config: resolve('wrangler.toml'),
    // No [build] watcher: the index is built above; wrangler's would restart the Worker once after start.
    build: { alias: { [INDEX_MODULE]: resolve(indexModulePath(index)) }, custom: { command: '' } },
    bindings: devVarBindings(args.vars),
    dev: {
      server: { hostname: args.ip, port: args.port },
      inspector: args.inspectorPort === undefined ? false : { port: args.inspectorPort },
      ...(args.persistTo !== undefined ? { persist: resolve(args.persistTo) } : {}),
    },
  });
  await worker.ready;
  const question = await suggestedQuestion(workerVars, resolve(docs) === resolve(DEFAULT_DOCS_DIR), async () =>
    (await collectChunks(docs, { baseUrl: '', routeBasePath: '/docs' })).chunks.map((chunk) => chunk.payload));
  console.log(tryLine(url, question));
  console.log(`  or open ${url}/ in a browser (demo page; /widget.js embeds the search panel elsewhere)`);
  // An edit under src/web or src/client rebuilds the assets; wrangler reloads on the rewritten file.
  const stopWatching = watchWebSources([resolve('src/web'), resolve('src/client')], {
    rebuild: () => buildWebAssets(),
    onRebuilt: () => console.log('dev: demo page and widget rebuilt from src/web'),
    onError: (error) => console.error(`dev: the demo page and widget were not rebuilt, the last build is served: ${(error as Error).message}`),
  });
  await new Promise<void>((done) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => done());
  });
  stopWatching();
  await worker.dispose();
  return 0;
}

if (process.argv[1]?.endsWith('/src/cli/dev.ts')) process.exit(await main());
