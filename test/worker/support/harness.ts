/**
 * Test harness for the Worker: each test gets its own tenant on the fake upstream (separate
 * collections, call log and faults) and calls the real app in the Workers runtime with the real
 * KV binding, through a fresh ExecutionContext whose waitUntil work is awaited.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../../src/worker/index';
import { resetIsolateCaches } from '../../../src/worker/services';

export const COHERE_KEY = 'test-cohere-key';
export const QDRANT_KEY = 'test-qdrant-key';

let counter = 0;

/** A fresh tenant on the fake upstream plus helpers bound to it. */
export function tenant(name = 't', defaults: Record<string, unknown> = {}) {
  const id = `${name}-${Date.now().toString(36)}-${counter++}`;
  const base = `${(env as unknown as { FAKE_URL: string }).FAKE_URL}/t/${id}`;
  resetIsolateCaches();
  const vars = (overrides: Record<string, unknown> = {}) => ({
    ...(env as unknown as Record<string, unknown>),
    // The rate limiters are shared by every test in the run: tests that are about them pass them in.
    IP_RATE_LIMITER: undefined,
    KEY_RATE_LIMITER: undefined,
    COHERE_API_KEY: COHERE_KEY,
    COHERE_BASE_URL: base,
    QDRANT_URL: base,
    QDRANT_API_KEY: QDRANT_KEY,
    ...defaults,
    ...overrides,
  });
  return {
    id,
    base,
    vars,
    /** Calls the Worker; waits for its waitUntil work (KV writes) before returning. */
    async call(path: string, init: RequestInit = {}, overrides: Record<string, unknown> = {}) {
      const ctx = createExecutionContext();
      const response = await worker.fetch(new Request(`https://worker.test${path}`, init), vars(overrides), ctx);
      // Decoded by hand: workerd warns when .text() reads a non-text type such as application/x-ndjson.
      const text = new TextDecoder().decode(await response.arrayBuffer());
      await waitOnExecutionContext(ctx);
      return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
    },
    /** A `fetch` that calls the Worker with this tenant's env (for the typed client). */
    fetcher(overrides: Record<string, unknown> = {}) {
      return async (input: string, init?: RequestInit): Promise<Response> => {
        const ctx = createExecutionContext();
        const response = await worker.fetch(new Request(input, init), vars(overrides), ctx);
        await waitOnExecutionContext(ctx);
        return response;
      };
    },
    async calls(service?: 'cohere' | 'qdrant'): Promise<{ method: string; path: string; body: any; service: string }[]> {
      const all = await (await fetch(`${base}/__fake/calls`)).json<any[]>();
      return service ? all.filter((c) => c.service === service) : all;
    },
    /** Query-embedding calls only (seeding embeds documents with input_type search_document). */
    async queryEmbeds() {
      const all = await this.calls('cohere');
      return all.filter((c) => c.path === '/v2/embed' && c.body?.input_type === 'search_query');
    },
    async faults(faults: unknown[]) {
      const res = await fetch(`${base}/__fake/faults`, { method: 'POST', body: JSON.stringify(faults), headers: { 'content-type': 'application/json' } });
      if (!res.ok) throw new Error(`fault setup failed: ${res.status}`);
    },
    async qdrant(method: string, path: string, body?: unknown) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'api-key': QDRANT_KEY, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = await res.json<any>();
      if (!res.ok) throw new Error(`qdrant ${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    },
    async embedDocuments(texts: string[], model = 'embed-english-v3.0', extra: Record<string, unknown> = {}): Promise<number[][]> {
      const res = await fetch(`${base}/v2/embed`, {
        method: 'POST',
        headers: { authorization: `Bearer ${COHERE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, input_type: 'search_document', embedding_types: ['float'], texts, ...extra }),
      });
      const json = await res.json<any>();
      return json.embeddings.float;
    },
  };
}

export type Tenant = ReturnType<typeof tenant>;

/** A document to seed: its text goes under `textKey` so payload mapping can be exercised. */
export interface SeedDoc {
  id: number | string;
  text: string;
  payload?: Record<string, unknown>;
}

/**
 * Creates a collection on the tenant's fake Qdrant and upserts documents embedded by the fake
 * Cohere (input_type search_document), as the ingest CLI would.
 */
export async function seedCollection(
  t: Tenant,
  docs: SeedDoc[],
  options: { collection?: string; vectorName?: string; model?: string; textKey?: string; size?: number; extraEmbed?: Record<string, unknown> } = {},
) {
  const collection = options.collection ?? 'textbook_chunks';
  const size = options.size ?? 1024;
  const vectors = options.vectorName ? { [options.vectorName]: { size, distance: 'Cosine' } } : { size, distance: 'Cosine' };
  await t.qdrant('PUT', `/collections/${collection}`, { vectors });
  const embeddings = await t.embedDocuments(docs.map((d) => d.text), options.model, options.extraEmbed);
  await t.qdrant('PUT', `/collections/${collection}/points?wait=true`, {
    points: docs.map((doc, i) => ({
      id: doc.id,
      vector: options.vectorName ? { [options.vectorName]: embeddings[i] } : embeddings[i],
      payload: { [options.textKey ?? 'content']: doc.text, ...doc.payload },
    })),
  });
}

/** Parses an NDJSON body into objects. */
export function ndjson(text: string): any[] {
  return text.trim().split('\n').map((line) => JSON.parse(line));
}

/** Parses an SSE body into `{event, data}` records. */
export function sseEvents(text: string): { event: string; data: any }[] {
  return text
    .trim()
    .split(/\n\n+/)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}
