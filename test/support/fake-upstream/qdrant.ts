/**
 * The fake Qdrant REST API: routing, API-key auth, body checks against the official OpenAPI
 * schema, and the `{result, status: "ok", time}` / `{status: {error}, time}` envelopes.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isObject, type ParsedBody } from './http-io';
import {
  createCollection,
  createFieldIndex,
  describeCollection,
  requireCollection,
  updateCollection,
} from './qdrant-collections';
import { formatError, QdrantError } from './qdrant-errors';
import { idKey } from './qdrant-ids';
import { countPoints, deletePoints, formatPoint, retrievePoints, scrollPoints, updateResult, upsertPoints } from './qdrant-points';
import { runQuery } from './qdrant-query';
import { batchUpdate } from './qdrant-batch-update';
import { validateQdrantBody } from './qdrant-schema';
import type { TenantState } from './tenants';

/** What the Qdrant handler needs from a request. */
export interface QdrantRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: ParsedBody;
  apiKey: string | undefined;
  tenant: TenantState;
}

/** A Qdrant answer: JSON (`json`) or plain text (`text`, e.g. the auth error). */
export interface QdrantReply {
  status: number;
  json?: unknown;
  text?: string;
}

type Handler = (ctx: Context) => unknown;
interface Context {
  req: QdrantRequest;
  params: string[];
  body: Record<string, unknown>;
  wait: boolean;
}

const C = '/collections/([^/]+)';
const ROUTES: { method: string; pattern: RegExp; op: string; body?: boolean; handler: Handler }[] = [
  { method: 'GET', pattern: /^\/$/, op: 'root', handler: () => undefined },
  { method: 'GET', pattern: /^\/collections$/, op: 'get_collections', handler: ({ req }) => ({ collections: [...req.tenant.collections.keys()].map((name) => ({ name })) }) },
  { method: 'GET', pattern: re(`${C}`), op: 'get_collection', handler: (c) => describeCollection(coll(c)) },
  { method: 'PUT', pattern: re(`${C}`), op: 'create_collection', body: true, handler: (c) => createCollection(c.req.tenant.collections, name(c), c.body) },
  { method: 'PATCH', pattern: re(`${C}`), op: 'update_collection', body: true, handler: (c) => updateCollection(coll(c), c.body) },
  { method: 'DELETE', pattern: re(`${C}`), op: 'delete_collection', handler: (c) => c.req.tenant.collections.delete(name(c)) },
  { method: 'GET', pattern: re(`${C}/exists`), op: 'collection_exists', handler: (c) => ({ exists: c.req.tenant.collections.has(name(c)) }) },
  {
    method: 'PUT', pattern: re(`${C}/index`), op: 'create_field_index', body: true,
    handler: (c) => { const collection = coll(c); createFieldIndex(collection, c.body); return updateResult(collection, c.wait); },
  },
  {
    method: 'DELETE', pattern: re(`${C}/index/([^/]+)`), op: 'delete_field_index',
    handler: (c) => { const collection = coll(c); collection.payloadIndexes.delete(c.params[1] ?? ''); return updateResult(collection, c.wait); },
  },
  { method: 'PUT', pattern: re(`${C}/points`), op: 'upsert_points', body: true, handler: (c) => upsertPoints(coll(c), c.body, c.wait) },
  { method: 'POST', pattern: re(`${C}/points`), op: 'get_points', body: true, handler: (c) => retrievePoints(coll(c), c.body) },
  { method: 'POST', pattern: re(`${C}/points/batch`), op: 'batch_update', body: true, handler: (c) => batchUpdate(coll(c), c.body, c.wait) },
  { method: 'POST', pattern: re(`${C}/points/delete`), op: 'delete_points', body: true, handler: (c) => deletePoints(coll(c), c.body, c.wait) },
  { method: 'POST', pattern: re(`${C}/points/scroll`), op: 'scroll_points', body: true, handler: (c) => scrollPoints(coll(c), c.body) },
  { method: 'POST', pattern: re(`${C}/points/count`), op: 'count_points', body: true, handler: (c) => countPoints(coll(c), c.body) },
  { method: 'POST', pattern: re(`${C}/points/query`), op: 'query_points', body: true, handler: (c) => runQuery(coll(c), c.body) },
  {
    method: 'POST', pattern: re(`${C}/points/query/batch`), op: 'query_batch_points', body: true,
    handler: (c) => { const collection = coll(c); return (c.body.searches as Record<string, unknown>[]).map((s) => runQuery(collection, s)); },
  },
  { method: 'GET', pattern: re(`${C}/points/([^/]+)`), op: 'get_point', handler: getPoint },
];

function re(source: string): RegExp {
  return new RegExp(`^${source}$`);
}

function name(c: Context): string {
  return c.params[0] ?? '';
}

function coll(c: Context) {
  return requireCollection(c.req.tenant.collections, name(c));
}

function getPoint(c: Context): unknown {
  const raw = c.params[1] ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : raw;
  const point = coll(c).points.get(safeKey(id));
  if (!point) throw new QdrantError(404, `Not found: No point with id ${raw} found`);
  return formatPoint(coll(c), point, true, true);
}

function safeKey(id: number | string): string {
  try {
    return idKey(id);
  } catch {
    return '';
  }
}

/**
 * Answers one Qdrant request.
 *
 * @example
 * handleQdrant({ method: 'GET', path: '/collections', query, headers, body, apiKey: 'k', tenant });
 */
export function handleQdrant(req: QdrantRequest): QdrantReply {
  const started = performance.now();
  const time = () => (performance.now() - started) / 1000;
  if (req.apiKey !== undefined) {
    const bearer = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const key = (req.headers['api-key'] as string | undefined) ?? bearer;
    // Qdrant's auth middleware answers in plain text, not in the JSON envelope.
    if (key === undefined) return { status: 401, text: 'Must provide an API key or an Authorization bearer token' };
    if (key !== req.apiKey) return { status: 401, text: 'Invalid API key or JWT' };
  }
  const candidates = ROUTES.filter((r) => r.pattern.test(req.path));
  const route = candidates.find((r) => r.method === req.method);
  if (!route) return { status: candidates.length > 0 ? 405 : 404, text: '' };
  if (route.op === 'root') return { status: 200, json: { title: 'qdrant - vector search engine', version: '1.19.0', commit: 'fake-upstream' } };
  try {
    const params = (route.pattern.exec(req.path) ?? []).slice(1).map(decodeURIComponent);
    const body = route.body ? checkedBody(route.op, req.body) : {};
    const result = route.handler({ req, params, body, wait: req.query.get('wait') === 'true' });
    return { status: 200, json: { result, status: 'ok', time: time() } };
  } catch (error) {
    if (!(error instanceof QdrantError)) throw error;
    return { status: error.status, json: { status: { error: error.message }, time: time() } };
  }
}

function checkedBody(op: string, body: ParsedBody): Record<string, unknown> {
  if (body.kind === 'empty') throw formatError('EOF while parsing a value at line 1 column 0');
  if (body.kind === 'invalid') throw formatError(body.error);
  const error = validateQdrantBody(op, body.value);
  if (error) throw error;
  // Every Qdrant request body schema is an object (or a union of objects).
  return isObject(body.value) ? body.value : {};
}
