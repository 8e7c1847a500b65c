/**
 * The CLI's one error mapper: exit codes shared by every command, and how any thrown value
 * becomes an exit code and a stderr message with a hint.
 * 0 ok · 1 no results / validation failed / nothing ingested · 2 usage or configuration error ·
 * 3 an upstream (Cohere, Qdrant, the Worker) could not be reached, failed for good or is rate-limiting ·
 * 4 an unexpected error (a bug: it must never pass for "no results").
 */
import { isRetrieverError, RetrieverError } from '../core/common/errors';

export const EXIT = { ok: 0, noResults: 1, config: 2, upstream: 3, internal: 4 } as const;

/**
 * The Worker that `retrieve --url` calls could not be reached, or failed without an error of its own
 * (a 5xx with no edge-retriever body). Everything else the CLI refuses is a `RetrieverError`; this
 * one is not, because the taxonomy is what the Worker answers over HTTP, and no Worker ever answers
 * "the Worker cannot be reached": a code for it would sit in the README's table unused. Exit 3.
 */
export class WorkerUnavailable extends Error {
  readonly hint: string;

  constructor(message: string, hint: string) {
    super(message);
    this.name = 'WorkerUnavailable';
    this.hint = hint;
  }
}

/** The CLI commands, for usage hints. */
export type CliCommand = 'retrieve' | 'ingest';

const usageHint = (command: CliCommand) => `run \`${command} --help\` for usage`;

/**
 * A usage error: bad flags or values, or an input the command cannot work with. It is core's
 * `invalid_request` (exit 2, like a configuration error: the invocation must change), with `hint`
 * in place of the generic "run `COMMAND --help`".
 *
 * @example
 * throw usageError('--dims must be an integer'); // ingest: --dims must be an integer / hint: run `ingest --help` for usage
 */
export function usageError(message: string, hint?: string): RetrieverError {
  return new RetrieverError('invalid_request', message, hint === undefined ? {} : { hint });
}

/**
 * `error` with `context` before its message, keeping what its exit code and hint come from: which
 * query of a set failed, when that failure stops the whole run.
 *
 * @example
 * withContext(usageError('bad k'), 'query q3').message; // 'query q3: bad k'
 */
export function withContext(error: unknown, context: string): unknown {
  if (error instanceof WorkerUnavailable) return new WorkerUnavailable(`${context}: ${error.message}`, error.hint);
  if (!isRetrieverError(error)) return error;
  const internal = error.internal === undefined ? {} : { internal: error.internal };
  return new RetrieverError(error.code, `${context}: ${error.message}`, error.details, { cause: error, ...internal });
}

/**
 * Exit code, message and hint for any thrown value. Errors from core keep their taxonomy;
 * `invalid_request` (a search parameter the user typed, a malformed query set) is a usage error;
 * a `details.hint` on a core error replaces the generic hint; anything else is a bug (exit 4).
 *
 * @example
 * describeFailure(new RetrieverError('config_error', 'bad', { variables: ['QDRANT_URL'] }), 'retrieve').code; // 2
 */
export function describeFailure(error: unknown, command: CliCommand): { code: number; message: string; hint: string } {
  if (error instanceof WorkerUnavailable) return { code: EXIT.upstream, message: error.message, hint: error.hint };
  if (!isRetrieverError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return { code: EXIT.internal, message: `unexpected error: ${message}`, hint: 'this is a bug; please report it with the command you ran' };
  }
  const own = typeof error.details.hint === 'string' ? error.details.hint : null;
  const mapped = ((): { code: number; hint: string } => {
    switch (error.code) {
      case 'config_error': {
        const variables = (error.details.variables as string[] | undefined) ?? [];
        return { code: EXIT.config, hint: variables.length ? `set ${variables.join(', ')} in the environment or .dev.vars` : 'check your configuration' };
      }
      case 'vector_store_unavailable':
      case 'embedding_failed':
      case 'rerank_failed':
      case 'vector_store_error':
      case 'upstream_timeout':
        return {
          code: EXIT.upstream,
          hint: connectionHint(error.details) ?? refusedKeyHint(error) ?? 'check the network, the URLs and the API keys (COHERE_API_KEY, QDRANT_URL, QDRANT_API_KEY)',
        };
      case 'collection_not_found':
        return { code: EXIT.config, hint: collectionHint(error.details) };
      case 'dimension_mismatch':
      case 'embedder_mismatch':
      case 'mode_unavailable':
        return { code: EXIT.config, hint: 'the collection and the configuration disagree; see README "Errors"' };
      case 'internal_error':
        return { code: EXIT.internal, hint: 'this is a bug; please report it with the command you ran' };
      // The Worker of `retrieve --url` refused: neither is a mistake in the flags, which `--help` would explain.
      case 'rate_limited': {
        const ms = error.details.retry_after_ms;
        return { code: EXIT.upstream, hint: `the Worker's rate limit was reached: try again in ${typeof ms === 'number' ? `${Math.ceil(ms / 1000)} s` : 'a minute'}` };
      }
      case 'unauthorized':
        return { code: EXIT.config, hint: 'the Worker requires an API key (its API_KEYS is set): put one of its keys in RETRIEVER_API_KEY (environment or .dev.vars), which retrieve --url sends as a Bearer token' };
      default:
        // invalid_request and the HTTP-only codes: the invocation must change.
        return { code: EXIT.config, hint: usageHint(command) };
    }
  })();
  return { code: mapped.code, message: error.message, hint: own ?? mapped.hint };
}

/**
 * The hint for a connection that failed, by what is known of it: nothing answered (a wrong URL or
 * port, a server that is down) or a connection accepted and closed before the answer was complete
 * (where the URL is right and checking it would send the user the wrong way). Null when unknown.
 */
function connectionHint(details: Record<string, unknown>): string | null {
  if (details.network !== true) return null;
  const qdrant = details.upstream === 'qdrant';
  if (details.connection === 'dropped') {
    return `${qdrant ? 'Qdrant' : 'Cohere'} accepted the connection and closed it before its answer was complete (retried already): it may be restarting or overloaded, or a proxy cut the request; try again, and check its status`;
  }
  if (details.connection !== 'unreachable') return null;
  // Most often a QDRANT_URL without Qdrant Cloud's :6333, or a mistyped host.
  if (qdrant) return 'nothing answered at QDRANT_URL: check its host and port (Qdrant Cloud: https://<cluster>.<region>.cloud.qdrant.io:6333) and the network';
  return 'nothing answered at COHERE_BASE_URL (unset: https://api.cohere.com): check it and the network';
}

/**
 * The hint for a key the upstream refused (401/403): the message names the variable already, so the
 * network and the URLs, which did answer, are no place to look. Behind `retrieve --url` the key is
 * the Worker's (`details.worker`), which no variable of the CLI's environment changes. Null for any
 * other status.
 */
function refusedKeyHint(error: RetrieverError): string | null {
  const status = error.details.upstream_status;
  if (status !== 401 && status !== 403) return null;
  const cohere = error.code === 'embedding_failed' || error.code === 'rerank_failed';
  const [service, key] = cohere ? ['Cohere', 'COHERE_API_KEY'] : ['Qdrant', 'QDRANT_API_KEY'];
  if (typeof error.details.worker === 'string') {
    return `${service} refused the Worker's ${key}: set it in the Worker's .dev.vars (npm run dev), or with \`wrangler secret put ${key}\` where it is deployed`;
  }
  if (cohere) return 'Cohere answered and refused the key: put a valid COHERE_API_KEY in the environment or .dev.vars (the URL and the network are fine)';
  return 'Qdrant answered and refused the key: put this cluster\'s QDRANT_API_KEY in the environment or .dev.vars (ingest needs a read-write key; the URL and the network are fine)';
}

/**
 * A missing collection: the CLI runs with the deployer's own key, so the names the cluster holds
 * (which the Worker shows only to its own callers) say at once whether QDRANT_COLLECTION is mistyped.
 */
function collectionHint(details: Record<string, unknown>): string {
  // A Worker that `retrieve --url` calls lists them only to its own callers: unknown, not none.
  if (!Array.isArray(details.available)) return 'the collection and the configuration disagree: check QDRANT_COLLECTION, or ingest into it; see README "Errors"';
  const available = details.available.filter((name) => typeof name === 'string');
  // Behind `retrieve --url` (a keyed caller is told the names), the variables are the Worker's.
  const its = typeof details.worker === 'string' ? "the Worker's " : '';
  if (!available.length) return `Qdrant listed no collection: run \`ingest <docs>\` to create one, or check ${its}QDRANT_URL`;
  const shown = available.slice(0, 10).map((name) => `"${name}"`).join(', ');
  return `the cluster holds ${shown}${available.length > 10 ? ` and ${available.length - 10} more` : ''}: set ${its}QDRANT_COLLECTION to one of them, or ingest into this one`;
}

/** Prints a failure as `command: message` and its hint on stderr; returns the exit code. */
export function reportFailure(error: unknown, command: CliCommand, stderr: (text: string) => void = console.error): number {
  const { code, message, hint } = describeFailure(error, command);
  stderr(`${command}: ${message}\n  hint: ${hint}`);
  return code;
}
