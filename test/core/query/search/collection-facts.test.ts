/**
 * Collection facts remembered in isolate memory and a shared store: what a search reads, when it
 * relearns from the store, and — since KV writes are scarce (1,000 a day on the free plan, one a
 * second per key) — that an isolate writes only what changed or what is going stale.
 */
import { describe, expect, it } from 'vitest';
import { rememberedFacts, type LearnedFacts } from '../../../../src/core/query/search/collection-facts';
import type { CollectionInfo, FactsStore, VectorStore } from '../../../../src/core/query/ports';

const HOUR = 3600_000;
const VOCABULARY = { format: 1, documents: 3, terms: 'node topic', df: [2, 1] };

function info(vocabulary: unknown = VOCABULARY, embedder = 'cohere'): CollectionInfo {
  return {
    name: 'book',
    pointsCount: 3,
    denseVectors: { '': { size: 4, distance: 'Cosine' } },
    sparseVectors: {},
    metadata: { embedder, ...(vocabulary === undefined ? {} : { vocabulary }) },
  };
}

/** One deployment: a Qdrant collection, a KV namespace and a clock, shared by its isolates. */
function deployment(start = 0) {
  const kv = new Map<string, string>();
  const writes: string[] = [];
  const reads: string[] = [];
  let failVocabularyWrites = false;
  let clock = start;
  let current = info();
  let describes = 0;
  const store = { kind: 'qdrant', collection: 'book', describe: async () => (describes++, structuredClone(current)) } as unknown as VectorStore;
  const shared: FactsStore = {
    get: async (key) => (reads.push(key.slice(0, 5)), kv.get(key) ?? null),
    put: async (key, value) => {
      if (failVocabularyWrites && key.startsWith('cv:')) throw new Error('KV put() limit exceeded for the day');
      writes.push(key.slice(0, 5));
      kv.set(key, value);
    },
  };
  /** An isolate: its own memory; `run` waits for the work deferred past the response. */
  const logged: string[] = [];
  const isolate = () => {
    const memory = new Map<string, LearnedFacts>();
    const pending: Promise<unknown>[] = [];
    const facts = () =>
      rememberedFacts(store, 'https://q.example|book', {
        memory,
        store: shared,
        ttlSeconds: 24 * 3600,
        refreshSeconds: 3600,
        defer: (work) => pending.push(work),
        log: (message, error) => logged.push(`${message}: ${String(error)}`),
        now: () => clock,
      });
    const run = async <T>(work: (f: ReturnType<typeof facts>) => Promise<T>): Promise<T> => {
      const value = await work(facts());
      while (pending.length) await pending.shift();
      return value;
    };
    return { memory, run };
  };
  return {
    kv,
    writes,
    reads,
    logged,
    failVocabularyWrites: (fail: boolean) => (failVocabularyWrites = fail),
    isolate,
    describes: () => describes,
    advance: (ms: number) => (clock += ms),
    change: (next: CollectionInfo) => (current = next),
  };
}

describe('collection facts in a shared store', () => {
  it('the first learn writes the facts and the vocabulary apart; learning the same again writes nothing', async () => {
    const d = deployment();
    const a = d.isolate();
    await a.run((f) => f.learn());
    expect(d.writes.sort()).toEqual(['cf:v2', 'cv:v2']);
    const record = JSON.parse([...d.kv].find(([k]) => k.startsWith('cf:'))![1]);
    expect(record.info.metadata).toEqual({ embedder: 'cohere' });
    expect(record.vocabulary.digest).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(d.kv.get(`cv:v2:${record.vocabulary.digest}`)!)).toEqual(VOCABULARY);
    // e.g. /health probed every minute: the same facts, nothing to write.
    for (let i = 0; i < 20; i++) {
      d.advance(60_000);
      await a.run((f) => f.learn());
    }
    expect(d.writes).toHaveLength(2);
    expect(d.describes()).toBe(21);
  });

  it('a fresh isolate that learns the same facts compares with the shared record instead of overwriting it', async () => {
    const d = deployment();
    await d.isolate().run((f) => f.learn());
    d.advance(5 * 60_000);
    await d.isolate().run((f) => f.learn());
    await d.isolate().run((f) => f.learn());
    expect(d.writes).toHaveLength(2);
  });

  it('changed facts are written; the vocabulary only when the book\'s words changed, under a new key', async () => {
    const d = deployment();
    const a = d.isolate();
    await a.run((f) => f.learn());
    d.change(info(VOCABULARY, 'cohere-v4'));
    await a.run((f) => f.learn());
    expect(d.writes).toEqual(expect.arrayContaining(['cf:v2']));
    expect(d.writes.filter((w) => w === 'cv:v2')).toHaveLength(1);
    d.change(info({ ...VOCABULARY, documents: 4 }, 'cohere-v4'));
    await a.run((f) => f.learn());
    expect(d.writes.filter((w) => w === 'cv:v2')).toHaveLength(2);
    expect([...d.kv.keys()].filter((k) => k.startsWith('cv:'))).toHaveLength(2);
    const record = JSON.parse([...d.kv].find(([k]) => k.startsWith('cf:'))![1]);
    expect(JSON.parse(d.kv.get(`cv:v2:${record.vocabulary.digest}`)!)).toMatchObject({ documents: 4 });
  });

  it('unchanged facts are rewritten past half the refresh interval, the vocabulary past half its TTL', async () => {
    const d = deployment();
    const a = d.isolate();
    await a.run((f) => f.learn());
    d.advance(HOUR / 2 - 1);
    await a.run((f) => f.learn());
    expect(d.writes).toHaveLength(2);
    d.advance(1);
    await a.run((f) => f.learn());
    expect(d.writes.slice(2)).toEqual(['cf:v2']);
    d.advance(12 * HOUR);
    await a.run((f) => f.learn());
    expect(d.writes.slice(3).sort()).toEqual(['cf:v2', 'cv:v2']);
  });

  it('a fresh isolate reads the facts and then the vocabulary from the shared store, with no call to the collection', async () => {
    const d = deployment();
    await d.isolate().run((f) => f.learn());
    const b = d.isolate();
    const known = await b.run((f) => f.known());
    expect(known?.metadata).toEqual({ embedder: 'cohere' });
    await b.run((f) => f.readVocabulary!());
    expect(await b.run((f) => f.known())).toMatchObject({ metadata: { embedder: 'cohere', vocabulary: VOCABULARY } });
    expect(d.describes()).toBe(1);
  });

  it('an old refresh adopts what another isolate relearned lately: no call to the collection, no write', async () => {
    const d = deployment();
    const a = d.isolate();
    const b = d.isolate();
    await a.run((f) => f.learn());
    await b.run((f) => f.known());
    await b.run((f) => f.readVocabulary!());
    d.advance(HOUR - 60_000);
    d.change(info(VOCABULARY, 'cohere-v4'));
    await a.run((f) => f.learn()); // a relearns (e.g. after an error) and shares the change
    expect(d.describes()).toBe(2);
    d.advance(2 * 60_000);
    await b.run((f) => f.known()); // b's facts are an hour old: refresh after the response
    expect(d.describes()).toBe(2);
    const adopted = await b.run((f) => f.known());
    expect(adopted?.metadata).toEqual({ embedder: 'cohere-v4', vocabulary: VOCABULARY });
    expect(d.writes).toHaveLength(3);
  });

  it('a refresh does not replace facts relearned while it read the shared record', async () => {
    const d = deployment();
    await d.isolate().run((f) => f.learn());
    const b = d.isolate();
    await b.run((f) => f.known());
    d.advance(HOUR + 60_000);
    await d.isolate().run((f) => f.learn()); // another isolate shares the facts as they stand
    d.change(info(VOCABULARY, 'cohere-v4'));
    // b's old facts start a refresh; before it has read KV, a refused query makes b relearn.
    await b.run(async (f) => {
      await f.known();
      return f.learn();
    });
    expect(await b.run((f) => f.known())).toMatchObject({ metadata: { embedder: 'cohere-v4' } });
  });

  it('a refresh that finds the shared record old relearns from the collection once and shares it', async () => {
    const d = deployment();
    const a = d.isolate();
    await a.run((f) => f.learn());
    d.advance(HOUR + 1);
    d.change(info(VOCABULARY, 'cohere-v4'));
    const stale = await a.run((f) => Promise.all([f.known(), f.known()]));
    expect(stale.map((i) => i?.metadata.embedder)).toEqual(['cohere', 'cohere']);
    expect(d.describes()).toBe(2);
    expect(await a.run((f) => f.known())).toMatchObject({ metadata: { embedder: 'cohere-v4' } });
    expect(d.writes.slice(2)).toEqual(['cf:v2']);
  });

  it('a failed vocabulary write leaves a record that names no vocabulary; the next relearn writes both', async () => {
    const d = deployment();
    d.failVocabularyWrites(true);
    const a = d.isolate();
    await a.run((f) => f.learn());
    expect(d.writes).toEqual(['cf:v2']);
    expect(d.logged).toEqual(['collection facts write failed: Error: KV put() limit exceeded for the day']);
    expect(JSON.parse([...d.kv].find(([k]) => k.startsWith('cf:'))![1]).vocabulary).toBeUndefined();
    d.failVocabularyWrites(false);
    d.advance(60_000);
    await a.run((f) => f.learn());
    expect(d.writes.slice(1)).toEqual(['cv:v2', 'cf:v2']);
    const b = d.isolate();
    await b.run((f) => f.known());
    await b.run((f) => f.readVocabulary!());
    expect(await b.run((f) => f.known())).toMatchObject({ metadata: { vocabulary: VOCABULARY } });
  });

  it('a vocabulary missing from KV is read once per isolate, and that isolate\'s next relearn writes it again', async () => {
    const d = deployment();
    await d.isolate().run((f) => f.learn());
    for (const key of [...d.kv.keys()]) if (key.startsWith('cv:')) d.kv.delete(key);
    const b = d.isolate();
    for (let i = 0; i < 3; i++) {
      await b.run((f) => f.known());
      await b.run((f) => f.readVocabulary!());
    }
    expect(d.reads.filter((r) => r === 'cv:v2')).toHaveLength(1);
    expect((await b.run((f) => f.known()))?.metadata.vocabulary).toBeUndefined();
    await b.run((f) => f.learn());
    expect(d.writes.slice(2).sort()).toEqual(['cf:v2', 'cv:v2']);
  });

  it('a damaged or older-format record is not facts: the search learns them again', async () => {
    const d = deployment();
    await d.isolate().run((f) => f.learn());
    const key = [...d.kv.keys()].find((k) => k.startsWith('cf:'))!;
    d.kv.set(key, JSON.stringify({ info: info(), learnedAt: 0, vocabularyApart: true }));
    expect(await d.isolate().run((f) => f.known())).toBeNull();
    d.kv.set(key, '{not json');
    const errors: string[] = [];
    const memory = new Map<string, LearnedFacts>();
    const facts = rememberedFacts({ describe: async () => info() } as unknown as VectorStore, 'https://q.example|book', {
      memory,
      store: { get: async (k) => d.kv.get(k) ?? null, put: async () => {} },
      ttlSeconds: 60,
      refreshSeconds: 60,
      defer: () => {},
      log: (message) => errors.push(message),
    });
    expect(await facts.known()).toBeNull();
    expect(errors).toEqual(['collection facts read failed']);
  });
});
