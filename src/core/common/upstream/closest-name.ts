/**
 * "Did you mean…": the candidate with the smallest edit distance, if it is close enough to be a
 * plausible typo — for collection names (the cluster's), and for the names a caller types (API
 * parameters, CLI flags).
 */

/** Levenshtein distance (two-row dynamic programming). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * The closest candidate to `name` (case-insensitive), or null if none is within half its length.
 *
 * @example
 * closestName('textbook_chunk', ['textbook_chunks', 'other']); // 'textbook_chunks'
 */
export function closestName(name: string, candidates: readonly string[]): string | null {
  const found = nearest(name.toLowerCase(), candidates, (candidate) => candidate.toLowerCase());
  return found !== null && found.distance <= Math.max(2, Math.ceil(name.length / 2)) ? found.name : null;
}

/**
 * The candidate closest to `typed` by edit distance (as `key` spells it), ties to the first in
 * alphabetical order, with its distance; null for no candidates. The argmin both suggestions share.
 */
function nearest(typed: string, candidates: readonly string[], key: (candidate: string) => string = (candidate) => candidate): { name: string; distance: number } | null {
  let best: { name: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(typed, key(candidate));
    if (best === null || distance < best.distance || (distance === best.distance && candidate < best.name)) best = { name: candidate, distance };
  }
  return best;
}

/**
 * The name among `names` that `typed` is a typo of: the closest by edit distance (ties: the first
 * in alphabetical order), within 2 edits and half the typed length, case-sensitive as JSON keys and
 * flags are. Stricter than {@link closestName}: a parameter or flag name is short, so `x` is no
 * typo of `k`, nor `bogus` of `tags`, though 1 and 3 edits apart.
 *
 * @example
 * typoOf('kk', ['k', 'mode']); // 'k'
 * typoOf('x', ['k', 'mode']); // null
 */
export function typoOf(typed: string, names: readonly string[]): string | null {
  const found = nearest(typed, names);
  return found !== null && found.distance <= Math.min(2, typed.length / 2) ? found.name : null;
}
