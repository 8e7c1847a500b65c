/**
 * Warnings returned next to the results: non-fatal notes a caller (or the LLM reading the
 * context) should see — nothing passed the threshold, the answer is probably not in the book, the
 * sources are all alike, the reranker failed, the query's words are unknown to the model.
 */
import { LOW_CONFIDENCE_SCORE, summarizeConfidence, type ConfidenceInput, type ConfidenceSummary, type ScoreScale } from './confidence';
import { sourceKey } from './result-fields';

/** A non-fatal note for the caller, returned next to the results. */
export interface SearchWarning {
  code: 'low_diversity' | 'low_confidence' | 'all_below_threshold' | 'rerank_failed' | 'expand_failed' | 'no_match' | 'deprecated_alias' | 'ignored_parameter' | 'filter_matched_nothing';
  message: string;
  details?: Record<string, unknown>;
}

/** Input of {@link buildWarnings}. */
export interface WarningInput {
  /** The results about to be returned, best first. */
  results: readonly ConfidenceInput[];
  /** Candidates dropped by the score threshold, if any. */
  belowThreshold?: { count: number; highestScore: number | null; threshold: number };
  /** The search mode used (only to avoid suggesting the mode already in use). */
  mode?: string;
  /** A filter is applied (so `low_diversity` does not suggest adding one). */
  filtered?: boolean;
  /** Reused when given; otherwise computed from `results` with `scale` / `lowConfidenceScore`. */
  summary?: ConfidenceSummary;
  scale?: ScoreScale;
  lowConfidenceScore?: number;
}

/** How many of the top results `low_diversity` looks at. */
export const DIVERSITY_WINDOW = 5;

const fmt = (x: number): string => x.toFixed(4);

/**
 * Warnings about a result list, in a fixed order: `all_below_threshold` (nothing returned because
 * every candidate scored under the threshold; with the count, the best score and suggestions),
 * `low_confidence` (the rating is 'low', e.g. best cosine < {@link LOW_CONFIDENCE_SCORE}),
 * `low_diversity` (≥ 3 results and the top {@link DIVERSITY_WINDOW} all come from one document).
 *
 * @example
 * buildWarnings({ results: [], belowThreshold: { count: 12, highestScore: 0.31, threshold: 0.5 } })[0].code;
 * // → 'all_below_threshold'
 */
export function buildWarnings(input: WarningInput): SearchWarning[] {
  const { results, belowThreshold, mode } = input;
  const warnings: SearchWarning[] = [];

  if (results.length === 0 && belowThreshold && belowThreshold.count > 0) {
    const { count, highestScore, threshold } = belowThreshold;
    const suggestions: string[] = [];
    if (highestScore !== null) {
      // Two decimals, rounded down, so the suggested value really keeps the best candidate.
      const keep = Math.floor(highestScore * 100) / 100;
      suggestions.push(`Lower the threshold: threshold=${keep.toFixed(2)} would keep the best candidate.`);
    } else {
      suggestions.push('Lower the threshold.');
    }
    if (mode !== 'hybrid') suggestions.push('Try mode=hybrid: keyword matching finds exact terms an embedding can miss.');
    suggestions.push('Broaden the query (fewer or more general terms) or relax the filters.');
    const best = highestScore === null ? '' : ` (best: ${fmt(highestScore)})`;
    warnings.push({
      code: 'all_below_threshold',
      message: `All ${count} candidate${count === 1 ? '' : 's'} scored below the threshold ${threshold}${best}.`,
      details: { filtered: count, highest_score: highestScore, threshold, suggestions },
    });
  }

  if (results.length > 0) {
    const summary =
      input.summary ?? summarizeConfidence(results, { scale: input.scale, lowConfidenceScore: input.lowConfidenceScore });
    if (summary.low_confidence) {
      let message: string;
      let top = summary.max!;
      if (summary.rated_on === 'relative_gap') {
        message = `The best result (score ${fmt(top)}) barely stands out from the others; the answer may not be in the corpus.`;
      } else {
        if (summary.rated_on === 'semantic') {
          top = Math.max(...results.map((r) => r.scores?.semantic ?? -Infinity));
        }
        const cut = input.lowConfidenceScore ?? LOW_CONFIDENCE_SCORE;
        message = `The best semantic match has similarity ${fmt(top)}, below ${cut}; the answer may not be in the corpus.`;
      }
      warnings.push({ code: 'low_confidence', message, details: { top_score: top, rated_on: summary.rated_on } });
    }
  }

  const window = results.slice(0, DIVERSITY_WINDOW);
  if (results.length >= 3) {
    const keys = new Set(window.map(sourceKey));
    const only = [...keys][0];
    if (keys.size === 1 && only !== undefined) {
      warnings.push({
        code: 'low_diversity',
        message: `The top ${window.length} results all come from ${only}; for more varied sources use group_by=page or rerank=mmr${input.filtered ? '' : ', or add a filter'}.`,
        details: { source: only, count: window.length },
      });
    }
  }
  return warnings;
}
