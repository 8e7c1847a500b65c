/**
 * `POST /search/batch`: several searches in one request, sharing one Cohere embed call for every
 * embedding-cache miss and one Qdrant round trip for every list (see `runSearches`).
 */
import { Hono } from 'hono/tiny';
import { RetrieverError } from '../../core/common/errors';
import { parseBatchRequest } from '../../core/query/search/batch-params';
import { runSearches, type SearchAnswer } from '../../core/query/search/search-pipeline';
import type { SearchContext } from '../../core/query/ports';
import type { SearchParams } from '../../core/query/search/search-params';
import type { AppEnv } from '../bindings';
import { errorObject } from '../on-error';
import { redactedValue } from '../redacted-json';
import { readJsonBodyWithRepeats, repeatedError } from '../read-json-body';
import { streamBatch, type BatchEntry } from '../batch-response';
import { buildSearchContext } from '../services';
import { chargeSearches } from '../access/rate-limit';
import { negotiateFormat } from '../stream-response';
import { roundMs } from '../../core/common/round-ms';

/** The batch route. */
export const batchRoute = new Hono<AppEnv>();

batchRoute.post('/', async (c) => {
  const { body, repeated } = await readJsonBodyWithRepeats(c, 'POST /search/batch');
  // A key repeated inside one query is that query's error, as an unknown one is; elsewhere the request's.
  const inQuery = new Map<number, string[]>();
  const outside = repeated.filter((path) => {
    const match = /^queries\[(\d+)\]\.(.+)$/.exec(path);
    if (match) inQuery.set(Number(match[1]), [...(inQuery.get(Number(match[1])) ?? []), match[2]!]);
    return !match;
  });
  if (outside.length) throw repeatedError(outside);
  const log = c.get('log');
  const context = buildSearchContext({ env: c.env, waitUntil: c.get('defer'), log });
  const started = performance.now();
  const parsed = parseBatchRequest(body, context.config).map((entry, index) => (inQuery.has(index) ? repeatedError(inQuery.get(index)!) : entry));
  const valid = parsed.flatMap((entry, index) => (entry instanceof RetrieverError ? [] : [{ index, params: entry as SearchParams }]));
  // Each search counts against the caller's rate limit, so a batch cannot multiply it by 16.
  await chargeSearches(c, context.config, valid.length);
  const answers = await runDistinct(valid.map((v) => v.params), context);
  // A failed query gets the error object a failed single search gets, and its code (and, for a bug,
  // its cause, which the answer never shows) goes on the request's log line as a single search's does.
  const queryErrors: Record<string, unknown>[] = [];
  const failure = (index: number, error: RetrieverError): BatchEntry => {
    const logged: Record<string, unknown> = { index };
    queryErrors.push(logged);
    // Redacted as a single search's error body is (redactedJson): the last line of defence.
    return { index, error: redactedValue(c, errorObject(error, c, logged)) };
  };
  const entries: BatchEntry[] = parsed.map((entry, index) => (entry instanceof RetrieverError ? failure(index, entry) : { index, outcome: null! }));
  valid.forEach(({ index }, n) => {
    const answer = answers[n]!;
    // Batch answers bypass the result cache (README, "Batch search"): say so as a single search would.
    entries[index] = 'error' in answer ? failure(index, answer.error) : { index, outcome: { ...answer.outcome, summary: { ...answer.outcome.summary, result_cache: 'bypass' } } };
  });
  const failed = queryErrors.length;
  if (failed) log.query_errors = queryErrors.sort((a, b) => Number(a.index) - Number(b.index));
  const tail = {
    summary: { queries: entries.length, succeeded: entries.length - failed, failed },
    timing: { total_ms: roundMs(performance.now() - started), upstream_calls: context.upstreamCalls() },
  };
  Object.assign(log, { queries: entries.length, failed, upstream_calls: context.upstreamCalls() });
  return streamBatch(c, entries, tail, negotiateFormat(c));
});

/**
 * Runs each distinct search once and gives every repeat the same answer: a batch that repeats a
 * question must not pay for it again (each `rerank=cohere` search is its own Cohere call; the
 * embedding is shared anyway). Parameters are plain data, so equal JSON is the same search.
 */
async function runDistinct(list: readonly SearchParams[], context: SearchContext): Promise<SearchAnswer[]> {
  const runs: SearchParams[] = [];
  const seen = new Map<string, number>();
  const slots = list.map((params) => {
    const key = JSON.stringify(params);
    let slot = seen.get(key);
    if (slot === undefined) seen.set(key, (slot = runs.push(params) - 1));
    return slot;
  });
  const answers = runs.length ? await runSearches(runs, context) : [];
  return slots.map((slot) => answers[slot]!);
}
