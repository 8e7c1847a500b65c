/**
 * Writes a finished batch in the format the client accepts. Every answer carries its `index` in
 * the request and `ok`; a successful one holds the same fields as a single search's JSON answer,
 * a failed one its `error`. JSON: `{"answers": […], "summary", "timing"}`; NDJSON: one
 * `{"type":"answer",…}` line per query, then `{"type":"summary",…}`; SSE: `answer` events, then
 * `summary`.
 */
import type { Context } from 'hono';
import { stream, streamSSE } from 'hono/streaming';
import type { RetrieverError } from '../core/common/errors';
import type { SearchOutcome } from '../core/query/search/search-pipeline';
import type { StreamFormat } from './stream-response';

/** One query's answer in request order. */
export type BatchEntry = { index: number; outcome: SearchOutcome } | { index: number; error: RetrieverError };

/** Batch-level counts and timing. */
export interface BatchTail {
  summary: { queries: number; succeeded: number; failed: number };
  timing: { total_ms: number; upstream_calls: number };
}

function answerOf(entry: BatchEntry): Record<string, unknown> {
  if ('error' in entry) return { index: entry.index, ok: false, ...entry.error.toJSON() };
  const { results, summary, timing, ...header } = entry.outcome;
  return { index: entry.index, ok: true, ...header, results, summary, timing };
}

/**
 * Streams a batch in `format`.
 *
 * @example
 * return streamBatch(c, entries, tail, negotiateFormat(c.req.header('accept')));
 */
export function streamBatch(c: Context, entries: readonly BatchEntry[], tail: BatchTail, format: StreamFormat): Response {
  c.header('Content-Encoding', 'Identity');
  c.header('Cache-Control', 'no-store');
  c.header('Server-Timing', `total;dur=${tail.timing.total_ms}`);
  if (format === 'sse') {
    return streamSSE(c, async (sse) => {
      for (const entry of entries) await sse.writeSSE({ event: 'answer', data: JSON.stringify(answerOf(entry)) });
      await sse.writeSSE({ event: 'summary', data: JSON.stringify(tail) });
    });
  }
  if (format === 'ndjson') {
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    return stream(c, async (out) => {
      for (const entry of entries) await out.write(`${JSON.stringify({ type: 'answer', ...answerOf(entry) })}\n`);
      await out.write(`${JSON.stringify({ type: 'summary', ...tail })}\n`);
    });
  }
  c.header('Content-Type', 'application/json; charset=utf-8');
  return stream(c, async (out) => {
    await out.write('{"answers":[');
    for (const [i, entry] of entries.entries()) await out.write(`${i ? ',' : ''}${JSON.stringify(answerOf(entry))}`);
    await out.write(`],"summary":${JSON.stringify(tail.summary)},"timing":${JSON.stringify(tail.timing)}}`);
  });
}
