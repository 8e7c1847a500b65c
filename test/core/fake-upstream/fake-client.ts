/**
 * Tiny HTTP client for the fake-upstream tests: real fetch over loopback, one tenant per test.
 */
export const COHERE_KEY = 'test-cohere-key';
export const QDRANT_KEY = 'test-qdrant-key';

/** A response with its body read both ways. */
export interface Reply {
  status: number;
  json: any;
  text: string;
  headers: Headers;
}

let counter = 0;

/** A tenant name no other test uses. */
export function freshTenant(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Sends one request and reads the body (JSON when it parses). */
export async function send(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** Helpers bound to one tenant of a running fake. */
export function tenantClient(baseUrl: string, tenant: string) {
  const root = `${baseUrl}/t/${tenant}`;
  return {
    root,
    qdrant: (method: string, path: string, body?: unknown, headers: Record<string, string> = { 'api-key': QDRANT_KEY }) =>
      send(`${root}${path}`, method, body, headers),
    cohere: (path: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${COHERE_KEY}` }, method = 'POST') =>
      send(`${root}${path}`, method, body, headers),
    calls: async () => (await send(`${root}/__fake/calls`, 'GET')).json as unknown[],
    faults: (faults: unknown) => send(`${root}/__fake/faults`, 'POST', faults),
    reset: () => send(`${root}/__fake/reset`, 'POST'),
  };
}

/** Cosine similarity of two vectors. */
export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, i) => {
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  });
  return dot / Math.sqrt(na * nb);
}
