/**
 * Which finished searches the result cache may remember. An outcome is served either way; one
 * that is worse than the next identical search would compute must not be served again for a whole
 * TTL:
 * - a search whose reranker failed (it degraded to the first-stage order);
 * - a search that ran before the book's vocabulary was known — the first search after a deploy on
 *   Qdrant learns the collection facts alongside its query — while the question has a word the
 *   book does not use (a misspelling it would read as the book's word was searched as written), or
 *   is a definition whose subject words would weigh half (`subjectModifierWeights`: "ROS 2" in a ROS
 *   book). The words of a question's frame ("find" in "where do I find", "happen" in "what happens
 *   if") need no vocabulary: they weigh nothing in every search.
 */

/** What this module reads of a search outcome (`search-pipeline.ts` imports it, so not that type). */
interface Outcome {
  summary: { warnings: readonly { code: string }[] };
}

// Outcomes computed without the reading they would get once the vocabulary is known. A WeakSet,
// not a field: nothing of it reaches the response.
const searchedUnread = new WeakSet<Outcome>();

/** Marks `outcome` as searched before the book's vocabulary was known (see the module comment). */
export function markSearchedUnread<T extends Outcome>(outcome: T): T {
  searchedUnread.add(outcome);
  return outcome;
}

/**
 * Whether the result cache may remember `outcome`.
 *
 * @example
 * if (storableOutcome(outcome)) memory.entries.set(key, { outcome, storedAt });
 */
export function storableOutcome(outcome: Outcome): boolean {
  if (searchedUnread.has(outcome)) return false;
  // A degraded answer is not remembered: the next asker should get the reranked or expanded one.
  return !outcome.summary.warnings.some((warning) => warning.code === 'rerank_failed' || warning.code === 'expand_failed');
}
