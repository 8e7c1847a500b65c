/**
 * How much to trust a result list: score statistics, a coarse rating and a low-confidence flag
 * for `summary`, so a caller (or the LLM reading the context) can say "not in the book" instead of
 * answering from weak passages.
 */
import { readText, sourceKey, type ResultLike } from './result-fields';

/** Which kind of number `score` is; the cut-offs depend on it. */
export type ScoreScale = 'cosine' | 'fused' | 'bm25';

/** The coarse verdict on a result list. */
export type ConfidenceRating = 'high' | 'medium' | 'low' | 'none';

/** Default best-cosine below which a result list is flagged as low confidence. */
export const LOW_CONFIDENCE_SCORE = 0.4;

/** Cut-offs of {@link summarizeConfidence} (see its table). */
export const RATING_CUTOFFS = {
  cosine: { highTop: 0.7, highAvg: 0.5 },
  relativeGap: { high: 0.5, medium: 0.2 },
} as const;

/** A result for the summary: `score`, and `file_path`/`source_url`/`module` (top level or payload). */
export interface ConfidenceInput extends ResultLike {
  /** Component scores of a fused result (see `FusedPoint`); `semantic` is the raw cosine. */
  scores?: { semantic?: number | null };
}

/** Options of {@link summarizeConfidence}. */
export interface ConfidenceOptions {
  /** Best cosine below which the list is "low" (default {@link LOW_CONFIDENCE_SCORE}). */
  lowConfidenceScore?: number;
  /** What `score` is (default 'cosine'). */
  scale?: ScoreScale;
}

/** What {@link summarizeConfidence} returns. Statistics are of `score`; null when there are no results. */
export interface ConfidenceSummary {
  avg: number | null;
  min: number | null;
  max: number | null;
  /** Population standard deviation. */
  std: number | null;
  /** Distinct documents (`file_path`, else `source_url` without `#fragment`). */
  unique_sources: number;
  unique_modules: number;
  rating: ConfidenceRating;
  /** True when the rating is 'low' or 'none' (no evidence is weak evidence). */
  low_confidence: boolean;
  scale: ScoreScale;
  /** What the rating was computed from: the scores, the raw cosines of fused results, or the relative gap. */
  rated_on: 'score' | 'semantic' | 'relative_gap' | 'terms' | null;
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Absolute rating of cosine similarities. */
function rateCosine(cosines: readonly number[], lowCut: number): ConfidenceRating {
  const top = Math.max(...cosines);
  // A cut configured above the 'high' bar still wins: a list under it is never rated high.
  if (top >= Math.max(RATING_CUTOFFS.cosine.highTop, lowCut) && mean(cosines) >= RATING_CUTOFFS.cosine.highAvg) return 'high';
  return top >= lowCut ? 'medium' : 'low';
}

/** Scale-free rating: how far the best score stands out from the median of the runners-up. */
function rateRelativeGap(scores: readonly number[]): ConfidenceRating {
  const top = Math.max(...scores);
  if (!(top > 0)) return 'low';
  if (scores.length === 1) return 'medium';
  const rest = [...scores].sort((a, b) => b - a).slice(1);
  const gap = (top - median(rest)) / top;
  if (gap >= RATING_CUTOFFS.relativeGap.high) return 'high';
  return gap >= RATING_CUTOFFS.relativeGap.medium ? 'medium' : 'low';
}

/**
 * Summarizes a result list's scores and rates it.
 *
 * | scale    | rated on                                  | high                      | medium                     | low        |
 * |----------|-------------------------------------------|---------------------------|----------------------------|------------|
 * | `cosine` | `score` (cosine similarity)               | top ≥ 0.7 and avg ≥ 0.5   | top ≥ lowConfidenceScore   | otherwise  |
 * | `fused`  | `scores.semantic` of the results having it | as `cosine`               | as `cosine`                | otherwise  |
 * | `fused`, no `scores.semantic` / `bm25` | relative gap g = (top − median of the others) / top | g ≥ 0.5 | g ≥ 0.2, or a single result | otherwise, or top ≤ 0 |
 *
 * `none` when there are no results. Why per scale: a cosine has an absolute meaning (Cohere's
 * relevant passages typically score 0.4–0.8), so it is rated against fixed cut-offs. Fused scores
 * are relative by construction (min-max normalization puts the best of each list at 1; RRF only
 * sees ranks), so a fused result list is rated on the raw cosine its semantic component carried.
 * BM25 is unbounded and depends on query length and corpus statistics, so no fixed cut-off fits
 * every query; instead it is rated on separation: a top score at least twice the typical
 * runner-up (g ≥ 0.5) means the query terms concentrate in that passage, a flat list means they
 * are spread thinly (common words). A single result has nothing to compare with: 'medium'.
 *
 * @example
 * summarizeConfidence([{ score: 0.8, file_path: 'a.md', module: 'm1' }, { score: 0.6, file_path: 'b.md', module: 'm1' }]);
 * // → { avg: 0.7, min: 0.6, max: 0.8, std: 0.1, unique_sources: 2, unique_modules: 1, rating: 'high', low_confidence: false, … }
 */
export function summarizeConfidence(
  results: readonly ConfidenceInput[],
  options: ConfidenceOptions = {},
): ConfidenceSummary {
  const { lowConfidenceScore = LOW_CONFIDENCE_SCORE, scale = 'cosine' } = options;
  const scores = results.map((r) => r.score);
  const sources = new Set(results.map(sourceKey).filter((s) => s !== undefined));
  const modules = new Set(results.map((r) => readText(r, 'module')).filter((m) => m !== undefined));
  const base = { unique_sources: sources.size, unique_modules: modules.size, scale };
  if (scores.length === 0) {
    return { avg: null, min: null, max: null, std: null, ...base, rating: 'none', low_confidence: true, rated_on: null };
  }
  const avg = mean(scores);
  const std = Math.sqrt(mean(scores.map((s) => (s - avg) ** 2)));

  let rating: ConfidenceRating;
  let ratedOn: ConfidenceSummary['rated_on'];
  const cosines = results.map((r) => r.scores?.semantic).filter((s): s is number => typeof s === 'number');
  if (scale === 'cosine') {
    [rating, ratedOn] = [rateCosine(scores, lowConfidenceScore), 'score'];
  } else if (scale === 'fused' && cosines.length > 0) {
    [rating, ratedOn] = [rateCosine(cosines, lowConfidenceScore), 'semantic'];
  } else {
    [rating, ratedOn] = [rateRelativeGap(scores), 'relative_gap'];
  }
  return {
    avg,
    min: Math.min(...scores),
    max: Math.max(...scores),
    std,
    ...base,
    rating,
    low_confidence: rating === 'low',
    rated_on: ratedOn,
  };
}
