/**
 * The one module that talks HTTP to Cohere: base URL, bearer key, client name, JSON bodies,
 * retries through `upstreamFetch`, and the "key rejected" mapping. The embedder, the reranker and
 * the /health probe all go through it, with the fetch the host injected.
 */
import type { Config } from '../config/parse-config';
import { RetrieverError, type ErrorCode } from '../errors';
import type { Deadline } from '../http/deadline';
import { upstreamFetch, type FetchLike } from '../http/upstream-fetch';

/** Per-request plumbing shared by every upstream of one search. */
export interface UpstreamPlumbing {
  fetch: FetchLike;
  deadline: Deadline;
  timeoutMs: number;
  /** Attempts per call including the first, unless a call says otherwise (default 3; ingest uses more). */
  maxAttempts?: number;
  onAttempt?: () => void;
  /** Every configured secret, redacted from upstream text we quote or log. */
  secrets?: readonly string[];
}

/** Connection settings. */
export interface CohereTransportOptions extends UpstreamPlumbing {
  apiKey: string;
  baseUrl: string;
}

/** How one call behaves: its name in messages, its error code, its own retry and time limits. */
export interface CohereCall {
  service: string;
  failureCode: ErrorCode;
  maxAttempts?: number;
  timeoutMs?: number;
}

/** HTTP access to Cohere's REST API. */
export interface CohereTransport {
  /** POSTs a JSON body; resolves with the parsed answer, or null when it is not JSON. */
  post(path: string, body: unknown, call: CohereCall): Promise<unknown>;
  /** GETs a path; resolves with the parsed answer, or null when it is not JSON. */
  get(path: string, call: CohereCall): Promise<unknown>;
}

/**
 * Creates the transport.
 *
 * @example
 * const cohere = createCohereTransport({ apiKey, baseUrl: 'https://api.cohere.com', fetch, deadline, timeoutMs: 5000 });
 * const json = await cohere.post('/v2/embed', body, { service: 'Cohere', failureCode: 'embedding_failed' });
 */
export function createCohereTransport(options: CohereTransportOptions): CohereTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const send = async (path: string, init: RequestInit, call: CohereCall): Promise<unknown> => {
    const maxAttempts = call.maxAttempts ?? options.maxAttempts;
    const response = await upstreamFetch(
      `${base}${path}`,
      {
        ...init,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          'x-client-name': 'edge-retriever',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
      },
      {
        fetch: options.fetch,
        deadline: options.deadline,
        timeoutMs: call.timeoutMs ?? options.timeoutMs,
        service: call.service,
        failureCode: call.failureCode,
        unreachableCode: call.failureCode,
        ...(maxAttempts ? { maxAttempts } : {}),
        ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
        ...(options.secrets ? { secrets: options.secrets } : {}),
      },
      ({ status }) =>
        status === 401 || status === 403
          ? new RetrieverError(call.failureCode, `${call.service} rejected the API key (${status}); check COHERE_API_KEY`, {
              upstream: 'cohere',
              upstream_status: status,
            })
          : undefined,
    );
    return response.json().catch(() => null);
  };
  return {
    post: (path, body, call) => send(path, { method: 'POST', body: JSON.stringify(body) }, call),
    get: (path, call) => send(path, { method: 'GET' }, call),
  };
}

/** The Cohere transport for `config` (which must have a key), or null when no key is configured. */
export function cohereTransportFor(config: Config, plumbing: UpstreamPlumbing): CohereTransport | null {
  return config.COHERE_API_KEY ? createCohereTransport({ apiKey: config.COHERE_API_KEY, baseUrl: config.COHERE_BASE_URL, ...plumbing }) : null;
}
