/**
 * src/core/query/compose/search-context.ts: a Qdrant deployment relearns its collection facts (the
 * book's vocabulary for the term rule among them) as often as its cached answers expire.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import { createSearchContext, factsRefreshSeconds } from '../../../../src/core/query/compose/search-context';
import type { LearnedFacts } from '../../../../src/core/query/search/collection-facts';

describe('factsRefreshSeconds', () => {
  it('follows the result cache lifetime within one minute and one hour', () => {
    expect(factsRefreshSeconds(300)).toBe(300);
    expect(factsRefreshSeconds(0)).toBe(60);
    expect(factsRefreshSeconds(7 * 24 * 3600)).toBe(3600);
  });
});

describe('createSearchContext on Qdrant', () => {
  it('relearns the facts in the background once they are older than RESULT_CACHE_TTL_SECONDS', async () => {
    const config = parseConfig({ QDRANT_URL: 'http://qdrant.test', COHERE_API_KEY: 'k', RESULT_CACHE_TTL_SECONDS: '120' });
    let describes = 0;
    const fetch = async (input: RequestInfo | URL) => {
      expect(String(input)).toBe('http://qdrant.test/collections/textbook_chunks');
      describes++;
      const result = { status: 'green', points_count: 3, config: { params: { vectors: { size: 4, distance: 'Cosine' }, sparse_vectors: { bm25: { modifier: 'idf' } } } } };
      return new Response(JSON.stringify({ result, status: 'ok', time: 0 }), { headers: { 'content-type': 'application/json' } });
    };
    let clock = 1_000_000;
    const memory = new Map<string, LearnedFacts>();
    const pending: Promise<unknown>[] = [];
    const kv = new Map<string, string>();
    let writes = 0;
    const store = { get: async (key: string) => kv.get(key) ?? null, put: async (key: string, value: string) => void (writes++, kv.set(key, value)) };
    const context = () => createSearchContext({
      config, fetch, embeddedIndex: () => { throw new Error('not used'); }, cacheStore: null, memory: new Map() as never,
      facts: { memory, store, now: () => clock }, defer: (work) => void pending.push(work),
    });
    const settle = async () => { while (pending.length) await pending.shift(); };

    await context().facts.learn();
    await settle();
    expect(describes).toBe(1);
    expect(writes).toBe(1);
    clock += 119_000;
    await context().facts.known();
    await settle();
    expect(describes).toBe(1);
    clock += 2_000;
    expect(await context().facts.known()).not.toBeNull(); // answered at once from memory…
    await settle();
    expect(describes).toBe(2); // …and relearned after the response
    // Unchanged facts are not written to KV again: writes are scarce, reads are not.
    expect(writes).toBe(1);
  });
});
