/**
 * Exit codes shared by the CLI commands, and the mapping from the error taxonomy to them:
 * 0 ok · 1 no results / validation failed / nothing ingested · 2 usage or configuration error ·
 * 3 an upstream (Cohere, Qdrant, the Worker) could not be reached or failed for good.
 */
import { isRetrieverError } from '../core/common/errors';

export const EXIT = { ok: 0, noResults: 1, config: 2, upstream: 3 } as const;

/** Exit code and a one-line hint for an error. */
export function exitFor(error: unknown): { code: number; message: string; hint: string } {
  if (!isRetrieverError(error)) {
    return { code: EXIT.noResults, message: error instanceof Error ? error.message : String(error), hint: 'this looks like a bug; please report it' };
  }
  switch (error.code) {
    case 'config_error': {
      const variables = (error.details.variables as string[] | undefined) ?? [];
      return { code: EXIT.config, message: error.message, hint: variables.length ? `set ${variables.join(', ')} in the environment or .dev.vars` : 'check your configuration' };
    }
    case 'embedding_failed':
    case 'rerank_failed':
    case 'vector_store_unavailable':
    case 'vector_store_error':
    case 'upstream_timeout':
      return { code: EXIT.upstream, message: error.message, hint: 'check the network, the URLs and the API keys (COHERE_API_KEY, QDRANT_URL, QDRANT_API_KEY)' };
    case 'invalid_request':
      return { code: EXIT.config, message: error.message, hint: 'run with --help for usage' };
    case 'collection_not_found':
    case 'dimension_mismatch':
    case 'embedder_mismatch':
    case 'mode_unavailable':
      return { code: EXIT.config, message: error.message, hint: 'the collection and the configuration disagree; see README "Errors"' };
    default:
      return { code: EXIT.noResults, message: error.message, hint: 'run with --help for usage' };
  }
}
