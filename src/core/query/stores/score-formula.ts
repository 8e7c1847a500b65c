/**
 * Rescoring both stores apply the same way, in the same single query: an optional ranking prior
 * (points whose payload `key` equals `value` have their score multiplied by `factor`; overview
 * pages get 0.7×) and, for keyword search, an optional second sparse vector over titles and
 * headings whose score is added with a weight (field-aware BM25). Qdrant runs it as a formula
 * query over prefetches; the embedded store evaluates the same arithmetic over the same
 * candidates (the top `prefetchDepth(limit)` of each list).
 */
import type { SparseVector } from '../../common/types';

/** Multiplies the score of points whose payload `key` equals `value` by `factor`. */
export interface ScorePrior {
  key: string;
  value: string;
  factor: number;
}

/** A second sparse vector searched alongside a keyword query; its score is added × `weight`. */
export interface FieldVector {
  vector: SparseVector;
  using: string;
  weight: number;
}

/**
 * Overview chunks (`kind: overview`: a landing page's lists and tables, link lists; set at ingest)
 * score 0.7× so the chapter that teaches a topic wins over the page that lists it, while a
 * strongly matching overview still ranks. Chosen by measurement (bench:quality): 0.5–0.7 score the
 * same on every set; 0.85 left the chapter second to its module's chapter table. Collections ingested before `kind` existed match nothing: 1×.
 */
export const OVERVIEW_PRIOR: ScorePrior = { key: 'kind', value: 'overview', factor: 0.7 };

/** Weight of a title/heading BM25 match relative to a body match (keyword and hybrid modes). */
export const FIELD_WEIGHT = 1;

/**
 * Candidates each prefetch hands to the rescoring step: deep enough that a demoted overview can
 * let a chapter from below the cut through.
 *
 * @example
 * prefetchDepth(10); // 20
 */
export function prefetchDepth(limit: number): number {
  return Math.max(limit * 2, limit + 10);
}

/**
 * The Qdrant formula (`FormulaQuery`) for a query with prefetch 0 = the main list and, when
 * `fields` is set, prefetch 1 = the field list. A point missing from a list scores 0 there.
 *
 * @example
 * qdrantFormula(OVERVIEW_PRIOR, null);
 * // { formula: { mult: ['$score[0]', { sum: [1, { mult: [-0.2, { key: 'kind', match: { value: 'overview' } }] }] }] }, defaults: { '$score[0]': 0 } }
 */
export function qdrantFormula(prior: ScorePrior | null | undefined, fields: FieldVector | null | undefined): { formula: unknown; defaults: Record<string, number> } {
  const base = fields ? { sum: ['$score[0]', { mult: [fields.weight, '$score[1]'] }] } : '$score[0]';
  const formula = prior
    ? { mult: [base, { sum: [1, { mult: [prior.factor - 1, { key: prior.key, match: { value: prior.value } }] }] }] }
    : base;
  return { formula, defaults: fields ? { '$score[0]': 0, '$score[1]': 0 } : { '$score[0]': 0 } };
}

/**
 * The same arithmetic for the embedded store: `(main + weight × field) × (matches ? factor : 1)`,
 * in f32 like Qdrant's scores.
 *
 * @example
 * rescore(0.5, undefined, null, true, OVERVIEW_PRIOR); // 0.4 (f32)
 */
export function rescore(main: number | undefined, field: number | undefined, fields: FieldVector | null | undefined, matchesPrior: boolean, prior: ScorePrior | null | undefined): number {
  const base = (main ?? 0) + (fields ? fields.weight * (field ?? 0) : 0);
  return Math.fround(prior && matchesPrior ? base * (1 + (prior.factor - 1)) : base);
}
