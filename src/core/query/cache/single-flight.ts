/**
 * Single flight: concurrent callers asking for the same key share one in-flight computation
 * instead of each paying an upstream call (issue 10: 8 concurrent identical misses used to make
 * 8 Cohere calls). The entry is dropped when the work settles, so this never caches results and a
 * failure is not remembered: the next caller tries again.
 *
 * In workerd a promise created by one request may be awaited by another: its continuations run in
 * the awaiting request (`handle_cross_request_promise_resolution`, default since 2024-10-14).
 * The owner keeps the shared work alive past its own response via `keepAlive` (`waitUntil`), so a
 * cancelled owner cannot leave the joiners waiting.
 */
import type { InFlight } from '../ports';

/** A keyed table of in-flight promises. */
export class SingleFlight<T> implements InFlight<T> {
  readonly #inFlight = new Map<string, Promise<T>>();

  /**
   * Runs `work` unless the same key is already running; `shared` tells whether this caller joined
   * another caller's computation.
   *
   * @example
   * const { value, shared } = await flights.run(key, () => embed(q), (p) => ctx.waitUntil(p));
   */
  async run(key: string, work: () => Promise<T>, keepAlive?: (work: Promise<unknown>) => void): Promise<{ value: T; shared: boolean }> {
    const running = this.#inFlight.get(key);
    if (running) return { value: await running, shared: true };
    const promise = work().finally(() => {
      if (this.#inFlight.get(key) === promise) this.#inFlight.delete(key);
    });
    this.#inFlight.set(key, promise);
    keepAlive?.(promise.catch(() => undefined));
    return { value: await promise, shared: false };
  }

  /** Whether a computation of `key` is running (a caller may skip slower sources and join it). */
  has(key: string): boolean {
    return this.#inFlight.has(key);
  }

  /** Number of computations in flight (tests and benchmarks read it). */
  get size(): number {
    return this.#inFlight.size;
  }

  /** Forgets every in-flight entry (the promises still settle for their callers). */
  clear(): void {
    this.#inFlight.clear();
  }
}
