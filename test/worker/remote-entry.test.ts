/**
 * src/worker/remote.ts, the Qdrant-only entry: without QDRANT_URL it cannot search (its bundle leaves
 * the embedded index out), and says so as a configuration problem — /health a 503 "misconfigured"
 * for a load balancer, a search the config_error — never a 500 from the health check itself.
 * This file imports only that entry, so nothing registers the embedded index here.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import remote from '../../src/worker/remote';

async function call(path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const vars = { ...(env as unknown as Record<string, unknown>), IP_RATE_LIMITER: undefined, KEY_RATE_LIMITER: undefined };
  const response = await remote.fetch(new Request(`https://worker.test${path}`), vars as never, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe('the Qdrant-only entry without QDRANT_URL', () => {
  it('/health is 503 misconfigured, naming the variables to set', async () => {
    const res = await call('/health');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; error: { code: string; message: string; variables: string[] } };
    expect(body.status).toBe('misconfigured');
    expect(body.error.code).toBe('config_error');
    expect(body.error.variables).toEqual(['QDRANT_URL', 'COHERE_API_KEY']);
  });

  it('a search gets the same config_error', async () => {
    const res = await call('/search?q=topics');
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('config_error');
  });
});
