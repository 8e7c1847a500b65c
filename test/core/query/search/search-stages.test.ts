/**
 * search-stages.ts: what `prepareQueries` tells ranking about the local model's reading of a
 * question (the fusion arithmetic itself is tested in heading-match.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import type { QueryEmbedder } from '../../../../src/core/query/ports';
import { parseSearchParams } from '../../../../src/core/query/search/search-params';
import { planSearch } from '../../../../src/core/query/search/search-plan';
import { prepareQueries } from '../../../../src/core/query/search/search-stages';

const config = parseConfig({});
const embedder = (kind: 'lsa' | 'cohere'): QueryEmbedder => ({
  descriptor: { kind, model: kind, dimension: 2 },
  cacheable: kind === 'cohere',
  embedQuery: async () => Float32Array.from([1, 0]),
});

function prepared(q: string, kind: 'lsa' | 'cohere') {
  const params = parseSearchParams({ q, mode: 'hybrid' }, config);
  return prepareQueries(params, planSearch(params, config), embedder(kind), { vector: Float32Array.from([1, 0]), cache: 'miss' }, { config });
}

describe('prepareQueries: the share of the question the local model reads', () => {
  it('is the share of its search terms that are not stopwords written in capitals, for the local model only', () => {
    expect(prepared('difference between WHERE and HAVING', 'lsa').semanticShare).toBeCloseTo(1 / 3);
    // Every term readable, or Cohere (which reads the question as written): the dense list weighs fully.
    expect(prepared('difference between where and having', 'lsa').semanticShare).toBeUndefined();
    expect(prepared('difference between WHERE and HAVING', 'cohere').semanticShare).toBeUndefined();
  });
});
