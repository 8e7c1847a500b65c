/**
 * Writes a finished batch in the format the client accepts. Every answer carries its `index` in
 * the request and `ok`; a successful one holds the same fields as a single search's JSON answer,
 * a failed one its `error`. JSON: `{"answers": […], "summary", "timing"}`; NDJSON: one
 * `{"type":"answer",…}` line per query, then `{"type":"summary",…}`; SSE: `answer` events, then
 * `summary`.
 */
import type { Context } from 'hono';
import type { SearchOutcome } from '../core/query/search/search-outcome';
import { sendBody, sseEvent, type StreamFormat } from './stream-response';

/** One query's answer in request order: its outcome, or its error object (as `errorObject` builds it). */
export type BatchEntry = { index: number; outcome: SearchOutcome } | { index: number; error: Record<string, unknown> };

/** Batch-level counts and timing. */
export interface BatchTail {
  summary: { queries: number; succeeded: number; failed: number };
  timing: { total_ms: number; upstream_calls: number };
}

function answerOf(entry: BatchEntry): Record<string, unknown> {
  if ('error' in entry) return { index: entry.index, ok: false, error: entry.error };
  const { results, summary, timing, ...header } = entry.outcome;
  return { index: entry.index, ok: true, ...header, results, summary, timing };
}

/**
 * Writes a batch in `format` as ONE body, compressed like a single search's answer (every answer
 * is complete before the first byte; see stream-response.ts). Never stored by shared caches:
 * batch answers bypass the result cache.
 *
 * @example
 * return streamBatch(c, entries, tail, negotiateFormat(c.req.header('accept')));
 */
export function streamBatch(c: Context, entries: readonly BatchEntry[], tail: BatchTail, format: StreamFormat): Response {
  c.header('Server-Timing', `total;dur=${tail.timing.total_ms}`);
  if (format === 'sse') {
    return sendBody(c, [...entries.map((entry) => sseEvent('answer', answerOf(entry))), sseEvent('summary', tail)].join(''), 'text/event-stream; charset=utf-8');
  }
  if (format === 'ndjson') {
    const lines = [...entries.map((entry) => ({ type: 'answer', ...answerOf(entry) })), { type: 'summary', ...tail }];
    return sendBody(c, lines.map((line) => `${JSON.stringify(line)}\n`).join(''), 'application/x-ndjson; charset=utf-8');
  }
  const answers = entries.map((entry) => JSON.stringify(answerOf(entry))).join(',');
  return sendBody(c, `{"answers":[${answers}],"summary":${JSON.stringify(tail.summary)},"timing":${JSON.stringify(tail.timing)}}`, 'application/json; charset=utf-8');
}
