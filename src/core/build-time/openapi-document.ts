/**
 * The OpenAPI 3.1 document of `GET /openapi.json`, generated from the zod schemas that validate
 * requests (search-params, batch-params) and describe responses (response-schema), so it cannot
 * drift from what the Worker accepts and answers. Only the prose (summaries, parameter
 * descriptions) is written here; the test checks every parameter has one. Built at build time
 * (scripts/build-web.ts writes it to generated/web-assets.ts): the Worker serves that text and
 * bundles neither this module nor zod's JSON Schema converter.
 */
import * as z from 'zod/mini';
import { ERROR_STATUS, type ErrorCode } from '../common/errors';
import { batchRequestSchema } from '../query/search/batch-params';
import * as api from '../query/search/response-schema';
import { searchParamsSchema } from '../query/search/search-params';

type Json = Record<string, unknown>;

/** Short descriptions of the search parameters (names and types come from the schema). */
export const PARAMETER_DOCS: Record<string, string> = {
  q: 'The question; trimmed, 1–2,000 characters.',
  k: 'Results wanted; clamped into [TOP_K_MIN, TOP_K_MAX] (the answer says `top_k_clamped`).',
  mode: '`semantic` (dense), `keyword` (BM25), `hybrid` (both, one store round trip).',
  fusion: 'Hybrid fusion: `weighted` (min-max normalised) or `rrf` (reciprocal rank).',
  semantic_weight: 'Weight of the semantic list in `fusion=weighted`.',
  keyword_weight: 'Weight of the keyword list in `fusion=weighted`.',
  rrf_k: 'RRF constant: Σ 1/(rrf_k + rank), 1-based ranks.',
  rrf_keyword_weight: 'Weight of the keyword list in `fusion=rrf` (the semantic list weighs 1).',
  module: 'Only chunks of this module.',
  chapter: 'Only chunks of this chapter.',
  section: 'Only chunks of this section.',
  tags: 'Chunks carrying any of these tags (GET: comma-separated).',
  filter: 'Filter DSL (GET: JSON text; POST: an object), ANDed with the shortcuts.',
  threshold: 'Drop results scoring below this (0–1).',
  rerank: '`cohere`, `mmr` (diversity) or `none`; `rrf` is a deprecated alias of mode=hybrid&fusion=rrf (a 400 with an explicit mode or fusion that says otherwise).',
  lambda: 'MMR weight of relevance (1 = pure relevance, 0 = most diverse).',
  format: '`context`: a text/plain block for an LLM prompt instead of JSON, led by a `[Note]` block when the book probably does not cover the question.',
  include_metadata: '`false` drops each result\'s `metadata`.',
  expand: '0–3: merge each hit with up to N neighbouring chunks of its page into `passage`.',
  group_by: '`page`: at most one result per page.',
  diversity: '`pages` (default): in the first half of the k results, a chunk next to one already shown yields its place to a new page\'s candidate right behind it; `none`: plain rank order.',
};

/**
 * Parameters the Worker itself takes before the search parameters are validated (so they are not
 * in the core's schema): the result-cache bypass.
 */
export const WORKER_PARAMETERS: Record<string, Json> = {
  cache: {
    type: 'string',
    enum: ['default', 'bypass'],
    description: '`bypass` computes a fresh answer instead of a cached one (as does a request `Cache-Control: no-cache`).',
  },
};

function schema(source: z.core.$ZodType, io: 'input' | 'output' = 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(source, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (codes: ErrorCode[]): Json => ({
  description: `Error ${codes.map((code) => `\`${code}\``).join(', ')}`,
  content: { 'application/json': { schema: ref('Error') } },
});

/** Error responses grouped by status, for the codes a route can answer with. */
function errors(codes: ErrorCode[]): Record<string, Json> {
  const byStatus: Record<string, ErrorCode[]> = {};
  for (const code of codes) (byStatus[String(ERROR_STATUS[code])] ??= []).push(code);
  return Object.fromEntries(Object.entries(byStatus).map(([status, list]) => [status, errorResponse(list)]));
}

const SEARCH_ERRORS: ErrorCode[] = [
  'invalid_request', 'mode_unavailable', 'collection_not_found', 'dimension_mismatch', 'embedder_mismatch',
  'config_error', 'internal_error', 'embedding_failed', 'vector_store_error', 'vector_store_unavailable', 'upstream_timeout',
];
const BODY_ERRORS: ErrorCode[] = ['payload_too_large', 'unsupported_media_type'];
/** Every route but the open ones (/, /health, /widget.js, /openapi.json) checks keys and rate limits. */
const ACCESS_ERRORS: ErrorCode[] = ['unauthorized', 'rate_limited'];
/** Where a key is required (`API_KEYS` set): either header works; the open paths need none. */
const KEYED = [{ bearer: [] }, { apiKey: [] }];

/** The three streamed formats of one answer, chosen by `Accept`. */
function streamed(json: string, ndjson: string[], sse: Record<string, string>, description: string): Json {
  return {
    description,
    content: {
      'application/json': { schema: ref(json) },
      // OpenAPI 3.1 has no item schema for streams: the schema describes one line / one event's data.
      'application/x-ndjson': {
        schema: { description: `One JSON object per line: ${ndjson.join(', ')}.`, oneOf: ndjson.map(ref) },
      },
      'text/event-stream': {
        schema: { type: 'string', description: `Server-Sent Events ${Object.keys(sse).map((event) => `\`${event}\``).join(', ')}; each \`data\` is JSON (see x-sse-events).` },
        'x-sse-events': Object.fromEntries(Object.entries(sse).map(([event, name]) => [event, ref(name)])),
      },
    },
  };
}

const searchOk = (withContext: boolean): Json => {
  const ok = streamed('SearchResponse', ['SearchStreamMeta', 'SearchStreamResult', 'SearchStreamSummary'], { meta: 'SearchMeta', result: 'SearchResult', summary: 'SearchTail' }, 'Ranked chunks');
  if (withContext) (ok.content as Json)['text/plain'] = { schema: { type: 'string', description: 'With `format=context`: a `[Note]` block when the book probably does not cover the question, then one labelled block per result.' } };
  return ok;
};

/**
 * Builds the document (pure). Run by scripts/build-web.ts without `serverUrl`: the Worker serves
 * that text and adds the origin asking; test/worker/openapi-live.test.ts fails on a stale copy.
 *
 * @example
 * const doc = buildOpenApiDocument('https://retriever.example.workers.dev');
 */
export function buildOpenApiDocument(serverUrl?: string): Json {
  const params = schema(searchParamsSchema, 'input') as { properties: Record<string, Json>; required?: string[] };
  const queryParameters = Object.entries(params.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: (params.required ?? []).includes(name),
    description: PARAMETER_DOCS[name] ?? '',
    schema: property,
  }));
  for (const [name, { description, ...property }] of Object.entries(WORKER_PARAMETERS)) {
    queryParameters.push({ name, in: 'query', required: false, description: String(description), schema: property });
  }
  // The POST body takes the same Worker-level parameters as the query string.
  const searchRequest = { ...params, properties: { ...params.properties, ...WORKER_PARAMETERS } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'edge-retriever',
      version: '1',
      description: 'Retrieval for RAG at the edge: the chunks of a book that best answer a question, as JSON, NDJSON or Server-Sent Events.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths: {
      '/search': {
        get: {
          operationId: 'search',
          summary: 'Search (parameters in the query string)',
          parameters: queryParameters,
          security: KEYED,
          // A GET with a body over the limit is refused too (the body limit guards the path, whatever the method).
          responses: {
            '200': searchOk(true),
            // An EventSource reconnecting after the SSE answer's last event (`id: end`): nothing to search again.
            '204': { description: 'A reconnection with `Last-Event-ID: end`: the SSE answer was complete; an EventSource stops on a 204' },
            ...errors([...SEARCH_ERRORS, 'payload_too_large', ...ACCESS_ERRORS]),
          },
        },
        post: {
          operationId: 'searchPost',
          summary: 'Search (parameters as a JSON body)',
          requestBody: { required: true, content: { 'application/json': { schema: ref('SearchRequest') } } },
          security: KEYED,
          responses: { '200': searchOk(true), ...errors([...SEARCH_ERRORS, ...BODY_ERRORS, ...ACCESS_ERRORS]) },
        },
      },
      '/search/batch': {
        post: {
          operationId: 'searchBatch',
          summary: 'Several searches sharing one embedding call and one store round trip',
          requestBody: { required: true, content: { 'application/json': { schema: ref('BatchRequest') } } },
          responses: {
            '200': streamed('BatchResponse', ['BatchStreamAnswer', 'BatchStreamSummary'], { answer: 'BatchAnswer', summary: 'BatchTail' }, 'One answer per query, in input order'),
            ...errors([...SEARCH_ERRORS, ...BODY_ERRORS, ...ACCESS_ERRORS]),
          },
        },
      },
      '/health': {
        get: {
          operationId: 'health',
          summary: 'Configured embedder and store, and whether each answers',
          responses: {
            // Open; without a key (when keys are configured) the answer is only `status`.
            '200': { description: 'Everything answers', content: { 'application/json': { schema: ref('Health') } } },
            '503': { description: 'Something does not answer (`status: degraded`), or the configuration is invalid (`status: misconfigured`, with the `config_error`)', content: { 'application/json': { schema: ref('Health') } } },
          },
        },
      },
      '/': {
        get: {
          operationId: 'home',
          summary: 'The endpoint list (JSON), or the demo page for a browser (Accept prefers text/html)',
          responses: {
            '200': {
              description: 'By `Accept` (the answer says `Vary: Accept`)',
              content: {
                'application/json': { schema: { type: 'object', required: ['name', 'endpoints'], properties: { name: { type: 'string' }, endpoints: { type: 'array', items: { type: 'string' } } } } },
                'text/html': { schema: { type: 'string', description: 'The demo search page' } },
              },
            },
            '304': { description: 'Not modified (`If-None-Match`)' },
          },
        },
      },
      '/widget.js': {
        get: {
          operationId: 'widget',
          summary: 'The <edge-retriever-search> web component, for one <script> tag on any page',
          responses: {
            '200': { description: 'The widget script', content: { 'text/javascript': { schema: { type: 'string' } } } },
            '304': { description: 'Not modified (`If-None-Match`)' },
          },
        },
      },
      '/admin/cache/purge': {
        post: {
          operationId: 'purgeResultCache',
          summary: 'Bump the index version so cached answers are not served again (Authorization: Bearer ADMIN_API_KEY)',
          security: [{ bearer: [] }],
          responses: {
            '200': { description: 'Purged', content: { 'application/json': { schema: { type: 'object', required: ['purged'], properties: { purged: { type: 'boolean' }, index_version: { type: 'string' } } } } } },
            ...errors(['unauthorized', 'not_found', 'config_error']),
          },
        },
      },
      '/openapi.json': {
        get: { operationId: 'openapi', summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } } } },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'One of API_KEYS (or ADMIN_API_KEY on /admin)' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'One of API_KEYS' },
      },
      schemas: {
        SearchRequest: searchRequest,
        BatchRequest: schema(batchRequestSchema, 'input'),
        SearchResponse: schema(api.searchResponseSchema),
        SearchMeta: schema(api.searchMetaSchema),
        SearchResult: schema(api.searchResultSchema),
        SearchTail: schema(z.object({ summary: api.summarySchema, timing: api.timingSchema })),
        SearchStreamMeta: schema(api.streamMetaSchema),
        SearchStreamResult: schema(api.streamResultSchema),
        SearchStreamSummary: schema(api.streamSummarySchema),
        BatchResponse: schema(api.batchResponseSchema),
        BatchAnswer: schema(api.batchAnswerSchema),
        BatchTail: schema(z.object({ summary: api.batchSummarySchema, timing: api.batchTimingSchema })),
        BatchStreamAnswer: schema(api.batchStreamAnswerSchema),
        BatchStreamSummary: schema(api.batchStreamSummarySchema),
        Health: schema(api.healthResponseSchema),
        Error: schema(api.errorBodySchema),
      },
    },
  };
}
