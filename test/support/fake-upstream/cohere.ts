/**
 * The fake Cohere API: `POST /v2/embed`, `POST /v2/rerank`, `GET /v1/models/{model}`, behind
 * `Authorization: Bearer <key>`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { COHERE_MODELS, handleEmbed, invalid, isBodyObject, modelNotFound, type CohereReply } from './cohere-embed';
import { fakeRelevance } from './fake-embedding';
import type { ParsedBody } from './http-io';

const RERANK_KEYS = ['model', 'query', 'documents', 'top_n', 'max_tokens_per_doc', 'priority'];
const MAX_DOCUMENTS = 1000;

/** What the Cohere handler needs from a request. */
export interface CohereRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ParsedBody;
  apiKey: string;
}

/** True for paths the fake routes to Cohere. */
export function isCoherePath(path: string): boolean {
  return /^\/v[12]\//.test(path);
}

/**
 * Answers one Cohere request.
 *
 * @example
 * handleCohere({ method: 'POST', path: '/v2/embed', headers, body, apiKey: 'test-cohere-key' });
 */
export function handleCohere(req: CohereRequest): CohereReply {
  const route = matchRoute(req.method, req.path);
  if (route === 'not_found') return { status: 404, body: { message: `no route for ${req.path}` } };
  if (route === 'method_not_allowed') return { status: 405, body: { message: `method ${req.method} not allowed on ${req.path}` } };

  const auth = req.headers.authorization;
  if (auth === undefined || auth.trim() === '') return { status: 401, body: { message: 'no api key supplied' } };
  const token = /^bearer\s+(.+)$/i.exec(auth.trim())?.[1];
  if (token !== req.apiKey) return { status: 401, body: { message: 'invalid api token' } };

  if (route.name === 'model') return describeModel(route.model);
  if (req.body.kind === 'empty') return invalid('request body is required');
  if (req.body.kind === 'invalid') return invalid(`unable to parse JSON body: ${req.body.error}`);
  if (!isBodyObject(req.body.value)) return invalid('request body must be a JSON object');
  return route.name === 'embed' ? handleEmbed(req.body.value) : handleRerank(req.body.value);
}

type Route = { name: 'embed' } | { name: 'rerank' } | { name: 'model'; model: string } | 'not_found' | 'method_not_allowed';

function matchRoute(method: string, path: string): Route {
  const model = /^\/v1\/models\/([^/]+)$/.exec(path)?.[1];
  const candidate: Route | undefined =
    path === '/v2/embed' ? { name: 'embed' } : path === '/v2/rerank' ? { name: 'rerank' } : model ? { name: 'model', model: decodeURIComponent(model) } : undefined;
  if (!candidate) return 'not_found';
  const expected = candidate.name === 'model' ? 'GET' : 'POST';
  return method === expected ? candidate : 'method_not_allowed';
}

function describeModel(name: string): CohereReply {
  const model = COHERE_MODELS[name];
  if (!model) return modelNotFound(name);
  return {
    status: 200,
    body: {
      name,
      endpoints: [model.endpoint],
      finetuned: false,
      context_length: model.contextLength,
      default_endpoints: [],
      ...(model.dimensions ? { embedding_dimensions: model.dimensions[0] } : {}),
    },
  };
}

function handleRerank(body: Record<string, unknown>): CohereReply {
  const unknown = Object.keys(body).find((k) => !RERANK_KEYS.includes(k));
  if (unknown) return invalid(`unknown field \`${unknown}\``);
  if (typeof body.model !== 'string' || body.model === '') return invalid('model must be specified');
  const model = COHERE_MODELS[body.model];
  if (!model) return modelNotFound(body.model);
  if (model.endpoint !== 'rerank') return invalid(`model '${body.model}' does not support the rerank endpoint`);
  if (typeof body.query !== 'string' || body.query.trim() === '') return invalid('query must be a non-empty string');
  const docs = body.documents;
  if (!Array.isArray(docs) || docs.length === 0) return invalid('documents must be a non-empty array');
  if (docs.length > MAX_DOCUMENTS) return invalid(`total number of documents must be at most ${MAX_DOCUMENTS} - received ${docs.length}`);
  const texts: string[] = [];
  for (const [i, doc] of docs.entries()) {
    const text = typeof doc === 'string' ? doc : isBodyObject(doc) && typeof doc.text === 'string' ? doc.text : undefined;
    if (text === undefined) return invalid(`documents[${i}] must be a string`);
    texts.push(text);
  }
  for (const key of ['top_n', 'max_tokens_per_doc'] as const) {
    const v = body[key];
    if (v !== undefined && !(Number.isInteger(v) && (v as number) >= 1)) return invalid(`${key} must be a positive integer`);
  }
  const query = body.query;
  const results = texts
    .map((text, index) => ({ index, relevance_score: fakeRelevance(query, text) }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, (body.top_n as number | undefined) ?? texts.length);
  return {
    status: 200,
    body: { id: randomUUID(), results, meta: { api_version: { version: '2' }, billed_units: { search_units: 1 } } },
  };
}
