/**
 * The result cache: a finished search outcome, reused for the same question. Two tiers — an
 * in-isolate LRU (no I/O at all) in front of a shared store (the Workers Cache API, per data
 * centre) — and single flight, so concurrent identical misses compute once. Entries live
 * `ttlSeconds` at most; the key carries the index version, so a bump makes old entries
 * unreachable at once. Only clean outcomes are stored (`storable-outcome.ts`): a search that
 * degraded (reranker failed) or ran before the book's vocabulary was known is served but not
 * remembered. A failing store degrades to a miss, never fails a search.
 *
 * The in-isolate tier keys on the plain key material (a hit costs a Map lookup, no digest); the
 * shared tier's digest is computed only when that tier is consulted. `onLocalMiss` lets the
 * caller start work a miss will need (the embedding read) while the shared tier is asked.
 */
import type { SearchOutcome } from '../search/search-outcome';
import { CACHE_READ_TIMEOUT_MS, withTimeout } from '../../common/with-timeout';
import { LruCache } from './lru-cache';
import { SingleFlight } from './single-flight';
import { storableOutcome } from '../search/storable-outcome';

/** Where the result came from. */
export type ResultCacheStatus = 'hit' | 'miss' | 'bypass';

/** A stored outcome (without the per-request timing) and when it was computed (epoch ms). */
export interface CachedResult {
  outcome: Omit<SearchOutcome, 'timing'>;
  storedAt: number;
}

/** Shared storage of outcomes (the Cache API adapter in the Worker). */
export interface ResultStore {
  get(key: string): Promise<CachedResult | null>;
  put(key: string, entry: CachedResult, ttlSeconds: number): Promise<void>;
}

/** Per-isolate state of the result cache. */
export class ResultCacheMemory {
  readonly entries = new LruCache<CachedResult>(128);
  readonly flights = new SingleFlight<SearchOutcome>();
  clear(): void {
    this.entries.clear();
    this.flights.clear();
  }
}

/** The keys of one answer: the in-isolate one, and the shared tier's (computed on demand). */
export interface ResultKeys {
  local: string;
  shared: () => Promise<string>;
}

/** How one request uses the cache. */
export interface ResultCacheOptions {
  memory: ResultCacheMemory;
  store: ResultStore | null;
  ttlSeconds: number;
  /** The client asked for a fresh answer (`cache=bypass` / `Cache-Control: no-cache`). */
  bypass: boolean;
  defer: (work: Promise<unknown>) => void;
  log: (message: string, error: unknown) => void;
  /** Called once the in-isolate tier cannot answer, before the shared tier is asked. */
  onLocalMiss?: () => void;
  now?: () => number;
}

/** An outcome with its cache status, age in seconds (0 unless it came from the cache) and whether the cache holds it. */
export interface CachedOutcome {
  outcome: SearchOutcome;
  status: ResultCacheStatus;
  ageSeconds: number;
  stored: boolean;
}

/**
 * Serves `key` from the cache or computes it (once per isolate for concurrent callers).
 *
 * @example
 * const { outcome, status } = await cachedSearch(key, () => runSearch(params, context), options);
 */
export async function cachedSearch(
  key: string | ResultKeys,
  compute: () => Promise<SearchOutcome>,
  options: ResultCacheOptions,
): Promise<CachedOutcome> {
  const keys = typeof key === 'string' ? { local: key, shared: async () => key } : key;
  const now = options.now ?? Date.now;
  if (options.ttlSeconds <= 0 || options.bypass) {
    const outcome = await compute();
    // A bypass still refreshes the entry others will read; TTL 0 turns the cache off entirely.
    const stored = options.ttlSeconds > 0 && remember(keys, outcome, now(), options);
    return { outcome, status: 'bypass', ageSeconds: 0, stored };
  }
  const found = await lookup(keys, options, now());
  if (found) {
    return { outcome: fromCache(found.outcome), status: 'hit', ageSeconds: Math.max(0, Math.floor((now() - found.storedAt) / 1000)), stored: true };
  }
  let stored = false;
  const { value, shared } = await options.memory.flights.run(
    keys.local,
    async () => {
      const outcome = await compute();
      stored = remember(keys, outcome, now(), options);
      return outcome;
    },
    options.defer,
  );
  // Joining another request's computation cost this request no upstream call: a hit for it.
  if (shared) return { outcome: fromCache(value), status: 'hit', ageSeconds: 0, stored: options.memory.entries.get(keys.local) !== undefined };
  return { outcome: value, status: 'miss', ageSeconds: 0, stored };
}

async function lookup(keys: ResultKeys, options: ResultCacheOptions, now: number): Promise<CachedResult | null> {
  const fresh = (entry: CachedResult | null | undefined) => entry && now - entry.storedAt < options.ttlSeconds * 1000 && now >= entry.storedAt - 1000;
  const remembered = options.memory.entries.get(keys.local);
  if (fresh(remembered)) return remembered!;
  // A computation of this key already running here answers sooner than the shared tier.
  const { store } = options;
  if (options.memory.flights.has(keys.local) || !store) return null;
  options.onLocalMiss?.();
  try {
    // Bounded as every cache read is: a lookup that hangs must cost a miss, not the whole search.
    const stored = await withTimeout(keys.shared().then((key) => store.get(key)), CACHE_READ_TIMEOUT_MS);
    if (!fresh(stored)) return null;
    options.memory.entries.set(keys.local, stored!);
    return stored!;
  } catch (error) {
    options.log('result cache read failed', error);
    return null;
  }
}

/** Stores a clean outcome in both tiers; returns whether it was stored. */
function remember(keys: ResultKeys, outcome: SearchOutcome, storedAt: number, options: ResultCacheOptions): boolean {
  if (!storableOutcome(outcome)) return false;
  const { timing: _timing, ...rest } = outcome;
  const entry: CachedResult = { outcome: rest, storedAt };
  options.memory.entries.set(keys.local, entry);
  if (options.store) {
    const { store } = options;
    const write = keys.shared().then((shared) => store.put(shared, entry, options.ttlSeconds));
    options.defer(write.catch((error) => options.log('result cache write failed', error)));
  }
  return true;
}

/** A cached outcome as this request serves it: nothing embedded or searched, no upstream call. */
function fromCache(outcome: Omit<SearchOutcome, 'timing'>): SearchOutcome {
  return {
    ...outcome,
    summary: { ...outcome.summary, cache: 'none' },
    timing: { embed_ms: 0, search_ms: 0, total_ms: 0, upstream_calls: 0 },
  };
}
