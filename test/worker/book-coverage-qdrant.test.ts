/**
 * "The book does not cover this" on Qdrant: the term rule reads the vocabulary that ingest records
 * in the collection metadata, learned with the collection facts — no extra Qdrant call on the hot
 * path — and a collection without it keeps the cosine rule alone.
 */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { encodeBookVocabulary } from '../../src/core/build-time/book-vocabulary-encode';
import { buildLexiconFilter } from '../../src/core/common/text/lexicon-filter';
import { analyzeText, tokenId } from '../../src/core/common/bm25/index';
import { resetIsolateCaches } from '../../src/worker/services';
import { DOCS } from './support/docs';
import { tenant, type Tenant } from './support/harness';
import { seedBm25Collection } from './support/seed-bm25';
import { callsDuring } from './support/strategy-calls';

// Ordinary English words for the lexicon (ingest uses WordNet and SUBTLEX; a handful is enough here).
const ENGLISH = ['deploy', 'cluster', 'recipe', 'best', 'how', 'what', 'explain', 'work', 'carry', 'message'];

let t: Tenant;
beforeEach(async () => {
  t = tenant('coverage');
  await seedBm25Collection(t, DOCS);
});

async function recordVocabulary(): Promise<void> {
  const vocabulary = encodeBookVocabulary(DOCS.map((doc) => doc.text), buildLexiconFilter(ENGLISH.flatMap((word) => analyzeText(word))));
  await t.qdrant('PATCH', '/collections/textbook_chunks', { metadata: { vocabulary } });
}

const search = (q: string, extra = '') => t.call(`/search?q=${encodeURIComponent(q)}&cache=bypass${extra}`);
const noMatch = (json: any) => json.summary.warnings.find((w: { code: string }) => w.code === 'no_match');

/** Every sparse vector's token ids in a Qdrant query request. */
function sparseIds(body: unknown): number[] {
  if (Array.isArray(body)) return body.flatMap(sparseIds);
  if (typeof body !== 'object' || body === null) return [];
  const own = Array.isArray((body as { indices?: unknown }).indices) ? ((body as { indices: number[] }).indices) : [];
  return [...own, ...Object.values(body).flatMap(sparseIds)];
}

/** Every sparse vector's weight per token id in a Qdrant query request, in the order they appear. */
function sparseWeights(body: unknown, into = new Map<number, number[]>()): Map<number, number[]> {
  if (Array.isArray(body)) body.forEach((item) => sparseWeights(item, into));
  if (typeof body !== 'object' || body === null) return into;
  const { indices, values } = body as { indices?: unknown; values?: unknown };
  if (Array.isArray(indices) && Array.isArray(values)) indices.forEach((id: number, k) => into.set(id, [...(into.get(id) ?? []), values[k] as number]));
  else Object.values(body).forEach((value) => sparseWeights(value, into));
  return into;
}

describe('the term rule on a Qdrant collection', () => {
  it('flags a question about a name the book never mentions, from the recorded vocabulary, in every mode', async () => {
    await recordVocabulary();
    for (const mode of ['semantic', 'keyword', 'hybrid']) {
      const res = await search('deploy the ROS 2 topics to a cluster with kubectl', `&mode=${mode}`);
      expect(res.status).toBe(200);
      const json = res.json();
      expect(json.summary.confidence).toMatchObject({ rating: 'low', low_confidence: true, rated_on: 'terms' });
      expect(noMatch(json)).toMatchObject({ details: { foreign_terms: ['kubectl'] } });
      expect(noMatch(json).message).toContain('"kubectl"');
      expect(json.summary.query_coverage).toBeGreaterThan(0);
    }
  });

  it('does not flag a question in the book\'s words, and says how much of it the book covers', async () => {
    await recordVocabulary();
    const json = (await search('how do topics carry messages between nodes?', '&mode=keyword')).json();
    expect(noMatch(json)).toBeUndefined();
    expect(json.summary.query_coverage).toBe(1);
    expect(json.summary.confidence.low_confidence).toBe(false);
  });

  it('costs no Qdrant call: the vocabulary comes with the facts, from memory or KV in a fresh isolate', async () => {
    await recordVocabulary();
    // The deployment's first search learns the facts alongside its query and already judges the terms.
    const first = await callsDuring(t, () => search('kubectl topics'));
    expect(first.calls.filter((c) => c.service === 'qdrant').map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /collections/textbook_chunks',
      'POST /collections/textbook_chunks/points/query',
    ]);
    expect(noMatch(first.value.json())).toMatchObject({ details: { foreign_terms: ['kubectl'] } });
    // KV keeps the vocabulary apart, so the facts a fresh isolate reads before its query stay small.
    const kv = (env as unknown as { EMBED_CACHE: KVNamespace }).EMBED_CACHE;
    const [facts] = (await kv.list({ prefix: 'cf:v2:' })).keys;
    const [vocabulary] = (await kv.list({ prefix: 'cv:v2:' })).keys;
    const factsText = (await kv.get(facts!.name, 'text'))!;
    expect(factsText.length).toBeLessThan(2000);
    // The vocabulary's key is its content's digest, named by the facts record.
    expect(vocabulary!.name).toBe(`cv:v2:${JSON.parse(factsText).vocabulary.digest}`);
    expect(JSON.parse((await kv.get(vocabulary!.name, 'text'))!)).toMatchObject({ format: 1, documents: DOCS.length });
    resetIsolateCaches(); // a fresh isolate: facts and vocabulary from KV
    const fresh = await callsDuring(t, () => search('kubectl nodes'));
    expect(fresh.calls.filter((c) => c.service === 'qdrant').map((c) => `${c.method} ${c.path}`)).toEqual(['POST /collections/textbook_chunks/points/query']);
    expect(noMatch(fresh.value.json())).toMatchObject({ details: { foreign_terms: ['kubectl'] } });
    // And the next search of that isolate has it in memory.
    const again = await callsDuring(t, () => search('kubectl topics again'));
    expect(again.calls.filter((c) => c.service === 'qdrant')).toHaveLength(1);
    expect(noMatch(again.value.json())).toMatchObject({ details: { foreign_terms: ['kubectl'] } });
  });

  it('a vocabulary missing from KV costs the term rule until the next refresh, never the search', async () => {
    await recordVocabulary();
    await search('first search of the deployment');
    const kv = (env as unknown as { EMBED_CACHE: KVNamespace }).EMBED_CACHE;
    for (const key of (await kv.list({ prefix: 'cv:v2:' })).keys) await kv.delete(key.name);
    resetIsolateCaches();
    const res = await search('kubectl topics');
    expect(res.status).toBe(200);
    expect(res.json().summary.query_coverage).toBeUndefined();
    expect(res.json().results.length).toBeGreaterThan(0);
  });

  it('a /health probe from a fresh isolate relearns the facts but rewrites neither KV entry when nothing changed', async () => {
    await recordVocabulary();
    await t.call('/health');
    const kv = (env as unknown as { EMBED_CACHE: KVNamespace }).EMBED_CACHE;
    const entries = async () => {
      const keys = [...(await kv.list({ prefix: 'cf:v2:' })).keys, ...(await kv.list({ prefix: 'cv:v2:' })).keys];
      return Promise.all(keys.map(async (key) => ({ key: key.name, expiration: key.expiration, text: await kv.get(key.name, 'text') })));
    };
    const before = await entries();
    expect(before).toHaveLength(2);
    resetIsolateCaches();
    const probe = await callsDuring(t, () => t.call('/health'));
    expect(probe.calls.filter((c) => c.service === 'qdrant').map((c) => `${c.method} ${c.path}`)).toEqual(['GET /collections/textbook_chunks']);
    // Same texts (the record's learnedAt included): the probe compared with KV and wrote nothing.
    expect(await entries()).toEqual(before);
  });

  it('/health says whether the term rule applies', async () => {
    expect((await t.call('/health')).json().store).toMatchObject({ ok: true, term_rule: false });
    await recordVocabulary();
    expect((await t.call('/health')).json().store).toMatchObject({ ok: true, term_rule: true });
  });

  it('a collection ingested before the vocabulary existed keeps the cosine rule alone (no terms, nothing breaks)', async () => {
    const res = await search('deploy the ROS 2 topics to a cluster with kubectl', '&mode=keyword');
    expect(res.status).toBe(200);
    const json = res.json();
    expect(noMatch(json)).toBeUndefined();
    expect(json.summary.query_coverage).toBeUndefined();
    expect(json.summary.confidence.rated_on).not.toBe('terms');
  });

  it('a damaged vocabulary entry is ignored, not an error', async () => {
    await t.qdrant('PATCH', '/collections/textbook_chunks', { metadata: { vocabulary: { format: 1, documents: 4, terms: 'a b', df: [1] } } });
    const res = await search('kubectl topics');
    expect(res.status).toBe(200);
    expect(res.json().summary.query_coverage).toBeUndefined();
  });

  it('searches a misspelt word as the book\'s word, with the vocabulary from memory or KV, still in one Qdrant call', async () => {
    await recordVocabulary();
    const q = 'how do topics carry mesages between nodes?';
    const sent = async () => {
      const { value, calls } = await callsDuring(t, () => search(q, '&mode=keyword'));
      const queries = calls.filter((c) => c.service === 'qdrant' && c.path.endsWith('/points/query'));
      expect(queries).toHaveLength(1);
      return { json: value.json(), ids: sparseIds(queries[0]!.body) };
    };
    await search('first search of the deployment'); // learns the facts
    for (const fresh of [false, true]) {
      if (fresh) resetIsolateCaches(); // facts and vocabulary from KV, read alongside the query
      const { json, ids } = await sent();
      expect(ids).toContain(tokenId('messag'));
      expect(ids).not.toContain(tokenId('mesag'));
      expect(json.summary.read_as).toEqual([{ word: 'mesages', as: 'messages', how: 'misspelt' }]);
      expect(json.summary.confidence.low_confidence).toBe(false);
    }
  });

  it('does not remember the deployment\'s first search of a misspelt question, which ran before the vocabulary was known', async () => {
    await recordVocabulary();
    const cached = (q: string) => t.call(`/search?q=${encodeURIComponent(q)}&mode=keyword`);
    const typo = 'how do topics carry mesages between nodes?';
    // The facts (and the vocabulary with them) are learnt alongside this query: searched as written.
    const first = await cached(typo);
    expect(first.json().summary.read_as).toBeUndefined();
    expect(first.json().summary.result_cache).toBe('miss');
    expect(first.headers.get('cache-status')).not.toContain('stored');
    // So the same question, asked again, is searched in the book's words instead of served stale.
    const second = await cached(typo);
    expect(second.json().summary.result_cache).toBe('miss');
    expect(second.json().summary.read_as).toEqual([{ word: 'mesages', as: 'messages', how: 'misspelt' }]);
    expect((await cached(typo)).json().summary.result_cache).toBe('hit');
  });

  it('remembers a deployment\'s first search whose words the book all uses: the vocabulary could not change it', async () => {
    await recordVocabulary();
    const cached = (q: string) => t.call(`/search?q=${encodeURIComponent(q)}&mode=keyword`);
    const first = await cached('how do topics carry messages between nodes?');
    expect(first.json().summary.result_cache).toBe('miss');
    expect(first.headers.get('cache-status')).toContain('stored');
    expect((await cached('how do topics carry messages between nodes?')).json().summary.result_cache).toBe('hit');
  });

  it("weighs a definition question's subject words half in Qdrant's query, and does not remember the search that ran without them", async () => {
    await recordVocabulary();
    const q = 'What is a ROS 2 topic?';
    const cached = () => t.call(`/search?q=${encodeURIComponent(q)}&mode=keyword`);
    // The deployment's first search learns the vocabulary alongside its query: every word weighs 1,
    // so its answer is served and not stored.
    const first = await cached();
    expect(first.json().summary.result_cache).toBe('miss');
    expect(first.headers.get('cache-status')).not.toContain('stored');
    const { value, calls } = await callsDuring(t, cached);
    expect(value.json().summary.result_cache).toBe('miss');
    const [query] = calls.filter((c) => c.service === 'qdrant' && c.path.endsWith('/points/query'));
    // "ROS" and "2" are in one chunk of four: the book's subject. "topic" is the term.
    const weights = sparseWeights(query!.body);
    expect(weights.get(tokenId('ros'))).toEqual([0.5, 0.5]); // body and title/heading prefetches
    expect(weights.get(tokenId('2'))).toEqual([0.5, 0.5]);
    expect(weights.get(tokenId('topic'))).toEqual([1, 1]);
    expect((await cached()).json().summary.result_cache).toBe('hit');
  });

  it("weighs a question's frame nothing in Qdrant's query without any vocabulary, and remembers that first search", async () => {
    // A collection ingested before the vocabulary existed: the frame ("find" in "where do I find")
    // is read from the question alone, so it weighs nothing there too, and the answer is final.
    const q = 'where do I find the topics of my nodes?';
    const cached = () => t.call(`/search?q=${encodeURIComponent(q)}&mode=keyword`);
    const { value, calls } = await callsDuring(t, cached);
    expect(value.json().summary.result_cache).toBe('miss');
    expect(value.headers.get('cache-status')).toContain('stored');
    const [query] = calls.filter((c) => c.service === 'qdrant' && c.path.endsWith('/points/query'));
    const weights = sparseWeights(query!.body);
    expect(weights.get(tokenId('find'))).toEqual([0, 0]); // body and title/heading prefetches
    expect(weights.get(tokenId('topic'))).toEqual([1, 1]);
    expect((await cached()).json().summary.result_cache).toBe('hit');
  });

  it('searches the question as written on a collection ingested before the vocabulary existed', async () => {
    const res = await search('how do topics carry mesages between nodes?', '&mode=keyword');
    expect(res.status).toBe(200);
    expect(res.json().summary.read_as).toBeUndefined();
    expect(res.json().results.length).toBeGreaterThan(0);
  });
});
