/**
 * Writes a finished search in the format the client accepts: JSON (one document, header fields →
 * results → summary), NDJSON (`meta`, one `result` per line, `summary`) or SSE (the same as
 * events, for `EventSource`). The search itself ran before the response started, so failures
 * there still get a proper status code.
 */
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import { contextNotes, formatContext } from '../core/query/search/context-format';
import type { SearchOutcome } from '../core/query/search/search-outcome';
import { negotiateEncoding } from './content-encoding';
import { serverTiming } from './server-timing';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Response formats, chosen from the Accept header. */
export type StreamFormat = 'json' | 'ndjson' | 'sse';

const FORMAT_OF: Record<string, StreamFormat> = {
  'application/json': 'json',
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'text/event-stream': 'sse',
};

const SUPPORTED = Object.keys(FORMAT_OF);

/**
 * Picks the format from the Accept header with quality values honoured (`q=0` means "not this
 * one"); JSON when nothing we serve is preferred, so a browser's `text/html` (or any wildcard) still gets JSON.
 */
export function negotiateFormat(c: Context): StreamFormat {
  const accept = c.req.header('Accept');
  // What curl, fetch() and most clients send: JSON without parsing the header (every request).
  if (accept === undefined || accept === '*/*' || accept === 'application/json') return 'json';
  const type = accepts(c, { header: 'Accept', supports: SUPPORTED, default: 'application/json' });
  return FORMAT_OF[type] ?? 'json';
}

function header(outcome: SearchOutcome): Record<string, unknown> {
  const { results: _results, summary: _summary, timing: _timing, ...rest } = outcome;
  return rest;
}

/**
 * One Server-Sent Event: its name and its data as one line of JSON (JSON escapes every newline, so
 * `data` never spans lines), and an `id` when given. Shared by a search's and a batch's SSE bodies.
 *
 * @example
 * sseEvent('summary', { returned: 3 }); // 'event: summary\ndata: {"returned":3}\n\n'
 */
export function sseEvent(name: string, data: unknown, id?: string): string {
  return `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * The `id` of a search's last SSE event. A browser's `EventSource` that is not closed reconnects
 * when the body ends (every ~3 s) and then sends it as `Last-Event-ID`; `GET /search` answers that
 * reconnection 204, which tells the `EventSource` to stop (HTML's rule), instead of searching again.
 */
export const SSE_END_ID = 'end';

/** How the results part of each format is written. */
const RESULTS_TEXT: Record<StreamFormat, (results: SearchOutcome['results']) => string> = {
  json: (results) => results.map((result) => JSON.stringify(result)).join(','),
  ndjson: (results) => results.map((result) => `${JSON.stringify({ type: 'result', ...result })}\n`).join(''),
  sse: (results) => results.map((result) => sseEvent('result', result)).join(''),
};

// The results of a cached outcome are the same array on every hit: written once per format (the
// bulk of a body; the head, summary and timing differ per request and are written each time).
const resultsText = new WeakMap<object, Partial<Record<StreamFormat, string>>>();

function writtenResults(results: SearchOutcome['results'], format: StreamFormat): string {
  let written = resultsText.get(results);
  if (!written) resultsText.set(results, (written = {}));
  return (written[format] ??= RESULTS_TEXT[format](results));
}

/** The body of `outcome` in `format`, with its content type. */
export function serializeOutcome(outcome: SearchOutcome, format: StreamFormat): { body: string; type: string } {
  const tail = { summary: outcome.summary, timing: outcome.timing };
  const results = writtenResults(outcome.results, format);
  if (format === 'sse') {
    return { body: `${sseEvent('meta', header(outcome))}${results}${sseEvent('summary', tail, SSE_END_ID)}`, type: 'text/event-stream; charset=utf-8' };
  }
  if (format === 'ndjson') {
    const body = `${JSON.stringify({ type: 'meta', ...header(outcome) })}\n${results}${JSON.stringify({ type: 'summary', ...tail })}\n`;
    return { body, type: 'application/x-ndjson; charset=utf-8' };
  }
  const head = JSON.stringify(header(outcome));
  const body = `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"results":[${results}],"summary":${JSON.stringify(tail.summary)},"timing":${JSON.stringify(tail.timing)}}`;
  return { body, type: 'application/json; charset=utf-8' };
}

/**
 * Writes `outcome` in `format` as ONE body, compressed when the client accepts it. The outcome is
 * complete before the first byte, so piecewise streaming bought nothing but many small writes
 * (each a separate chunk, and on a real socket Nagle/delayed-ACK stalls: measured 20–110 ms per
 * answer on loopback) and no compression (README, "Compression").
 *
 * @example
 * return streamOutcome(c, outcome, negotiateFormat(c));
 */
export function streamOutcome(c: Context, outcome: SearchOutcome, format: StreamFormat, headers: Record<string, string> = NO_STORE): Response {
  const { body, type } = serializeOutcome(outcome, format);
  c.header('Server-Timing', serverTiming(outcome.timing));
  return sendBody(c, body, type, headers);
}

/**
 * What the CLIENT accepts. Cloudflare (and wrangler dev, which emulates it) rewrites the request's
 * Accept-Encoding to "br, gzip" and keeps the client's own value in `request.cf.clientAcceptEncoding`;
 * naming br for a client that never asked (plain curl) would hand it compressed bytes in `wrangler dev`.
 */
function clientAcceptEncoding(c: Context): string | undefined {
  const original = (c.req.raw as { cf?: { clientAcceptEncoding?: unknown } }).cf?.clientAcceptEncoding;
  return typeof original === 'string' ? original : c.req.header('accept-encoding');
}

/**
 * Sends a finished answer's body (a search's or a batch's), compressed as the client accepts.
 * JSON is left to the edge: Cloudflare compresses `application/json` itself (br or gzip, as the
 * client takes) outside the Worker's CPU time — in the hot-path bench, naming br in the Worker cost
 * ~0.3 ms of workerd CPU per cached answer. NDJSON and SSE, which the edge does not compress, are
 * compressed by the runtime because the Worker names the encoding (and sent as written, with no
 * Content-Encoding, to a client that takes neither br nor gzip).
 */
export function sendBody(c: Context, body: string, type: string, headers: Record<string, string> = NO_STORE): Response {
  c.header('Content-Type', type);
  const encoding = type.startsWith('application/json') ? null : negotiateEncoding(clientAcceptEncoding(c));
  if (encoding) c.header('Content-Encoding', encoding);
  c.header('Vary', 'Accept, Accept-Encoding');
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.body(body);
}

/**
 * `format=context`: the text block an LLM prompt needs instead of JSON (results in score order,
 * each with its score, source, chapter and section, then the chunk text), led by a `[Note]` when the
 * book probably does not cover the question — the one thing the model must not miss.
 */
export function contextResponse(c: Context, outcome: SearchOutcome, headers: Record<string, string> = NO_STORE): Response {
  c.header('Server-Timing', serverTiming(outcome.timing));
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('X-Results-Returned', String(outcome.results.length));
  return c.text(formatContext(outcome.results, contextNotes(outcome.summary.warnings)), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
}
