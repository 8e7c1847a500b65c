/**
 * A small typed client for the edge-retriever API. No dependencies and only web-standard APIs
 * (fetch, URL, ReadableStream, TextDecoder, AbortSignal), so the same code runs in browsers,
 * Cloudflare Workers and Node ≥ 18.
 */
import { EdgeRetrieverError, errorFromResponse, isAbort } from './client-error.js';
import { ndjsonLines } from './ndjson-lines.js';
import type { SearchParams, SearchResponse, SearchStreamEvent } from './types.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The Worker's base URL, e.g. `https://retriever.example.workers.dev` (a trailing `/` is fine). */
  baseUrl: string;
  /** A fetch to use instead of the global one (looked up at call time). */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Extra headers on every request (e.g. an API key header). */
  headers?: Record<string, string>;
}

/** Per-call options. */
export interface CallOptions {
  /** Cancels the request; the call then rejects with the signal's reason (an AbortError by default). */
  signal?: AbortSignal;
}

/** The client returned by {@link createClient}. */
export interface EdgeRetrieverClient {
  /** One search, answered as a single JSON document. */
  search(params: SearchParams, options?: CallOptions): Promise<SearchResponse>;
  /** One search, streamed: `meta`, then each `result` as it arrives, then `summary`. */
  searchStream(params: SearchParams, options?: CallOptions): AsyncGenerator<SearchStreamEvent, void, undefined>;
}

/** Longest URL the client sends as GET; longer parameter sets go as a POST body. */
const MAX_GET_URL = 4000;

/**
 * Creates a client for a Worker.
 *
 * @example
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8787' });
 * const { results } = await client.search({ q: 'What is a ROS 2 topic?', k: 3 });
 * for await (const event of client.searchStream({ q: 'tf2' })) if (event.type === 'result') console.log(event.rank, event.source);
 */
export function createClient(options: ClientOptions): EdgeRetrieverClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));

  async function send(path: string, params: object, accept: string, call: CallOptions): Promise<Response> {
    // Checked here too: an injected fetch may ignore the signal.
    call.signal?.throwIfAborted();
    const get = `${base}${path}?${toQuery(params)}`;
    const init: RequestInit = { headers: { accept, ...options.headers }, ...(call.signal ? { signal: call.signal } : {}) };
    if (get.length > MAX_GET_URL) {
      init.method = 'POST';
      init.body = JSON.stringify(params);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    let response: Response;
    try {
      response = await doFetch(get.length > MAX_GET_URL ? `${base}${path}` : get, init);
    } catch (error) {
      if (isAbort(error, call.signal)) throw error;
      throw new EdgeRetrieverError('network_error', `${base} cannot be reached`, 0, {}, { cause: error });
    }
    if (!response.ok) throw errorFromResponse(response.status, await readText(response, call));
    return response;
  }

  return {
    async search(params, call = {}) {
      const response = await send('/search', params, 'application/json', call);
      const text = await readText(response, call);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (cause) {
        throw new EdgeRetrieverError('invalid_response', 'The answer is not JSON', response.status, { body: text.slice(0, 200) }, { cause });
      }
      if (!body || typeof body !== 'object' || !Array.isArray((body as { results?: unknown }).results)) {
        throw new EdgeRetrieverError('invalid_response', 'The answer has no `results` list', response.status, { body: text.slice(0, 200) });
      }
      return body as SearchResponse;
    },

    async *searchStream(params, call = {}) {
      const response = await send('/search', params, 'application/x-ndjson', call);
      if (!response.body) throw new EdgeRetrieverError('invalid_response', 'The answer has no body', response.status);
      try {
        for await (const line of ndjsonLines(response.body)) {
          call.signal?.throwIfAborted();
          yield streamEvent(line, response.status);
        }
      } catch (error) {
        if (error instanceof EdgeRetrieverError || isAbort(error, call.signal)) throw error;
        const code = error instanceof SyntaxError ? 'invalid_response' : 'network_error';
        throw new EdgeRetrieverError(code, code === 'invalid_response' ? 'A streamed line is not JSON' : 'The stream broke off', response.status, {}, { cause: error });
      }
    },
  };
}

function streamEvent(line: unknown, status: number): SearchStreamEvent {
  const type = (line as { type?: unknown } | null)?.type;
  if (type === 'meta' || type === 'result' || type === 'summary') return line as SearchStreamEvent;
  if (type === 'error') throw errorFromResponse(status, JSON.stringify(line));
  throw new EdgeRetrieverError('invalid_response', `Unexpected stream line type ${JSON.stringify(type)}`, status);
}

async function readText(response: Response, call: CallOptions): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (isAbort(error, call.signal)) throw error;
    throw new EdgeRetrieverError('network_error', 'The answer broke off', response.status, {}, { cause: error });
  }
}

/**
 * Query string for GET: strings and numbers as is, lists comma-joined (how `tags` is read), objects
 * (a `filter`) as JSON — the forms `GET /search` accepts. Undefined values are left out.
 */
export function toQuery(params: object): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.set(key, Array.isArray(value) ? value.join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return query.toString();
}
