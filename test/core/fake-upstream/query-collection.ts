/**
 * A fresh collection on the fake Qdrant, with its points, for query tests: `query` sends a body as
 * is, `hits` also checks a 200 and that the answer matches Qdrant's own OpenAPI schema.
 */
import { expect } from 'vitest';
import { qdrantSchemaValidator } from '../../support/fake-upstream/qdrant-schema';
import { freshTenant, tenantClient } from './fake-client';

/** One point of a query answer. */
export type Hit = { id: number | string; score: number; version: number; payload?: Record<string, unknown>; vector?: unknown };

/** Creates collection `c` with `create` as its config, upserts `points`, and returns ways to query it. */
export async function queryCollection(baseUrl: string, create: unknown, points: unknown[]) {
  const q = tenantClient(baseUrl, freshTenant('query'));
  expect((await q.qdrant('PUT', '/collections/c', create)).status).toBe(200);
  const up = await q.qdrant('PUT', '/collections/c/points?wait=true', { points });
  expect(up.status, up.text).toBe(200);
  const query = async (body: unknown) => q.qdrant('POST', '/collections/c/points/query', body);
  const hits = async (body: unknown): Promise<Hit[]> => {
    const res = await query(body);
    expect(res.status, res.text).toBe(200);
    const validate = qdrantSchemaValidator('QueryResponse');
    expect(validate(res.json.result), JSON.stringify(validate.errors)).toBe(true);
    return res.json.result.points as Hit[];
  };
  return { q, query, hits };
}

/** The ids of hits, in order. */
export const ids = (hits: Hit[]) => hits.map((h) => h.id);
