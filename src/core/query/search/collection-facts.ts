/**
 * What the search needs to know about a collection (vector names and sizes, sparse vectors, the
 * embedder recorded at ingest), learned OFF the hot path: a search reads the facts from isolate
 * memory or a shared store (Workers KV) and never waits on `GET /collections/{c}`.
 *
 * - Known facts (memory, else KV): the search checks the query against them and makes its single
 *   Qdrant call. Facts older than `refreshSeconds` are refreshed after the response (`defer`).
 * - No facts anywhere (first search after a deploy, or the shared entry expired): the search
 *   queries optimistically and fetches the facts concurrently — no added latency, one extra call,
 *   once per deployment — and still checks them before answering. That fetch is one attempt
 *   (`learn({ once: true })`): a Retry-After waited for would hold the answer.
 * - When Qdrant answers a query with an error, the caller relearns the facts to explain it
 *   (see `checked-query.ts`).
 * - The book's vocabulary (collection metadata, ~150 KB; read by the term rule) is kept in KV apart
 *   from the facts, so the facts a fresh isolate must read before its query stay small; the search
 *   reads the vocabulary alongside its query ({@link CollectionFacts.readVocabulary}).
 * - A refresh first looks at KV: when another isolate relearned the facts lately, it adopts them
 *   and neither calls Qdrant nor writes. What is written, and when, is `shared-facts.ts`'s rule.
 */
import type { CollectionFacts, CollectionInfo, DescribeOptions, FactsStore, VectorStore } from '../ports';
import { VOCABULARY_METADATA_KEY } from '../book-terms/book-vocabulary';
import { asSharedFacts, planSharedWrite, readShared, sharedFactsKey, vocabularyKey, withoutVocabulary, withVocabulary, type SharedFacts } from './shared-facts';

/** Facts as remembered by an isolate. */
export interface LearnedFacts {
  /** With the book's vocabulary in its metadata once known. */
  info: CollectionInfo;
  /** When this isolate last had them confirmed (epoch ms): drives the refresh. */
  learnedAt: number;
  /** The shared record as this isolate last read or wrote it. */
  shared?: SharedFacts;
}

/** Per-isolate memory plus the shared store. */
export interface FactsCacheOptions {
  memory: Map<string, LearnedFacts>;
  store: FactsStore | null;
  /** How long the shared entries live (KV `expirationTtl`). */
  ttlSeconds: number;
  /** Age after which known facts are refreshed in the background. */
  refreshSeconds: number;
  /** Age past which unchanged facts are written to the shared store again (see shared-facts.ts). */
  rewriteSeconds?: number;
  defer: (work: Promise<unknown>) => void;
  log: (message: string, error: unknown) => void;
  now?: () => number;
}

/** Facts of the embedded index: local and free, nothing to remember. */
export function localFacts(store: VectorStore): CollectionFacts {
  return { known: () => store.describe(), learn: (call) => store.describe(call) };
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
  const refreshMs = options.refreshSeconds * 1000;
  let keyPromise: Promise<string> | null = null;
  const key = () => (keyPromise ??= sharedFactsKey(scope));
  const readRecord = (shared: FactsStore) => key().then((k) => readShared(shared, options.log, k, asSharedFacts));
  let sharedRead: Promise<SharedFacts | null> | null = null;
  let vocabularyRead: Promise<void> | null = null;

  /** Writes what changed or is going stale (see shared-facts.ts), after the response. */
  const share = async (shared: FactsStore, learned: LearnedFacts, previous: SharedFacts | null | undefined): Promise<void> => {
    // An isolate that knows nothing yet compares with the shared record rather than overwrite it.
    const seen = previous !== undefined ? previous : await readRecord(shared);
    let plan = await planSharedWrite(learned.info, learned.learnedAt, seen, options);
    // The vocabulary first: a record never names an entry whose write failed (it is shared
    // without one instead, and the next relearn tries again).
    if (plan.vocabulary) {
      const { key: vocabularyAt, text } = plan.vocabulary;
      const written = await shared.put(vocabularyAt, text, options.ttlSeconds).then(
        () => true,
        (error) => (options.log('collection facts write failed', error), false),
      );
      if (!written) plan = await planSharedWrite(withoutVocabulary(learned.info), learned.learnedAt, seen, options);
    }
    learned.shared = plan.record;
    if (plan.recordText !== null) await shared.put(await key(), plan.recordText, options.ttlSeconds);
  };
  const learnAfter = async (previous: SharedFacts | null | undefined, call?: DescribeOptions): Promise<CollectionInfo> => {
    const info = await store.describe(call);
    const learned: LearnedFacts = { info, learnedAt: now() };
    options.memory.set(scope, learned);
    if (options.store) options.defer(share(options.store, learned, previous).catch((error) => options.log('collection facts write failed', error)));
    return info;
  };
  // Without a view of the shared record (none yet, or its write still pending), share() reads it.
  const learn = (call?: DescribeOptions) => learnAfter(options.memory.get(scope)?.shared, call);
  /** Relearns old facts after the response — unless another isolate already did (KV says so). */
  const refreshIfOld = (remembered: LearnedFacts, justRead: boolean) => {
    if (now() - remembered.learnedAt < refreshMs) return;
    // Claim the refresh so concurrent requests of this isolate do not all refresh.
    const claimed: LearnedFacts = { ...remembered, learnedAt: now() };
    options.memory.set(scope, claimed);
    const factsStore = options.store;
    const refresh = async () => {
      const shared = justRead || !factsStore ? (remembered.shared ?? null) : await readRecord(factsStore);
      // Facts relearned meanwhile (e.g. to explain a refused query) are fresher than anything here.
      if (options.memory.get(scope) !== claimed) return;
      if (shared && now() - shared.learnedAt < refreshMs) {
        // Keep the vocabulary already decoded when the shared record names the same one.
        const sameWords = shared.vocabulary?.digest === remembered.shared?.vocabulary?.digest && VOCABULARY_METADATA_KEY in remembered.info.metadata;
        const info = sameWords ? withVocabulary(shared.info, remembered.info.metadata[VOCABULARY_METADATA_KEY]) : shared.info;
        options.memory.set(scope, { info, learnedAt: shared.learnedAt, shared });
        return;
      }
      await learnAfter(shared);
    };
    options.defer(refresh().catch((error) => options.log('collection facts refresh failed', error)));
  };
  return {
    learn,
    async known() {
      const remembered = options.memory.get(scope);
      if (remembered) {
        refreshIfOld(remembered, false);
        return remembered.info;
      }
      if (!options.store) return null;
      // One read per request even when a prefetch asked first (see prefetchSearch).
      const shared = await (sharedRead ??= readRecord(options.store));
      if (!shared) return null;
      const learned: LearnedFacts = { info: shared.info, learnedAt: shared.learnedAt, shared };
      options.memory.set(scope, learned);
      refreshIfOld(learned, true);
      return shared.info;
    },
    readVocabulary() {
      const remembered = options.memory.get(scope);
      const factsStore = options.store;
      const ref = remembered?.shared?.vocabulary;
      if (!remembered || !ref || !factsStore || VOCABULARY_METADATA_KEY in remembered.info.metadata) return Promise.resolve();
      return (vocabularyRead ??= readShared(factsStore, options.log, vocabularyKey(ref.digest), (parsed) =>
        typeof parsed === 'object' && parsed !== null ? parsed : null,
      ).then((vocabulary) => {
        // Completes the remembered facts, unless fresher ones (which carry their own) replaced them.
        if (options.memory.get(scope) !== remembered) return;
        if (vocabulary) {
          options.memory.set(scope, { ...remembered, info: withVocabulary(remembered.info, vocabulary) });
          return;
        }
        // A missing entry is not asked for again: the term rule waits for the next refresh, and
        // this isolate's next relearn writes the vocabulary again (its view of KV lacks it now).
        const { vocabulary: _missing, ...record } = remembered.shared as SharedFacts;
        options.memory.set(scope, { ...remembered, shared: record });
      }));
    },
  };
}
