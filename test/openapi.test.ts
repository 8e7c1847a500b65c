/**
 * The generated OpenAPI document: valid OpenAPI 3.1 (checked by an independent validator), and
 * tied to the schemas the Worker validates with — every documented parameter is accepted by
 * `parseSearchParams`, an undocumented one is refused, every parameter is described, every
 * `$ref` resolves. Live responses are checked against it in test/worker/openapi-live.test.ts.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/core/common/config/parse-config';
import { ERROR_STATUS } from '../src/core/common/errors';
import { parseSearchParams } from '../src/core/query/search/search-params';
import { buildOpenApiDocument, PARAMETER_DOCS, WORKER_PARAMETERS } from '../src/worker/openapi-document';

const doc = buildOpenApiDocument('https://retriever.example');
const config = parseConfig({});
const VALUES: Record<string, unknown> = {
  q: 'topics', k: '3', mode: 'hybrid', fusion: 'rrf', semantic_weight: '0.5', keyword_weight: '0.5', rrf_k: '60', rrf_keyword_weight: '0.5', module: 'm', chapter: 'c',
  section: 's', tags: 'a,b', filter: '{"module":"m"}', threshold: '0.1', rerank: 'mmr', lambda: '0.5', format: 'context', include_metadata: 'false',
  expand: '2', group_by: 'page', diversity: 'none',
};

describe('GET /openapi.json document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents exactly the parameters parseSearchParams accepts, each described', () => {
    const parameters = (doc as any).paths['/search'].get.parameters as { name: string; description: string; required: boolean }[];
    const names = parameters.map((p) => p.name).filter((name) => !(name in WORKER_PARAMETERS));
    expect(names.sort()).toEqual(Object.keys(PARAMETER_DOCS).sort());
    for (const p of parameters) expect(p.description, p.name).not.toBe('');
    expect(parameters.filter((p) => p.required).map((p) => p.name)).toEqual(['q']);
    // Every documented parameter, with a valid value, is accepted…
    const raw = Object.fromEntries(names.map((name) => [name, VALUES[name]]));
    expect(Object.keys(raw).every((name) => raw[name] !== undefined)).toBe(true);
    expect(() => parseSearchParams(raw, config)).not.toThrow();
    // …and a parameter the document does not list is refused.
    expect(() => parseSearchParams({ q: 'x', colour: 'red' }, config)).toThrow(/unknown parameter "colour"/);
  });

  it('documents the Worker-level `cache` parameter for GET and POST', () => {
    const get = (doc as any).paths['/search'].get.parameters.find((p: { name: string }) => p.name === 'cache');
    expect(get.schema.enum).toEqual(['default', 'bypass']);
    expect(get.description).toMatch(/bypass/);
    const body = (doc as any).paths['/search'].post.requestBody.content['application/json'].schema;
    const request = (doc as any).components.schemas[body.$ref.split('/').pop()];
    expect(request.properties.cache.enum).toEqual(['default', 'bypass']);
    expect(request.properties.q).toBeDefined();
    // The route takes each documented value (checked live in test/worker/openapi-live.test.ts).
  });

  it('describes every route with its errors, and every $ref resolves', () => {
    const paths = (doc as any).paths;
    expect(Object.keys(paths).sort()).toEqual(['/', '/admin/cache/purge', '/health', '/openapi.json', '/search', '/search/batch', '/widget.js']);
    const batch = paths['/search/batch'].post;
    expect(Object.keys(batch.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '415', '502', '503', '504']));
    for (const status of Object.keys(batch.responses).filter((s) => s !== '200')) {
      expect(Object.values(ERROR_STATUS).map(String)).toContain(status);
    }
    expect(Object.keys(paths['/search'].get.responses['200'].content).sort()).toEqual(['application/json', 'application/x-ndjson', 'text/event-stream', 'text/plain']);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const name of refs) expect((doc as any).components.schemas[name], name).toBeDefined();
  });

  it('follows the schemas: a new result field or error code shows up in the document', () => {
    const result = (doc as any).components.schemas.SearchResult;
    expect(Object.keys(result.properties)).toEqual(expect.arrayContaining(['rank', 'score', 'source', 'passage', 'mmr']));
    expect((doc as any).components.schemas.Error.properties.error.properties.code.enum.sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    const batchRequest = (doc as any).components.schemas.BatchRequest;
    expect(batchRequest.properties.queries.minItems).toBe(1);
    expect(Object.keys(batchRequest.properties.defaults.properties)).not.toContain('q');
  });
});
