/**
 * What a strategy search hands back: the `format=context` prompt block, `include_metadata`, and
 * deterministic order (same request → same order; ties broken by point id) in every mode on both
 * stores.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tenant, type Tenant } from './support/harness';
import { seedBm25Collection } from './support/seed-bm25';
import { contextBlocks, FORMATS, ids, METHODS, OFFLINE, search, STORES } from './support/strategy-calls';
import { STRATEGY_DOCS } from './support/strategy-docs';

let t: Tenant;
beforeAll(async () => {
  t = tenant('output');
  await seedBm25Collection(t, STRATEGY_DOCS);
});


describe.each(STORES)('format=context ($store)', ({ env, q }) => {
  it.each(METHODS)('%s: labelled blocks in score order, separated, as plain text', async (method) => {
    const json = await search(t, { q, k: 4, mode: 'hybrid' }, { env });
    const answer = await search(t, { q, k: 4, mode: 'hybrid' }, { env, method, format: 'context' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.headers.get('x-results-returned')).toBe('4');
    const blocks = contextBlocks(answer.text);
    expect(blocks.map((b) => b.n)).toEqual([1, 2, 3, 4]);
    const scores = blocks.map((b) => b.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    blocks.forEach((block, i) => {
      const r = json.results[i];
      expect(block).toEqual({ n: i + 1, score: Number(r.score.toFixed(4)), source: r.section_url, chapter: r.chapter, section: r.section, body: r.content.trim() });
    });
    expect(answer.text.split('\n====\n').length).toBe(4);
    expect(answer.text.startsWith('[Result 1]\nScore: ')).toBe(true); // not JSON
  });

  it('after a Cohere rerank (qdrant) or its fallback (embedded), the block scores are the final scores', async () => {
    const json = await search(t, { q, k: 3, rerank: 'cohere' }, { env });
    const blocks = contextBlocks((await search(t, { q, k: 3, rerank: 'cohere' }, { env, format: 'context' })).text);
    expect(blocks.map((b) => b.body)).toEqual(json.results.map((r) => r.content.trim()));
    expect(blocks.map((b) => b.score)).toEqual(json.results.map((r) => Number(r.score.toFixed(4))));
  });
});

describe('format=context when the book probably does not cover the question', () => {
  it.each(METHODS)('%s: a [Note] block with the no_match message comes before the passages', async (method) => {
    const q = 'How do I deploy my app to a Kubernetes cluster with kubectl?';
    const json = await search(t, { q, k: 2 }, { env: OFFLINE, method });
    const noMatch = json.summary.warnings.find((w: { code: string }) => w.code === 'no_match');
    expect(noMatch.message).toMatch(/kubectl/);
    const answer = await search(t, { q, k: 2 }, { env: OFFLINE, method, format: 'context' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-results-returned')).toBe('2');
    const [note, ...rest] = answer.text.split('\n\n====\n\n');
    expect(note).toBe(`[Note]\n${noMatch.message}`);
    expect(contextBlocks(rest.join('\n\n====\n\n')).map((b) => b.n)).toEqual([1, 2]);
  });

  it.each(METHODS)('%s: with nothing returned the [Note] stands alone, never an empty prompt', async (method) => {
    const q = 'how do I bake sourdough bread with a crispy crust';
    const json = await search(t, { q, k: 2, threshold: 0.99 }, { env: OFFLINE, method });
    expect(json.results).toEqual([]);
    const answer = await search(t, { q, k: 2, threshold: 0.99 }, { env: OFFLINE, method, format: 'context' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-results-returned')).toBe('0');
    expect(answer.text).toMatch(/^\[Note\]\nNo passage of the book was found for this question/);
    expect(answer.text).not.toContain('[Result');
  });
});

describe.each(STORES)('highlight ($store)', ({ env, q }) => {
  it.each(FORMATS.filter((f) => f !== 'context'))('each result carries the sentence that matches the question, located in its content (%s)', async (format) => {
    const answer = await search(t, { q, k: 3, mode: 'hybrid' }, { env, format });
    expect(answer.results).toHaveLength(3);
    const words = new Set(q.toLowerCase().split(/\W+/));
    for (const r of answer.results) {
      const located = r.content.slice(r.highlight.start, r.highlight.end).replace(/\s+/g, ' ').trim();
      expect(located).toContain(r.highlight.text.replace(/^…|…$/g, ''));
      // Marked words are the question's, in any form the stemmer joins ("topics" for "topic").
      expect(r.highlight.terms.length).toBeGreaterThan(0);
      for (const term of r.highlight.terms) expect([...words].some((w) => w.length > 2 && term.startsWith(w.slice(0, 4)))).toBe(true);
    }
  });
});

describe.each(STORES)('include_metadata ($store)', ({ env, q }) => {
  it.each(FORMATS.filter((f) => f !== 'context'))('false drops metadata from results (%s)', async (format) => {
    for (const value of [false, 'false', '0']) {
      const method = typeof value === 'boolean' ? 'POST' : 'GET';
      const answer = await search(t, { q, k: 3, mode: 'hybrid', include_metadata: value }, { env, format, method });
      expect(answer.results).toHaveLength(3);
      for (const r of answer.results) {
        expect(r).not.toHaveProperty('metadata');
        expect(r).toHaveProperty('content');
        expect(r).toHaveProperty('scores');
      }
    }
    const kept = await search(t, { q, k: 3, include_metadata: 'true' }, { env, format });
    for (const r of kept.results) expect(r.metadata).toEqual(expect.objectContaining({ file_path: expect.any(String) }));
  });

  it('rejects a value that is not a boolean', async () => {
    const answer = await search(t, { q, include_metadata: 'maybe' }, { env });
    expect(answer.status).toBe(400);
    expect(answer.error.params).toContain('include_metadata');
  });
});

describe('deterministic order', () => {
  const VARIANTS = [
    { mode: 'semantic' },
    { mode: 'keyword' },
    { mode: 'hybrid' },
    { mode: 'hybrid', fusion: 'rrf' },
    { rerank: 'rrf' },
    { mode: 'hybrid', rerank: 'mmr', lambda: 0.5 },
  ];

  it.each(STORES)('same request twice → same order and scores ($store)', async ({ env, q }) => {
    for (const variant of VARIANTS) {
      const first = await search(t, { q, k: 8, ...variant }, { env });
      const second = await search(t, { q, k: 8, ...variant }, { env, method: 'POST' });
      expect(first.status).toBe(200);
      expect(ids(second.results)).toEqual(ids(first.results));
      expect(second.results.map((r) => r.score)).toEqual(first.results.map((r) => r.score));
    }
  });

  it('ties are broken by point id in every mode and fusion', async () => {
    const ties = tenant('ties');
    // The same words in three orders: equal vectors and BM25 scores, but three passages (the answer
    // shows a repeated passage once).
    await seedBm25Collection(ties, [
      { id: 30, text: 'identical text about topics and sensor data' },
      { id: 7, text: 'sensor data and topics about identical text' },
      { id: 12, text: 'about identical sensor data text and topics' },
      { id: 3, text: 'launch files start nodes' },
    ]);
    for (const variant of VARIANTS.slice(0, 5)) {
      const answer = await search(ties, { q: 'sensor data topics', k: 3, ...variant });
      expect(ids(answer.results)).toEqual([7, 12, 30]);
      const [a, b, c] = answer.results.map((r) => r.score);
      if (variant.fusion !== 'rrf' && variant.rerank !== 'rrf') expect(a === b && b === c).toBe(true);
    }
  });
});
