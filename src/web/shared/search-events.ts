/**
 * The one place the demo page and the widget talk to the Worker: a streamed search whose
 * `meta` / `result` / `summary` records are handed over as they arrive. Kept to this single
 * function so the transport (today NDJSON over fetch) can change without touching the UIs.
 */
import type { SearchWarning } from '../../core/query/search/confidence';
import type { SearchResult } from '../../core/query/search/result-mapping';

/** A result as the Worker streams it (README, "Response"): the core's own type. */
export type StreamedResult = SearchResult;

/** A warning from the summary. */
export type StreamedWarning = SearchWarning;

/** The closing record: counts, confidence, warnings, timing. */
export interface StreamedSummary {
  returned: number;
  message?: string;
  warnings: StreamedWarning[];
  confidence?: { rating: string; low_confidence: boolean };
  query_coverage?: number;
  [extra: string]: unknown;
}

/** What a UI receives, in order. */
export type SearchEvent =
  | { type: 'meta'; meta: Record<string, unknown> }
  | { type: 'result'; result: StreamedResult }
  | { type: 'summary'; summary: StreamedSummary; timing: Record<string, number> };

/** Search parameters the UIs send (the Worker validates them). */
export type SearchQuery = Record<string, string | number | undefined>;

/** Where and how to ask. */
export interface StreamOptions {
  endpoint: string;
  signal?: AbortSignal;
  apiKey?: string;
}

/** A failed search, with the Worker's error code when it sent one. */
export class SearchFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SearchFailure';
  }
}

/**
 * Runs one search and calls `onEvent` for each record as it arrives.
 * Rejects with a `SearchFailure` (HTTP errors, broken streams) or an `AbortError`.
 */
export async function streamSearch(query: SearchQuery, options: StreamOptions, onEvent: (event: SearchEvent) => void): Promise<void> {
  const body: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') body[key] = value;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  let response: Response;
  try {
    response = await fetch(`${options.endpoint.replace(/\/+$/, '')}/search`, { method: 'POST', headers, body: JSON.stringify(body), signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new SearchFailure('network_error', `Could not reach the search service (${(error as Error).message})`, 0);
  }
  if (!response.ok || !response.body) {
    const parsed = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new SearchFailure(parsed?.error?.code ?? 'http_error', parsed?.error?.message ?? `The search service answered HTTP ${response.status}`, response.status);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += value;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onEvent(toEvent(JSON.parse(line) as Record<string, unknown>));
    }
    if (done) break;
  }
}

function toEvent(record: Record<string, unknown>): SearchEvent {
  const { type, ...rest } = record;
  if (type === 'result') return { type, result: rest as unknown as StreamedResult };
  if (type === 'summary') return { type, summary: rest.summary as StreamedSummary, timing: rest.timing as Record<string, number> };
  if (type === 'meta') return { type, meta: rest };
  if (type === 'error') {
    const error = rest.error as { code?: string; message?: string } | undefined;
    throw new SearchFailure(error?.code ?? 'stream_error', error?.message ?? 'The search failed mid-stream', 200);
  }
  throw new SearchFailure('stream_error', `Unexpected record type ${String(type)}`, 200);
}
