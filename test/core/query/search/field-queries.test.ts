/**
 * Field-aware BM25 in the store queries: the titles-and-headings vector joins the keyword query
 * only when the collection facts say the collection has it (degrade, never an extra round trip).
 */
import { describe, expect, it } from 'vitest';
import type { CollectionInfo } from '../../../../src/core/query/ports';
import { buildQueries, type QueryIntent } from '../../../../src/core/query/search/checked-query';

const intent: QueryIntent = {
  dense: null,
  sparse: { indices: [3, 9], values: [1, 1] },
  mode: 'keyword',
  base: { limit: 10 },
  vectorName: undefined,
  sparseName: 'bm25',
  fields: { name: 'bm25_fields', weight: 1 },
};
const info = (sparse: string[]): CollectionInfo => ({
  name: 'c',
  pointsCount: 3,
  denseVectors: { '': { size: 4, distance: 'Cosine' } },
  sparseVectors: Object.fromEntries(sparse.map((name) => [name, { modifier: 'idf' }])),
  metadata: {},
});

describe('field-aware keyword queries', () => {
  it('adds the field vector (same query terms, weight) when the collection has it', () => {
    const [query] = buildQueries(intent, info(['bm25', 'bm25_fields']));
    expect(query).toMatchObject({ sparse: { using: 'bm25' }, fields: { using: 'bm25_fields', weight: 1, vector: intent.sparse } });
  });

  it('leaves it out for a collection ingested before it, and when the facts are not known yet', () => {
    expect(buildQueries(intent, info(['bm25']))[0]!.fields).toBeUndefined();
    expect(buildQueries(intent, null)[0]!.fields).toBeUndefined();
  });
});
