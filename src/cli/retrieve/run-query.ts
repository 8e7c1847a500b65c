/**
 * Where `retrieve` gets its answers: in-process (the same core pipeline the Worker runs, built
 * from the same configuration variables) or a running Worker over HTTP (`--url`). Both return
 * the Worker's JSON document, so formatting and validation do not care which one answered.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig, type Config } from '../../core/common/config/parse-config';
import { LruCache } from '../../core/query/cache/lru-cache';
import { decodeIndex } from '../../core/query/local-index/index-format';
import type { EmbeddedIndex } from '../../core/query/local-index/index-types';
import { RetrieverError, type ErrorCode, ERROR_STATUS } from '../../core/common/errors';
import { createSearchContext, type SearchRuntime } from '../../core/query/compose/search-context';
import type { SearchOutcome } from '../../core/query/search/search-outcome';
import { runSearch } from '../../core/query/search/search-pipeline';
import { parseSearchParams } from '../../core/query/search/search-params';
import { createClient, EdgeRetrieverError, type SearchParams } from '../../client/index';
import type { BookVocabulary } from '../../core/query/ports';
import type { EvalResult } from '../../core/build-time/eval/relevance';
import { usageError, WorkerUnavailable } from '../cli-failure';
import { bookDocsDir, bookIndexPath, DEFAULT_DOCS_DIR, WORKER_INDEX } from '../index-paths';

/** Answers one search with the Worker's JSON document. */
export interface Searcher {
  /** Human description for headers and `--verbose`, e.g. "in-process (embedded store, local embedder)". */
  readonly label: string;
  /** A Worker answers (`--url`), not this process: its timings are on the Worker's clock. */
  readonly remote?: boolean;
  /** The mode used when a search names none (SEARCH_MODE), when known (in-process only). */
  readonly defaultMode?: string;
  /** Every chunk the index holds (payload only), when it can say (an embedded index, in-process). */
  chunks?(): EvalResult[] | null;
  search(raw: Record<string, string | number>): Promise<SearchOutcome>;
}

/**
 * Where the default embedded index lives: the book's own file (`DOCS_DIR`, else the sample book) in
 * the working directory, else the one `wrangler deploy` bundles, else this package's.
 */
export function defaultIndexPath(cwd: string, env: Record<string, string | undefined> = {}): string {
  const candidates = [resolve(cwd, bookIndexPath(bookDocsDir(env).docs, cwd)), resolve(cwd, WORKER_INDEX), packageSampleIndex()];
  return candidates.find((file) => existsSync(file)) ?? candidates[0]!;
}

/** The sample book's index in this package's checkout (what the installed `retrieve` falls back on). */
export function packageSampleIndex(): string {
  const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  return resolve(packageRoot, bookIndexPath(DEFAULT_DOCS_DIR, packageRoot));
}

/** Reads and decodes an index file; a missing or unreadable file is a configuration error (exit 2). */
export function loadIndexFile(path: string): EmbeddedIndex {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new RetrieverError('config_error', `The embedded index ${path} does not exist`, {
      hint: 'run `npm run build:index` or `npm run ingest -- <docs> --target local` (or pass --index FILE, or configure QDRANT_URL and COHERE_API_KEY)',
    });
  }
  try {
    return decodeIndex(bytes);
  } catch (cause) {
    throw new RetrieverError('config_error', `The embedded index ${path} cannot be read: ${cause instanceof Error ? cause.message : String(cause)}`, {
      hint: 'rebuild it with `npm run build:index`',
    });
  }
}

/** Options of {@link inProcessSearcher}. */
export interface InProcessOptions {
  env: Record<string, string>;
  indexPath: string;
  fetch?: typeof fetch;
  /** Embedding LRU size; a fresh cache per searcher keeps compared runs independent. */
  memoryEntries?: number;
}

/**
 * The in-process searcher. Parses the configuration now (so a config error surfaces before any
 * query); the index is decoded on first use and only when the configuration needs it.
 *
 * @example
 * const searcher = inProcessSearcher({ env: loadCliEnv(), indexPath: defaultIndexPath(process.cwd()) });
 * const doc = await searcher.search({ q: 'What is a ROS 2 topic?', k: 3 });
 */
export function inProcessSearcher(options: InProcessOptions): Searcher & { config: Config; bookVocabulary(): Promise<BookVocabulary | null> } {
  const config = parseConfig(options.env);
  let index: EmbeddedIndex | null = null;
  const runtime: SearchRuntime = {
    config,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    embeddedIndex: () => (index ??= loadIndexFile(options.indexPath)),
    cacheStore: null,
    memory: new LruCache<Float32Array>(options.memoryEntries ?? 256),
    facts: { memory: new Map(), store: null },
    // Nothing is deferred without a KV store; never let a late rejection crash the process.
    defer: (work) => void work.catch(() => {}),
    log: () => {},
  };
  const store = config.storeKind === 'qdrant' ? 'Qdrant' : 'embedded store';
  const embedder = config.embedderKind === 'cohere' ? `Cohere ${config.EMBED_MODEL}` : 'local embedder';
  return {
    config,
    label: `in-process (${store}, ${embedder})`,
    defaultMode: config.SEARCH_MODE,
    async search(raw) {
      const context = createSearchContext(runtime);
      const params = parseSearchParams(raw, config);
      const outcome = await runSearch(params, context);
      return workerDocument(outcome);
    },
    chunks() {
      if (config.storeKind !== 'embedded') return null;
      const book = (index ??= loadIndexFile(options.indexPath));
      return Array.from({ length: book.size }, (_, point) => ({ id: book.ids[point], score: 0, payload: book.payload(point) }));
    },
    /** The book's vocabulary as the term rule reads it: the embedded index's, or the one ingest recorded in the Qdrant collection. */
    async bookVocabulary() {
      const context = createSearchContext(runtime);
      const info = config.storeKind === 'qdrant' ? await context.store.describe() : null;
      return context.bookVocabulary?.(info) ?? null;
    },
  };
}

/**
 * The outcome in the key order of the Worker's JSON stream: header fields, then `results`,
 * `summary`, `timing` (see src/worker/stream-response.ts).
 */
export function workerDocument(outcome: SearchOutcome): SearchOutcome {
  const { results, summary, timing, ...header } = outcome;
  return { ...header, results, summary, timing };
}

/** Options of {@link remoteSearcher}. */
export interface RemoteOptions {
  url: string;
  /** Sent as `Authorization: Bearer …` (RETRIEVER_API_KEY): a Worker with API_KEYS set refuses a search without one. */
  apiKey?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * A searcher that asks a running Worker through the typed client (`edge-retriever/client`).
 * HTTP errors keep the Worker's error code (so `config_error` still exits 2, upstream failures
 * 3); a Worker that cannot be reached at all exits 3.
 *
 * @example
 * await remoteSearcher({ url: 'http://127.0.0.1:8787' }).search({ q: 'tf2', k: 3 });
 */
export function remoteSearcher(options: RemoteOptions): Searcher {
  const base = options.url.replace(/\/+$/, '').replace(/\/search$/, '');
  const headers = options.apiKey ? { headers: { authorization: `Bearer ${options.apiKey}` } } : {};
  const client = createClient({ baseUrl: base, ...headers, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return {
    label: `Worker at ${base}`,
    remote: true,
    async search(raw) {
      try {
        // The wire document has the pipeline's shape (response-schema.ts checks that at compile time).
        return (await client.search(raw as SearchParams, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) })) as SearchOutcome;
      } catch (error) {
        throw remoteError(base, error);
      }
    },
  };
}

/** Rebuilds the Worker's error so it maps to the same exit code as it would in-process. */
function remoteError(base: string, error: unknown): Error {
  if (!(error instanceof EdgeRetrieverError)) {
    const why = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'cannot be reached';
    return new WorkerUnavailable(`The Worker at ${base} ${why}`, 'start it with `npm run dev` (or check --url)');
  }
  const { code, status } = error;
  // A status means the Worker answered and the connection closed before the answer was whole: it
  // is running, so "start it" would send the user the wrong way.
  if (code === 'network_error' && status > 0) {
    return new WorkerUnavailable(`The Worker at ${base} broke off its answer (HTTP ${status}): ${error.message}`, 'it closed the connection before the answer was complete: try again, and check the Worker logs (wrangler tail or the dev console)');
  }
  if (code === 'network_error') {
    return new WorkerUnavailable(`The Worker at ${base} cannot be reached`, 'start it with `npm run dev` (or check --url)');
  }
  if (code === 'not_found' || (code === 'invalid_response' && status === 404)) {
    const why = code === 'not_found' ? `: ${error.message}` : '';
    return usageError(`${base}/search was not found (HTTP ${status}${why})`, '--url must be the Worker base URL, e.g. http://127.0.0.1:8787');
  }
  if (code in ERROR_STATUS) {
    // `worker`: the keys and URLs behind the answer are the Worker's, not the CLI's (cli-failure.ts).
    return new RetrieverError(code as ErrorCode, `${error.message} (HTTP ${status} from ${base})`, { ...error.details, worker: base });
  }
  if (status >= 500) return new WorkerUnavailable(`The Worker at ${base} failed with HTTP ${status}`, 'check the Worker logs (wrangler tail or the dev console)');
  return usageError(`Unexpected HTTP ${status} from ${base}/search`, '--url must point at an edge-retriever Worker');
}
