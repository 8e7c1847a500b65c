/**
 * Rescoring both stores apply the same way, in the same single query: an optional ranking prior
 * (points whose payload `key` equals `value` have their score multiplied by `factor`; overview
 * pages get 0.7×) and, for keyword search, an optional second sparse vector over titles and
 * headings whose score is added with a weight (field-aware BM25). Qdrant runs it as a formula
 * query over prefetches; the embedded store evaluates the same arithmetic over the same
 * candidates (the top `prefetchDepth(limit)` of each list).
 */
import type { SparseVector } from '../../common/types';
import type { FieldVector, ScorePrior } from '../ports';

/**
 * The payload condition of a prior, as a Qdrant filter condition (the embedded store compiles the
 * same condition with its own filter evaluator).
 *
 * @example
 * priorCondition({ key: 'defines', any: ['topic'], factor: 1.3 }); // { key: 'defines', match: { any: ['topic'] } }
 */
export function priorCondition(prior: ScorePrior): { key: string; match: { value: string } | { any: string[] } } {
  return { key: prior.key, match: prior.any ? { any: [...prior.any] } : { value: prior.value ?? '' } };
}

/**
 * Overview chunks (`kind: overview`: a landing page's lists and tables, link lists; set at ingest)
 * score 0.7× so the chapter that teaches a topic wins over the page that lists it, while a
 * strongly matching overview still ranks. Chosen by measurement (bench:quality): 0.5–0.7 score the
 * same on every set; 0.85 left the chapter second to its module's chapter table. Collections ingested before `kind` existed match nothing: 1×.
 */
export const OVERVIEW_PRIOR: ScorePrior = { key: 'kind', value: 'overview', factor: 0.7 };

/**
 * The home page's prose (`kind: home`: the book's opening paragraphs, set at ingest) scores 0.7×:
 * a blurb previews every chapter in a few words, which BM25's length normalisation rewards, so it
 * came first over the chapter that answers. Chosen by measurement (64 new users' books, default
 * mode, MRR .867 → .870 at 0.7 and at 0.5, hit@1 .797 and .799; the books whose questions the home
 * page answers fall further at 0.5, down to −.020 MRR against −.015); the seventeen sets and the
 * sample sets do not move. Collections ingested before `home` existed hold those chunks as
 * `content`: 1×.
 */
export const HOME_PRIOR: ScorePrior = { key: 'kind', value: 'home', factor: 0.7 };

/** Weight of a title/heading BM25 match relative to a body match (keyword and hybrid modes). */
export const FIELD_WEIGHT = 1;

/**
 * Keyword prefetches go at least this deep: a point's keyword score is body + field only when it is
 * in BOTH prefetches (a point missing from one scores 0 there), so a chunk whose heading names the
 * term but whose body is one of many mentions must still be found in the body list. Sparse
 * prefetches are cheap (no payloads, no vectors). A list rescored by a prior that raises scores
 * (a definition question's) goes as deep, whatever its kind: the chunk that defines the term can
 * sit below 2 × limit before its ×1.5 and above the cut after it ("What is a ROS 2 action?" on the
 * sample book: the defining chunk is 5th in semantic mode with the prior applied to the top 100,
 * and was outside the top 12 with it applied to the top 24).
 */
export const KEYWORD_PREFETCH_DEPTH = 100;

/**
 * Candidates each prefetch hands to the rescoring step: deep enough that a demoted overview can
 * let a chapter from below the cut through, that body and heading scores add up (keyword lists),
 * and that a raising prior reaches the chunks it raises.
 *
 * @example
 * prefetchDepth(10); // 20
 * prefetchDepth(10, { keyword: true }); // 100
 * prefetchDepth(10, { priors: [{ key: 'defines', any: ['topic'], factor: 1.3 }] }); // 100
 */
export function prefetchDepth(limit: number, list: { keyword?: boolean; priors?: readonly ScorePrior[] } = {}): number {
  const depth = Math.max(limit * 2, limit + 10);
  const deep = list.keyword || list.priors?.some((prior) => prior.factor > 1);
  return deep ? Math.max(depth, KEYWORD_PREFETCH_DEPTH) : depth;
}

/**
 * The Qdrant formula (`FormulaQuery`) for a query with prefetch 0 = the main list and, when
 * `fields` is set, prefetch 1 = the field list. A point missing from a list scores 0 there. Each
 * prior multiplies the score by `1 + (factor − 1) × condition`.
 *
 * @example
 * qdrantFormula([OVERVIEW_PRIOR], null);
 * // { formula: { mult: ['$score[0]', { sum: [1, { mult: [-0.3, { key: 'kind', match: { value: 'overview' } }] }] }] }, defaults: { '$score[0]': 0 } }
 */
export function qdrantFormula(priors: readonly ScorePrior[] | null | undefined, fields: FieldVector | null | undefined): { formula: unknown; defaults: Record<string, number> } {
  const base = fields ? { sum: ['$score[0]', { mult: [fields.weight, '$score[1]'] }] } : '$score[0]';
  const factors = (priors ?? []).map((prior) => ({ sum: [1, { mult: [prior.factor - 1, priorCondition(prior)] }] }));
  const formula = factors.length > 0 ? { mult: [base, ...factors] } : base;
  return { formula, defaults: fields ? { '$score[0]': 0, '$score[1]': 0 } : { '$score[0]': 0 } };
}

/**
 * The same arithmetic for the embedded store: `(main + weight × field) × Π(matches ? factor : 1)`,
 * in f32 like Qdrant's scores. `matched[i]` says whether the point matches `priors[i]`.
 *
 * @example
 * rescore(0.5, undefined, null, [true], [OVERVIEW_PRIOR]); // 0.35 (f32)
 */
export function rescore(
  main: number | undefined,
  field: number | undefined,
  fields: FieldVector | null | undefined,
  matched: readonly boolean[],
  priors: readonly ScorePrior[] | null | undefined,
): number {
  let score = (main ?? 0) + (fields ? fields.weight * (field ?? 0) : 0);
  (priors ?? []).forEach((prior, i) => {
    if (matched[i]) score *= 1 + (prior.factor - 1);
  });
  return Math.fround(score);
}
