/**
 * The in-isolate memory every cache here puts in front of its slower tier (query embeddings, whole
 * answers, parsed GET queries, per-config services): bounded, so an isolate's memory stays flat.
 */
import type { MemoryCache } from '../ports';

/**
 * A tiny LRU (Map keeps insertion order: re-insert on read, evict the oldest).
 *
 * @example
 * const cache = new LruCache<number>(2); cache.set("a", 1); cache.get("a"); // 1
 */
export class LruCache<V> implements MemoryCache<V> {
  readonly #entries = new Map<string, V>();
  constructor(readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }
  clear(): void {
    this.#entries.clear();
  }
  get size(): number {
    return this.#entries.size;
  }
}

