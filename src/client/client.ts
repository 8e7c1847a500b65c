/**
 * A small typed client for the edge-retriever API. No dependencies and only web-standard APIs
 * (fetch, URL, ReadableStream, TextDecoder, AbortSignal), so the same code runs in browsers,
 * Cloudflare Workers and Node ≥ 18.
 */
import { EdgeRetrieverError, errorFromResponse, isAbort } from './client-error.js';
import { ndjsonLines } from './ndjson-lines.js';
import type { BatchRequest, BatchResponse, BatchStreamEvent, SearchParams, SearchResponse, SearchStreamEvent } from './types.js';

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
  /** One search as the text block for an LLM prompt (`format=context`: a `[Note]` first when the book probably does not cover it). */
  context(params: SearchParams, options?: CallOptions): Promise<string>;
  /** Several searches in one request (`POST /search/batch`); a failed query is an `ok: false` answer, not a throw. */
  searchBatch(request: BatchRequest, options?: CallOptions): Promise<BatchResponse>;
  /** A batch, streamed: one `answer` per query in input order, then `summary`. */
  searchBatchStream(request: BatchRequest, options?: CallOptions): AsyncGenerator<BatchStreamEvent, void, undefined>;
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

  async function send(path: string, params: object, accept: string, call: CallOptions, post = false): Promise<Response> {
    // Checked here too: an injected fetch may ignore the signal.
    call.signal?.throwIfAborted();
    const get = `${base}${path}?${toQuery(params)}`;
    const asPost = post || get.length > MAX_GET_URL || !queryCanSay(params);
    const headers: Record<string, string> = { accept, ...options.headers, ...(asPost ? { 'content-type': 'application/json' } : {}) };
    const init: RequestInit = { headers, ...(asPost ? { method: 'POST', body: JSON.stringify(params) } : {}), ...(call.signal ? { signal: call.signal } : {}) };
    let response: Response;
    try {
      response = await doFetch(asPost ? `${base}${path}` : get, init);
    } catch (error) {
      if (isAbort(error, call.signal)) throw error;
      throw new EdgeRetrieverError('network_error', `${base} cannot be reached`, 0, {}, { cause: error });
    }
    if (!response.ok) throw errorFromResponse(response.status, await readText(response, call));
    return response;
  }

  async function json<T>(response: Response, call: CallOptions, list: string): Promise<T> {
    const text = await readText(response, call);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      throw new EdgeRetrieverError('invalid_response', 'The answer is not JSON', response.status, { body: text.slice(0, 200) }, { cause });
    }
    if (!body || typeof body !== 'object' || !Array.isArray((body as Record<string, unknown>)[list])) {
      throw new EdgeRetrieverError('invalid_response', `The answer has no \`${list}\` list`, response.status, { body: text.slice(0, 200) });
    }
    return body as T;
  }

  async function* lines<T>(response: Response, call: CallOptions, types: readonly string[]): AsyncGenerator<T, void, undefined> {
    if (!response.body) throw new EdgeRetrieverError('invalid_response', 'The answer has no body', response.status);
    let summarized = false;
    try {
      for await (const line of ndjsonLines(response.body)) {
        call.signal?.throwIfAborted();
        const event = streamEvent<T>(line, response.status, types);
        summarized = (event as { type: string }).type === 'summary';
        yield event;
      }
    } catch (error) {
      if (error instanceof EdgeRetrieverError || isAbort(error, call.signal)) throw error;
      const code = error instanceof SyntaxError ? 'invalid_response' : 'network_error';
      throw new EdgeRetrieverError(code, code === 'invalid_response' ? 'A streamed line is not JSON' : 'The stream broke off', response.status, {}, { cause: error });
    }
    // Every answer ends with its summary: a stream that ends before it was cut, however cleanly.
    if (!summarized) throw new EdgeRetrieverError('network_error', 'The stream ended before its summary', response.status);
  }

  const SEARCH_EVENTS = ['meta', 'result', 'summary'] as const;
  const BATCH_EVENTS = ['answer', 'summary'] as const;
  return {
    async search(params, call = {}) {
      return json<SearchResponse>(await send('/search', params, 'application/json', call), call, 'results');
    },
    async *searchStream(params, call = {}) {
      yield* lines<SearchStreamEvent>(await send('/search', params, 'application/x-ndjson', call), call, SEARCH_EVENTS);
    },
    async context(params, call = {}) {
      return readText(await send('/search', { ...params, format: 'context' }, 'text/plain', call), call);
    },
    async searchBatch(request, call = {}) {
      return json<BatchResponse>(await send('/search/batch', request, 'application/json', call, true), call, 'answers');
    },
    async *searchBatchStream(request, call = {}) {
      yield* lines<BatchStreamEvent>(await send('/search/batch', request, 'application/x-ndjson', call, true), call, BATCH_EVENTS);
    },
  };
}

function streamEvent<T>(line: unknown, status: number, types: readonly string[]): T {
  const type = (line as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && types.includes(type)) return line as T;
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
 * Whether {@link toQuery} can say `params` as they are meant. A GET list is comma-joined and split
 * on commas again by the Worker, while a JSON list keeps each element whole: `tags: ['a,b']` is the
 * one tag "a,b" in a POST body but "a" or "b" in a query string. Such a list, or one of anything
 * but strings and numbers, goes as a POST body, so either transport means the same.
 *
 * @example
 * queryCanSay({ tags: ['ros2', 'nav2'] }); // true
 * queryCanSay({ tags: ['pick,place'] }); // false
 */
export function queryCanSay(params: object): boolean {
  return Object.values(params).every(
    (value) => !Array.isArray(value) || value.every((item) => typeof item === 'number' || (typeof item === 'string' && !item.includes(','))),
  );
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
