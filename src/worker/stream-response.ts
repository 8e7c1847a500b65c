/**
 * Writes a finished search as a streamed response in the format the client accepts:
 * JSON (one document, header fields → results → summary), NDJSON (`meta`, one `result` per line,
 * `summary`) or SSE (the same as events, for `EventSource`). The search itself ran before the
 * stream opened, so failures there still get a proper status code.
 */
import type { Context } from 'hono';
import { stream, streamSSE } from 'hono/streaming';
import { formatContext } from '../core/query/search/context-format';
import type { SearchOutcome } from '../core/query/search/search-pipeline';
import { serverTiming } from './server-timing';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** Response formats, chosen from the Accept header. */
export type StreamFormat = 'json' | 'ndjson' | 'sse';

/** Picks the format from an Accept header (JSON unless NDJSON or SSE is asked for). */
export function negotiateFormat(accept: string | undefined): StreamFormat {
  const value = (accept ?? '').toLowerCase();
  if (value.includes('text/event-stream')) return 'sse';
  if (value.includes('application/x-ndjson') || value.includes('application/ndjson')) return 'ndjson';
  return 'json';
}

function header(outcome: SearchOutcome): Record<string, unknown> {
  const { results: _results, summary: _summary, timing: _timing, ...rest } = outcome;
  return rest;
}

/**
 * Streams `outcome` in `format`.
 *
 * @example
 * return streamOutcome(c, outcome, negotiateFormat(c.req.header('accept')));
 */
export function streamOutcome(c: Context, outcome: SearchOutcome, format: StreamFormat, headers: Record<string, string> = NO_STORE): Response {
  c.header('Server-Timing', serverTiming(outcome.timing));
  // Workers would otherwise compress and buffer the stream (hono#3449).
  c.header('Content-Encoding', 'Identity');
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  const tail = { summary: outcome.summary, timing: outcome.timing };
  if (format === 'sse') {
    return streamSSE(c, async (sse) => {
      await sse.writeSSE({ event: 'meta', data: JSON.stringify(header(outcome)) });
      for (const result of outcome.results) await sse.writeSSE({ event: 'result', data: JSON.stringify(result) });
      await sse.writeSSE({ event: 'summary', data: JSON.stringify(tail) });
    });
  }
  if (format === 'ndjson') {
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    return stream(c, async (out) => {
      await out.write(`${JSON.stringify({ type: 'meta', ...header(outcome) })}\n`);
      for (const result of outcome.results) await out.write(`${JSON.stringify({ type: 'result', ...result })}\n`);
      await out.write(`${JSON.stringify({ type: 'summary', ...tail })}\n`);
    });
  }
  c.header('Content-Type', 'application/json; charset=utf-8');
  return stream(c, async (out) => {
    const head = JSON.stringify(header(outcome));
    await out.write(`${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"results":[`);
    for (const [index, result] of outcome.results.entries()) {
      await out.write(`${index ? ',' : ''}${JSON.stringify(result)}`);
    }
    await out.write(`],"summary":${JSON.stringify(tail.summary)},"timing":${JSON.stringify(tail.timing)}}`);
  });
}

/**
 * `format=context`: the text block an LLM prompt needs instead of JSON (results in score order,
 * each with its score, source, chapter and section, then the chunk text).
 */
export function contextResponse(c: Context, outcome: SearchOutcome, headers: Record<string, string> = NO_STORE): Response {
  c.header('Server-Timing', serverTiming(outcome.timing));
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('X-Results-Returned', String(outcome.results.length));
  return c.text(formatContext(outcome.results), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
}
