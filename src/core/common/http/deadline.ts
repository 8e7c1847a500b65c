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
 * `parent`'s budget less `reserveMs`: for a call that must leave time to the work after it.
 *
 * @example
 * const rerankDeadline = deadlineBefore(deadline, 2000); // ends 2 s before the request's
 */
export function deadlineBefore(parent: Deadline, reserveMs: number): Deadline {
  return { remaining: () => Math.max(0, parent.remaining() - reserveMs), elapsed: () => parent.elapsed() };
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
