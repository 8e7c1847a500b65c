/**
 * What the search needs to know about a collection (vector names and sizes, sparse vectors, the
 * embedder recorded at ingest), learned OFF the hot path: a search reads the facts from isolate
 * memory or a shared store (Workers KV) and never waits on `GET /collections/{c}`.
 *
 * - Known facts (memory, else KV): the search checks the query against them and makes its single
 *   Qdrant call. Facts older than `refreshSeconds` are refreshed after the response (`defer`).
 * - No facts anywhere (first search after a deploy, or the shared entry expired): the search
 *   queries optimistically and fetches the facts concurrently — no added latency, one extra call,
 *   once per deployment — and still checks them before answering.
 * - When Qdrant answers a query with an error, the caller relearns the facts to explain it
 *   (see `checked-query.ts`).
 * - The book's vocabulary (collection metadata, ~150 KB; read by the term rule) is kept in KV apart
 *   from the facts, so the facts a fresh isolate must read before its query stay small; the search
 *   reads the vocabulary alongside its query ({@link CollectionFacts.readVocabulary}).
 */
import { sha256Hex } from '../../common/sha256-hex';
import { CACHE_READ_TIMEOUT_MS, withTimeout } from '../../common/with-timeout';
import type { CollectionFacts, CollectionInfo, FactsStore, VectorStore } from '../ports';
import { VOCABULARY_METADATA_KEY } from '../book-terms/book-vocabulary';

/** Facts as remembered: the collection info and when it was read from Qdrant (epoch ms). */
export interface LearnedFacts {
  info: CollectionInfo;
  learnedAt: number;
  /** The collection has a vocabulary that `info` lacks: it is in KV under its own key. */
  vocabularyApart?: boolean;
}

/** Per-isolate memory plus the shared store. */
export interface FactsCacheOptions {
  memory: Map<string, LearnedFacts>;
  store: FactsStore | null;
  /** How long the shared entry lives (KV `expirationTtl`). */
  ttlSeconds: number;
  /** Age after which known facts are refreshed in the background. */
  refreshSeconds: number;
  defer: (work: Promise<unknown>) => void;
  log: (message: string, error: unknown) => void;
  now?: () => number;
}

/** Facts of the embedded index: local and free, nothing to remember. */
export function localFacts(store: VectorStore): CollectionFacts {
  return { known: () => store.describe(), learn: () => store.describe() };
}

/**
 * Facts of a remote collection, remembered under `scope` (e.g. the Qdrant URL and collection).
 *
 * @example
 * const facts = rememberedFacts(store, `${url}|${collection}`, { memory, store: kvFacts, ttlSeconds: 86400, refreshSeconds: 3600, defer, log });
 * const info = (await facts.known()) ?? (await facts.learn());
 */
export function rememberedFacts(store: VectorStore, scope: string, options: FactsCacheOptions): CollectionFacts {
  const now = options.now ?? Date.now;
  let keyPromise: Promise<string> | null = null;
  const key = () => (keyPromise ??= factsKey(scope));
  let sharedRead: Promise<LearnedFacts | null> | null = null;
  let vocabularyRead: Promise<void> | null = null;
  const learn = async (): Promise<CollectionInfo> => {
    const info = await store.describe();
    const learned = { info, learnedAt: now() };
    options.memory.set(scope, learned);
    if (options.store) {
      const shared = options.store;
      const { [VOCABULARY_METADATA_KEY]: vocabulary, ...metadata } = info.metadata;
      const apart = vocabulary !== undefined;
      const record: LearnedFacts = { info: { ...info, metadata }, learnedAt: learned.learnedAt, ...(apart ? { vocabularyApart: true } : {}) };
      const write = key().then((k) =>
        Promise.all([
          shared.put(k, JSON.stringify(record), options.ttlSeconds),
          apart ? shared.put(vocabularyKey(k), JSON.stringify(vocabulary), options.ttlSeconds) : null,
        ]),
      );
      options.defer(write.catch((error) => options.log('collection facts write failed', error)));
    }
    return info;
  };
  const refreshIfOld = (learned: LearnedFacts) => {
    if (now() - learned.learnedAt < options.refreshSeconds * 1000) return;
    // Claim the refresh so concurrent requests of this isolate do not all refresh.
    options.memory.set(scope, { ...learned, learnedAt: now() });
    options.defer(learn().catch((error) => options.log('collection facts refresh failed', error)));
  };
  return {
    learn,
    async known() {
      const remembered = options.memory.get(scope);
      if (remembered) {
        refreshIfOld(remembered);
        return remembered.info;
      }
      if (!options.store) return null;
      // One read per request even when a prefetch asked first (see prefetchSearch).
      const { store: factsStore } = options;
      const shared = await (sharedRead ??= key().then((k) => readShared(factsStore, options.log, k, asLearnedFacts)));
      if (!shared) return null;
      options.memory.set(scope, shared);
      refreshIfOld(shared);
      return shared.info;
    },
    readVocabulary() {
      const remembered = options.memory.get(scope);
      const factsStore = options.store;
      if (!remembered?.vocabularyApart || !factsStore) return Promise.resolve();
      return (vocabularyRead ??= key()
        .then((k) => readShared(factsStore, options.log, vocabularyKey(k), (parsed) => (typeof parsed === 'object' && parsed !== null ? parsed : null)))
        .then((vocabulary) => {
          // Completes the remembered facts, unless fresher ones (which carry their own) replaced
          // them. A missing entry is not asked for again: the next refresh brings the vocabulary.
          if (options.memory.get(scope) !== remembered) return;
          const info = vocabulary ? { ...remembered.info, metadata: { ...remembered.info.metadata, [VOCABULARY_METADATA_KEY]: vocabulary } } : remembered.info;
          options.memory.set(scope, { info, learnedAt: remembered.learnedAt });
        }));
    },
  };
}

/** A KV read that costs a miss, never the request: null when absent, unreadable or hanging. */
async function readShared<T>(store: FactsStore, log: FactsCacheOptions['log'], key: string, accept: (parsed: unknown) => T | null): Promise<T | null> {
  try {
    // A hanging read costs a miss (the search then learns the facts from Qdrant), not the request.
    const text = await withTimeout(store.get(key), CACHE_READ_TIMEOUT_MS);
    return text ? accept(JSON.parse(text)) : null;
  } catch (error) {
    log('collection facts read failed', error);
    return null;
  }
}

function asLearnedFacts(value: unknown): LearnedFacts | null {
  const parsed = value as Partial<LearnedFacts>;
  const info = parsed?.info;
  if (typeof parsed?.learnedAt !== 'number' || !info || typeof info.denseVectors !== 'object' || typeof info.sparseVectors !== 'object') return null;
  return { info: { ...info, metadata: info.metadata ?? {} }, learnedAt: parsed.learnedAt, ...(parsed.vocabularyApart === true ? { vocabularyApart: true } : {}) };
}

/** KV key of a collection's facts: a digest, so URLs of any length fit KV's 512-byte keys. */
async function factsKey(scope: string): Promise<string> {
  return `cf:v1:${await sha256Hex(scope, 16)}`;
}

/** KV key of the vocabulary that goes with the facts under `factsKey`. */
const vocabularyKey = (factsKey: string): string => `cv:v1:${factsKey.slice('cf:v1:'.length)}`;
