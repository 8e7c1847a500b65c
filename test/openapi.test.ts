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
import { buildOpenApiDocument, PARAMETER_DOCS, WORKER_PARAMETERS } from '../src/core/build-time/openapi-document';

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
    expect(Object.keys(result.properties)).toEqual(expect.arrayContaining(['rank', 'score', 'source', 'passage', 'mmr', 'module', 'module_title']));
    expect((doc as any).components.schemas.Error.properties.error.properties.code.enum.sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    const batchRequest = (doc as any).components.schemas.BatchRequest;
    expect(batchRequest.properties.queries.minItems).toBe(1);
    expect(Object.keys(batchRequest.properties.defaults.properties)).not.toContain('q');
  });

  it('states the ranges the server enforces: q 1–2,000 characters, each bounded number, the batch size', () => {
    const get = Object.fromEntries((doc as any).paths['/search'].get.parameters.map((p: { name: string; schema: any }) => [p.name, p.schema]));
    const body = (doc as any).components.schemas.SearchRequest.properties;
    const batchQuery = (doc as any).components.schemas.BatchRequest.properties.queries.items.anyOf.find((s: any) => s.type === 'object').properties;
    const numberRange = (schema: any) => {
      const branch = schema.anyOf.find((s: any) => s.type === 'number');
      return [branch.minimum, branch.maximum];
    };
    const expected: Record<string, [number, number]> = {
      threshold: [0, 1], lambda: [0, 1], expand: [0, 3], semantic_weight: [0, 100], keyword_weight: [0, 100], rrf_keyword_weight: [0, 100], rrf_k: [0, 10_000],
    };
    for (const [name, [min, max]] of Object.entries(expected)) {
      for (const schema of [get[name], body[name], batchQuery[name]]) expect(numberRange(schema), name).toEqual([min, max]);
      // …and they are the server's: the bounds are accepted, a step outside is refused naming the parameter.
      for (const value of [min, max]) expect(() => parseSearchParams({ q: 'x', [name]: value }, config), `${name}=${value}`).not.toThrow();
      for (const value of [min - 0.5, max + 0.5]) expect(() => parseSearchParams({ q: 'x', [name]: value }, config), `${name}=${value}`).toThrow(name);
    }
    for (const schema of [get.q, body.q, batchQuery.q]) expect([schema.minLength, schema.maxLength]).toEqual([1, 2000]);
    expect(() => parseSearchParams({ q: 'x'.repeat(2001) }, config)).toThrow(/2000/);
    // The batch size is a Worker variable (BATCH_MAX_QUERIES): its default is documented, not fixed as maxItems.
    const queries = (doc as any).components.schemas.BatchRequest.properties.queries;
    expect(queries.description).toMatch(/BATCH_MAX_QUERIES/);
    expect(queries.description).toContain(`default ${config.BATCH_MAX_QUERIES}`);
    expect(config.BATCH_MAX_QUERIES).toBe(16);
  });

  it('lists the 413 GET /search answers to an oversized body', () => {
    expect(Object.keys((doc as any).paths['/search'].get.responses)).toContain('413');
  });
});
