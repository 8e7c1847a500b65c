/**
 * One search through the Worker in any method × response format, read back into one shape, so a
 * strategy test can assert the same thing on JSON, NDJSON, SSE and the prompt-context text; plus
 * the upstream calls that one request made.
 */
import { ndjson, sseEvents, type Tenant } from './harness';

export type Method = 'GET' | 'POST';
export type Format = 'json' | 'ndjson' | 'sse' | 'context';
export const METHODS: Method[] = ['GET', 'POST'];
export const FORMATS: Format[] = ['json', 'ndjson', 'sse', 'context'];

/** The embedded default: no Qdrant, no Cohere, the bundled sample book. */
// The strategy tests compare both stores under the same settings, so the embedded default's own
// defaults (hybrid fused by RRF — tested in embedded-default.test.ts) are pinned to Cohere's here.
export const OFFLINE = {
  COHERE_API_KEY: '',
  QDRANT_URL: '',
  QDRANT_API_KEY: '',
  SEARCH_MODE: 'semantic',
  HYBRID_FUSION: 'weighted',
  HYBRID_SEMANTIC_WEIGHT: '0.7',
  HYBRID_KEYWORD_WEIGHT: '0.3',
};

/** Both stores with a query that hits the strategy corpus (fake Qdrant) or the sample book (embedded). */
export const STORES = [
  { store: 'qdrant', env: {}, q: 'sensor data topics' },
  { store: 'embedded', env: OFFLINE, q: 'QoS reliability for sensor data topics' },
] as const;

/** A search response read back from any format (`text` only for `format=context` and errors). */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  meta: any;
  results: any[];
  summary: any;
  timing: any;
  error: any;
}

/** Query-string value of a parameter: objects (a DSL filter) as JSON, arrays comma-joined. */
function queryValue(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * Calls `/search` with `params` (GET: query string; POST: JSON body) and reads the answer.
 *
 * @example
 * const a = await search(t, { q: 'topics', mode: 'hybrid' }, { method: 'POST', format: 'sse' });
 */
export async function search(
  t: Tenant,
  params: Record<string, unknown>,
  options: { method?: Method; format?: Format; env?: Record<string, unknown> } = {},
): Promise<Answer> {
  const { method = 'GET', format = 'json', env = {} } = options;
  const all = format === 'context' ? { ...params, format: 'context' } : params;
  const headers: Record<string, string> = {};
  if (format === 'ndjson') headers.accept = 'application/x-ndjson';
  if (format === 'sse') headers.accept = 'text/event-stream';
  let path = '/search';
  const init: RequestInit = { method, headers };
  if (method === 'GET') {
    path += `?${new URLSearchParams(Object.entries(all).map(([k, v]) => [k, queryValue(v)])).toString()}`;
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(all);
  }
  const res = await t.call(path, init, env);
  const answer: Answer = { status: res.status, headers: res.headers, text: res.text, meta: null, results: [], summary: null, timing: null, error: null };
  if (res.status !== 200) {
    answer.error = res.json().error;
    return answer;
  }
  if (format === 'context') return answer;
  if (format === 'json') {
    const { results, summary, timing, ...meta } = res.json();
    return { ...answer, meta, results, summary, timing };
  }
  const records =
    format === 'ndjson'
      ? ndjson(res.text).map(({ type, ...rest }) => ({ kind: type as string, data: rest }))
      : sseEvents(res.text).map((e) => ({ kind: e.event, data: e.data }));
  const tail = records.find((r) => r.kind === 'summary')?.data;
  return {
    ...answer,
    meta: records.find((r) => r.kind === 'meta')?.data,
    results: records.filter((r) => r.kind === 'result').map((r) => r.data),
    summary: tail?.summary,
    timing: tail?.timing,
  };
}

/** Runs `work` and returns the upstream calls the fake logged meanwhile (the tenant's only traffic). */
export async function callsDuring<T>(t: Tenant, work: () => Promise<T>): Promise<{ value: T; calls: { method: string; path: string; body: any; service: string }[] }> {
  const before = (await t.calls()).length;
  const value = await work();
  return { value, calls: (await t.calls()).slice(before) };
}

/** Parses `format=context` text into its result blocks (a leading `[Note]` block is not one). */
export function contextBlocks(text: string): { n: number; score: number; source: string; chapter: string; section: string; body: string }[] {
  if (text === '') return [];
  return text.split('\n\n====\n\n').filter((block) => !block.startsWith('[Note]\n')).map((block) => {
    const match = /^\[Result (\d+)\]\nScore: (\S+)\nSource: (.*)\nChapter: (.*)\nSection: (.*)\n---\n([\s\S]*)$/.exec(block);
    if (!match) throw new Error(`not a context block: ${block.slice(0, 200)}`);
    return { n: Number(match[1]), score: Number(match[2]), source: match[3]!, chapter: match[4]!, section: match[5]!, body: match[6]! };
  });
}

/** Ids of results, in order. */
export const ids = (results: readonly { id: unknown }[]) => results.map((r) => r.id);
