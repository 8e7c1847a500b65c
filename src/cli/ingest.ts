/**
 * `npm run ingest -- <docs-dir> [options]`: chunk a Docusaurus book and index it in Qdrant or in
 * the embedded index the Worker bundles. See INGEST_USAGE for options and exit codes.
 */
import { resolve } from 'node:path';
import { parseConfig, type Config } from '../core/common/config/parse-config';
import { RetrieverError } from '../core/common/errors';
import { loadCliEnv } from './env-file';
import { EXIT, reportFailure } from './cli-failure';
import { collectChunks } from './ingest/collect-chunks';
import { applyBookSynonyms } from './ingest/book-synonyms';
import { INGEST_USAGE, parseIngestArgs } from './ingest/ingest-args';
import { buildReport, formatReport } from './ingest/ingest-report';
import { createProgress } from './ingest/progress';
import { ingestLocal } from './ingest/target-local';
import { workerSizeWarning } from './ingest/worker-size';
import { indexStamp, markIndexBuilt } from './index-stamp';
import { ingestQdrant } from './ingest/target-qdrant';
import { qdrantCloudPortWarning } from './ingest/qdrant-cloud-port';
import { stopQuietlyOnClosedPipe } from './closed-pipe';

/**
 * Runs the ingest command; returns the exit code. `output` is where the run's report goes (stdout
 * by default): `retrieve` rebuilds a stale index through here, and its stdout is the answer (`--json`).
 */
export async function runIngest(argv: string[], env: Record<string, string> = loadCliEnv(), output: (text: string) => void = (text) => console.log(text)): Promise<number> {
  const started = performance.now();
  try {
    const args = parseIngestArgs(argv, env);
    if (args.help) {
      console.log(INGEST_USAGE);
      return EXIT.ok;
    }
    const embedder = args.embedder ?? (args.target === 'qdrant' ? 'cohere' : 'lsa');
    const config = configFor(env, args.target, embedder);
    const collection = args.collection ?? config?.QDRANT_COLLECTION ?? 'textbook_chunks';
    // Stamped before the book is read, so a page edited during the build leaves the index stale; the
    // options go in too, so a rebuild after an edit (build-index) builds as this run did.
    const stamp = args.target === 'local' && !args.dryRun
      ? indexStamp(resolve(args.docsDir), { baseUrl: args.baseUrl, routeBasePath: args.routeBasePath, collection, embedder, dims: args.dims, synonyms: args.synonyms === undefined ? null : resolve(args.synonyms) })
      : null;
    const collected = await collectChunks(args.docsDir, { baseUrl: args.baseUrl, routeBasePath: args.routeBasePath });
    const synonyms = await applyBookSynonyms(collected.chunks, args.docsDir, args.synonyms);
    const book = { ...collected, chunks: synonyms.chunks, warnings: [...collected.warnings, ...synonyms.warnings] };
    const progress = createProgress(!args.quiet && !args.json);
    if (book.chunks.length === 0) {
      const report = buildReport({ target: args.target, collection, dryRun: args.dryRun, seconds: 0 }, book, { added: [], changed: [], relabeled: [], unchanged: 0, stale: [] });
      printReport(output, args.json, report);
      console.error('Nothing could be ingested: no readable markdown with content was found.');
      return EXIT.noResults;
    }
    const base = () => ({
      target: args.target,
      collection,
      dryRun: args.dryRun,
      seconds: (performance.now() - started) / 1000,
      ...(synonyms.file ? { synonyms: { file: synonyms.file, rules: synonyms.rules, chunks: synonyms.expanded } } : {}),
    });
    if (args.target === 'local') {
      const result = await ingestLocal(book.chunks, { out: args.out, collection, embedder, dims: args.dims, dryRun: args.dryRun, recreate: args.recreate, config }, progress);
      // The same alias module and stamp build-index leaves, so `retrieve`/`npm run dev` take this
      // index as up to date instead of rebuilding it on their next run.
      if (result.written && stamp !== null) markIndexBuilt(resolve(args.out), stamp);
      const written = result.written ? { bytes: result.bytes, gzip_bytes: result.gzipBytes, embedder: result.embedder, ...(result.dimsNotice ? { dims_notice: result.dimsNotice } : {}), ...sizeWarning(result.gzipBytes) } : {};
      printReport(output, args.json, buildReport(base(), book, result.plan, { out: args.out, ...(embedder === 'lsa' ? { retrained: true } : {}), ...written }), args.quiet);
    } else {
      // Before the first call, so it stands above the connection error a missing port leads to.
      const portWarning = qdrantCloudPortWarning((config as Config).QDRANT_URL ?? '');
      if (portWarning) console.error(`ingest: warning: ${portWarning}`);
      const result = await ingestQdrant(book.chunks, { collection, dryRun: args.dryRun, recreate: args.recreate, config: config as Config }, progress);
      printReport(output, args.json, buildReport(base(), book, result.plan, result.warnings.length ? { warnings: [...book.warnings, ...result.warnings] } : {}), args.quiet);
    }
    return EXIT.ok;
  } catch (error) {
    return reportFailure(error, 'ingest');
  }
}

function configFor(env: Record<string, string>, target: 'qdrant' | 'local', embedder: 'cohere' | 'lsa'): Config | null {
  const needsConfig = target === 'qdrant' || embedder === 'cohere';
  if (!needsConfig) return null;
  const config = parseConfig(env);
  const missing = [
    ...(target === 'qdrant' && !config.QDRANT_URL ? ['QDRANT_URL'] : []),
    ...(embedder === 'cohere' && !config.COHERE_API_KEY ? ['COHERE_API_KEY'] : []),
  ];
  if (target === 'qdrant' && embedder !== 'cohere') {
    throw new RetrieverError('config_error', 'Qdrant collections are embedded with Cohere (--embedder cohere); the LSA model lives only in the local index', { variables: ['COHERE_API_KEY'] });
  }
  if (missing.length) throw new RetrieverError('config_error', `Missing configuration: ${missing.join(', ')}`, { variables: missing });
  return config;
}

/** The report's `size_warning`, when a Worker bundling an index of `gzipBytes` would not deploy everywhere. */
function sizeWarning(gzipBytes: number): { size_warning?: string } {
  const warning = workerSizeWarning(gzipBytes);
  return warning ? { size_warning: warning } : {};
}

function printReport(print: (text: string) => void, json: boolean, report: ReturnType<typeof buildReport>, quiet = false): void {
  if (json) print(JSON.stringify(report, null, 2));
  else if (!quiet || report.skipped.length || report.warnings.length || report.size_warning || report.dims_notice) print(formatReport(report));
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('/src/cli/ingest.ts')) {
  stopQuietlyOnClosedPipe();
  runIngest(process.argv.slice(2)).then((code) => process.exit(code));
}
