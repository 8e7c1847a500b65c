/**
 * The fake Qdrant's formula queries (score boosting, Qdrant ≥ 1.14): `query: {formula, defaults}`
 * rescoring the union of its prefetches. As in Qdrant: `"$score"` is `"$score[0]"`, `"$score[i]"`
 * is the point's score in prefetch i; any other string is a payload key read as a number; a filter
 * condition is 1.0 when the point matches it, else 0.0; a variable the point lacks takes its value
 * from `defaults`, else the request fails. Scores are f32. Decay, geo and datetime expressions are
 * not implemented (the fake says so rather than guess).
 */
import { compileFilter } from './filter';
import { isObject } from './http-io';
import { badRequest, unsupported } from './qdrant-errors';
import { idKey } from './qdrant-ids';
import type { StoredPoint } from './qdrant-types';

interface Scored {
  point: StoredPoint;
  score: number;
}

const SCORE_VAR = /^\$score(?:\[(\d+)\])?$/;
const UNARY: Record<string, (x: number) => number> = { neg: (x) => -x, abs: Math.abs, sqrt: Math.sqrt, exp: Math.exp, ln: Math.log, log10: Math.log10 };

/**
 * Rescores the union of `lists` (one per prefetch) with `query.formula`.
 *
 * @example
 * applyFormula({ formula: { mult: ['$score', 2] } }, [[{ point, score: 0.4 }]]); // [{ point, score: 0.8 }]
 */
export function applyFormula(query: Record<string, unknown>, lists: Scored[][]): Scored[] {
  if (lists.length === 0) throw badRequest('Formula queries need at least one prefetch to rescore');
  const defaults = isObject(query.defaults) ? query.defaults : {};
  const byList = lists.map((hits) => new Map(hits.map((h) => [idKey(h.point.id), h.score])));
  const union = new Map<string, StoredPoint>();
  for (const hits of lists) for (const hit of hits) union.set(idKey(hit.point.id), hit.point);
  return [...union.values()].map((point) => {
    const score = evaluate(query.formula, point, byList, defaults);
    if (!Number.isFinite(score)) throw badRequest(`The formula produced a non-finite number for point ${String(point.id)}`);
    return { point, score: Math.fround(score) };
  });
}

function evaluate(expr: unknown, point: StoredPoint, lists: Map<string, number>[], defaults: Record<string, unknown>): number {
  const rec = (e: unknown) => evaluate(e, point, lists, defaults);
  if (typeof expr === 'number') return expr;
  if (typeof expr === 'string') return variable(expr, point, lists, defaults);
  if (!isObject(expr)) throw badRequest('Invalid formula expression');
  if (Array.isArray(expr.mult)) return expr.mult.reduce((acc: number, e) => acc * rec(e), 1);
  if (Array.isArray(expr.sum)) return expr.sum.reduce((acc: number, e) => acc + rec(e), 0);
  for (const [name, fn] of Object.entries(UNARY)) if (name in expr) return fn(rec(expr[name]));
  if (isObject(expr.div)) {
    const right = rec(expr.div.right);
    if (right === 0 && typeof expr.div.by_zero_default === 'number') return expr.div.by_zero_default;
    return rec(expr.div.left) / right;
  }
  if (isObject(expr.pow)) return rec(expr.pow.base) ** rec(expr.pow.exponent);
  if ('key' in expr || 'must' in expr || 'should' in expr || 'must_not' in expr || 'has_id' in expr || 'is_empty' in expr || 'is_null' in expr) {
    return compileFilter({ must: [expr] }, 'query.formula')(point) ? 1 : 0;
  }
  throw unsupported(`The formula expression ${Object.keys(expr).join(', ')}`);
}

function variable(name: string, point: StoredPoint, lists: Map<string, number>[], defaults: Record<string, unknown>): number {
  const fallback = (): number => {
    const value = defaults[name];
    if (typeof value === 'number') return value;
    throw badRequest(`Variable "${name}" has no value for point ${String(point.id)} and no default`);
  };
  const score = SCORE_VAR.exec(name);
  if (score) {
    const index = Number(score[1] ?? 0);
    if (index >= lists.length) throw badRequest(`"${name}" refers to prefetch ${index}, but there are ${lists.length}`);
    return lists[index]!.get(idKey(point.id)) ?? fallback();
  }
  let value: unknown = point.payload;
  for (const part of name.split('.')) value = isObject(value) ? value[part] : undefined;
  if (Array.isArray(value) && value.length === 1) value = value[0];
  return typeof value === 'number' ? value : fallback();
}
