import { describe, expect, it } from 'vitest';
import { trainLsa } from '../../../../src/core/build-time/local-index/lsa-train';
import { encodeIndex } from '../../../../src/core/build-time/local-index/index-encode';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import type { ScoredPoint } from '../../../../src/core/common/types';
import { localEmbedder } from '../../../../src/core/query/local-index/embedded-backends';
import { decodeIndex } from '../../../../src/core/query/local-index/index-format';
import { embedWithLsa } from '../../../../src/core/query/local-index/lsa-model';
import { HEADING_MATCH_WEIGHT, withHeadingMatch } from '../../../../src/core/query/search/heading-match';
import { rankCandidates, type RankedHit } from '../../../../src/core/query/search/rank-candidates';
import { parseSearchParams } from '../../../../src/core/query/search/search-params';
import { planSearch } from '../../../../src/core/query/search/search-plan';

const hit = (id: string, score: number, payload: Record<string, unknown>): RankedHit => ({ id, score, payload, extras: { scores: { fused: score } } });

describe('withHeadingMatch', () => {
  const query = Float32Array.from([1, 0]);
  // Keyed by the label the match embeds: the title and headings as the heading field reads them (fieldText).
  const vectors: Record<string, number[]> = { 'Page\nSibling': [0, 1], 'Page\nAnswer': [0.8, 0.6], 'Page\nOpposite': [-1, 0] };
  const embedLabel = (text: string) => Float32Array.from(vectors[text] ?? [0, 0]);

  it('lifts the candidate whose headings mean what the question means, keeps scores within 0–1 and reports the cosine', () => {
    const ranked = withHeadingMatch([hit('a', 1, { title: 'Page', heading_trail: ['Sibling'] }), hit('b', 0.97, { title: 'Page', heading_trail: ['Answer'] })], query, embedLabel);
    expect(ranked.map((h) => h.id)).toEqual(['b', 'a']);
    expect(ranked[0]!.score).toBeCloseTo((0.97 + HEADING_MATCH_WEIGHT * 0.8) / (1 + HEADING_MATCH_WEIGHT), 6);
    expect(ranked[1]!.score).toBeCloseTo(1 / (1 + HEADING_MATCH_WEIGHT), 12);
    expect(ranked.map((h) => h.extras.scores)).toEqual([{ fused: 0.97, heading: 0.8 }, { fused: 1, heading: 0 }]);
    expect(Math.max(...ranked.map((h) => h.score))).toBeLessThanOrEqual(1);
  });

  it('counts a heading pointing away from the question as no match, and breaks ties by id', () => {
    const ranked = withHeadingMatch([hit('z', 0.9, { title: 'Page', heading_trail: ['Opposite'] }), hit('y', 0.9, { title: 'Page', heading_trail: ['Sibling'] })], query, embedLabel);
    expect(ranked.map((h) => [h.id, h.score])).toEqual([['y', 0.9 / 1.05], ['z', 0.9 / 1.05]]);
    expect(ranked[1]!.extras.scores).toEqual({ fused: 0.9, heading: -1 });
  });
  it('reads the home page without the book name, as the heading field does', () => {
    const labels: string[] = [];
    const record = (text: string) => (labels.push(text), Float32Array.from([0, 0]));
    const homePage = { title: 'Keeping Backyard Chickens', module: null, source_url: '/docs/', heading_trail: ['Keeping Backyard Chickens', 'Do you need a cockerel?'] };
    withHeadingMatch([hit('h', 0.9, homePage), hit('p', 0.8, { ...homePage, module: '03-feeding', source_url: '/docs/feeding/feed' })], query, record);
    expect(labels).toEqual(['Do you need a cockerel?', 'Keeping Backyard Chickens\nDo you need a cockerel?']);
  });
});

describe('localEmbedder.embedLabel: the local model embeds labels as it embeds questions', () => {
  it('gives the LSA vector of the text, once per text', async () => {
    const texts = ['What is an IP address? A number for each computer.', 'Find your IP address in the network settings.', 'Add a printer and print a test page.'];
    const lsa = trainLsa(texts, { dims: 2 });
    const index = decodeIndex(
      encodeIndex({
        collection: 'book',
        embedder: { kind: 'lsa', model: 'lsa', dims: lsa.dims, model_id: lsa.modelId },
        ids: [1, 2, 3],
        payloads: texts.map((text) => ({ text })),
        dense: { vectors: texts.map((t) => Array.from(embedWithLsa(lsa, t))) },
        sparse: { name: 'bm25', vectors: texts.map(() => ({ indices: [], values: [] })) },
        bm25: { avgLen: 5 },
        lsa,
      }),
    );
    const embedder = localEmbedder(index);
    const label = embedder.embedLabel!('Networking What is an IP address?');
    expect(Array.from(label)).toEqual(Array.from(await embedder.embedQuery('Networking What is an IP address?')));
    // Memoised per model, not per embedder: a search context (and its embedder) is made per request.
    expect(embedder.embedLabel!('Networking What is an IP address?')).toBe(label);
    expect(localEmbedder(index).embedLabel!('Networking What is an IP address?')).toBe(label);
  });
});

describe('rankCandidates: the heading match applies to fused lists when a local model gives labels', () => {
  const config = parseConfig({});
  const params = parseSearchParams({ q: 'anything', mode: 'hybrid', fusion: 'rrf' }, config);
  const plan = planSearch(params, config);
  const pt = (id: string, score: number, heading: string): ScoredPoint => ({ id, score, payload: { title: 'Page', heading_trail: ['Page', heading] } });
  const dense = [pt('a', 0.9, 'Sibling'), pt('b', 0.8, 'Answer')];
  const sparse = [pt('a', 5, 'Sibling'), pt('b', 4, 'Answer')];
  const labels: Record<string, number[]> = { 'Page\nSibling': [0, 1], 'Page\nAnswer': [1, 0] };
  const embedLabel = (text: string) => Float32Array.from(labels[text] ?? [0, 0]);
  const query = Float32Array.from([1, 0]);

  it('reorders the fused candidates with labels, and leaves them alone without (Cohere)', () => {
    expect(rankCandidates(dense, sparse, params, plan, query).map((h) => h.id)).toEqual(['a', 'b']);
    // b is second in both lists (RRF 2/62 against 2/61: 1.6% behind); its full heading match (+5%) puts it first.
    expect(rankCandidates(dense, sparse, params, plan, query, { embedLabel }).map((h) => h.id)).toEqual(['b', 'a']);
    // A single list is not fused: nothing to re-score.
    const semantic = parseSearchParams({ q: 'anything', mode: 'semantic' }, config);
    expect(rankCandidates(dense, null, semantic, planSearch(semantic, config), query, { embedLabel }).map((h) => h.id)).toEqual(['a', 'b']);
  });
});

describe('rankCandidates: the dense list weighs the share of the question the local model reads', () => {
  const config = parseConfig({});
  const pt = (id: string, score: number): ScoredPoint => ({ id, score, payload: {} });
  const dense = [pt('a', 0.9), pt('c', 0.7), pt('b', 0.5)];
  const sparse = [pt('b', 5), pt('a', 4), pt('c', 3)];
  const ids = (q: Record<string, string>, share?: number) => {
    const params = parseSearchParams({ q: 'x', mode: 'hybrid', ...q }, config);
    return rankCandidates(dense, sparse, params, planSearch(params, config), null, share === undefined ? {} : { semanticShare: share }).map((h) => h.id);
  };

  it('in RRF and weighted fusion, unless the keyword list weighs nothing', () => {
    // RRF: a is 1st and 2nd, b 3rd and 1st; at a third of its weight the dense list no longer carries a.
    expect(ids({ fusion: 'rrf' })).toEqual(['a', 'b', 'c']);
    expect(ids({ fusion: 'rrf' }, 1 / 3)).toEqual(['b', 'a', 'c']);
    const rrfParams = parseSearchParams({ q: 'x', mode: 'hybrid', fusion: 'rrf' }, config);
    const rrf = rankCandidates(dense, sparse, rrfParams, planSearch(rrfParams, config), null, { semanticShare: 1 / 3 });
    expect(rrf[0]!.score).toBeCloseTo((1 / 3 / 63 + 1 / 61) / ((1 / 3 + 1) / 61)); // still 0–1 over its best value
    // Weighted (min-max, 0.7 / 0.3 by default): a 0.85, c 0.35, b 0.3; with no dense weight, the keyword order.
    expect(ids({ fusion: 'weighted' })).toEqual(['a', 'c', 'b']);
    expect(ids({ fusion: 'weighted' }, 0)).toEqual(['b', 'a', 'c']);
    // A keyword list turned off leaves the dense list whole (no 0 + 0 weights).
    expect(ids({ fusion: 'rrf', rrf_keyword_weight: '0' }, 0)).toEqual(['a', 'c', 'b']);
  });
});
