/**
 * "Did you mean…" for collection names: the candidate with the smallest edit distance, if it is
 * close enough to be a plausible typo.
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
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance || (distance === bestDistance && best !== null && candidate < best)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.ceil(name.length / 2)) ? best : null;
}
