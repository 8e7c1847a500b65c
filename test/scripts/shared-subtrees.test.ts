/**
 * The OpenAPI document as source that shares its repeated schemas: what it builds serialises to
 * exactly the document's JSON (the Worker serves that), each repeated part is written once, and a
 * key JSON allows but an object literal reads otherwise (`__proto__`) stays an own key.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/core/build-time/openapi-document';
import { sharedSubtreesSource, type Json } from '../../scripts/shared-subtrees';

const built = (value: Json): unknown => (0, eval)(`(${sharedSubtreesSource(value)})`)();

describe('sharedSubtreesSource', () => {
  it('builds a value that serialises as the original, its repeated subtree written once', () => {
    const part = { type: 'string', enum: ['hit', 'miss', 'none'] };
    const value = { a: part, b: [part, { c: part, n: -1.5, t: true, z: null }], '200': 'ok', s: 'quote " and \\ and \u2028' };
    const source = sharedSubtreesSource(value);
    expect(source.match(/"miss"/g)).toHaveLength(1);
    expect(JSON.stringify(built(value))).toBe(JSON.stringify(value));
  });

  it('keeps a __proto__ key an own property, as JSON.parse does', () => {
    const value = JSON.parse('{"__proto__": {"polluted": 1}, "x": 1}') as Json;
    const result = built(value) as Record<string, unknown>;
    expect(Object.keys(result)).toEqual(['__proto__', 'x']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  it("rebuilds the OpenAPI document to the same JSON text in well under half its length", () => {
    const doc = buildOpenApiDocument() as Json;
    expect(JSON.stringify(built(doc))).toBe(JSON.stringify(doc));
    expect(sharedSubtreesSource(doc).length).toBeLessThan(JSON.stringify(doc).length / 2);
  });
});
