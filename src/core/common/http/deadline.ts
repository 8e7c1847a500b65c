/**
 * A request-wide time budget. Every upstream call and every retry wait is cut to what is left,
 * so a search always ends within `REQUEST_BUDGET_MS` however upstreams misbehave.
 */

/** Remaining-time bookkeeping for one request. */
export interface Deadline {
  /** Milliseconds left (never negative). */
  remaining(): number;
  /** Milliseconds since the deadline was created. */
  elapsed(): number;
}

/**
 * Starts a budget of `budgetMs` from now.
 *
 * @example
 * const deadline = createDeadline(10_000);
 * await sleep(Math.min(wait, deadline.remaining()));
 */
export function createDeadline(budgetMs: number, now: () => number = () => Date.now()): Deadline {
  const start = now();
  return {
    remaining: () => Math.max(0, budgetMs - (now() - start)),
    elapsed: () => now() - start,
  };
}
