/**
 * The fake Qdrant's own filter evaluator, written from Qdrant's documented semantics (and its
 * `condition_checker.rs`), deliberately independent of the product's filter code so a bug there
 * cannot hide in both. Shapes were already checked against the OpenAPI schema; this adds the
 * semantic checks the server makes and turns a filter into a predicate.
 */
import { isObject } from './http-io';
import { unsupported, validatorError } from './qdrant-errors';
import { idKey } from './qdrant-ids';
import type { PointId, StoredPoint } from './qdrant-types';

/** A compiled filter. */
export type PointPredicate = (point: StoredPoint) => boolean;
type ValueTest = (payload: Record<string, unknown>, point: StoredPoint) => boolean;

const FIELD_TESTS = ['match', 'range', 'geo_bounding_box', 'geo_radius', 'geo_polygon', 'values_count', 'is_empty', 'is_null'];

/**
 * Compiles a Qdrant `Filter` (or undefined/null: everything passes).
 *
 * @example
 * const keep = compileFilter({ must: [{ key: 'chapter', match: { value: 'ros2' } }] });
 */
export function compileFilter(filter: unknown, path = 'filter'): PointPredicate {
  if (filter === undefined || filter === null) return () => true;
  const test = compileFilterObject(filter as Record<string, unknown>, path);
  return (point) => test(point.payload, point);
}

function compileFilterObject(filter: Record<string, unknown>, path: string): ValueTest {
  const list = (key: string): ValueTest[] | undefined => {
    const raw = filter[key];
    if (raw === undefined || raw === null) return undefined;
    const items = Array.isArray(raw) ? raw : [raw];
    return items.map((c, i) => compileCondition(c, Array.isArray(raw) ? `${path}.${key}[${i}]` : `${path}.${key}`));
  };
  const must = list('must');
  const should = list('should');
  const mustNot = list('must_not');
  const minShould = isObject(filter.min_should) ? filter.min_should : undefined;
  const minConditions = minShould
    ? (minShould.conditions as unknown[]).map((c, i) => compileCondition(c, `${path}.min_should.conditions[${i}]`))
    : undefined;
  const minCount = minShould ? (minShould.min_count as number) : 0;
  return (payload, point) =>
    // Qdrant: an empty `should` list matches nothing (`any` over no conditions).
    (should === undefined || should.some((t) => t(payload, point))) &&
    (minConditions === undefined || minConditions.filter((t) => t(payload, point)).length >= minCount) &&
    (must === undefined || must.every((t) => t(payload, point))) &&
    (mustNot === undefined || mustNot.every((t) => !t(payload, point)));
}

function compileCondition(condition: unknown, path: string): ValueTest {
  const c = condition as Record<string, unknown>;
  if (typeof c.key === 'string') return compileField(c, path);
  if (isObject(c.is_empty)) {
    const key = String(c.is_empty.key);
    return (payload) => valuesAt(payload, key).every((v) => v === null || (Array.isArray(v) && v.length === 0));
  }
  if (isObject(c.is_null)) {
    const key = String(c.is_null.key);
    return (payload) => valuesAt(payload, key).some(isNullish);
  }
  if (Array.isArray(c.has_id)) {
    const keys = new Set((c.has_id as PointId[]).map(idKey));
    return (_payload, point) => keys.has(idKey(point.id));
  }
  if (typeof c.has_vector === 'string') {
    const name = c.has_vector;
    return (_payload, point) => point.dense.has(name) || point.sparse.has(name);
  }
  if (isObject(c.nested)) {
    const key = String(c.nested.key);
    const inner = compileFilterObject(c.nested.filter as Record<string, unknown>, `${path}.nested.filter`);
    return (payload, point) =>
      valuesAt(payload, key.replace(/\[\]$/, '')).some((v) => (Array.isArray(v) ? v : [v]).some((el) => isObject(el) && inner(el, point)));
  }
  if ('must' in c || 'should' in c || 'must_not' in c || 'min_should' in c) return compileFilterObject(c, path);
  throw unsupported(`The filter condition at ${path}`);
}

function compileField(c: Record<string, unknown>, path: string): ValueTest {
  const present = FIELD_TESTS.filter((k) => c[k] !== undefined && c[k] !== null);
  if (present.length === 0) throw validatorError(`${path}.match`, 'At least one field condition must be specified');
  if (present.some((k) => k.startsWith('geo_'))) throw unsupported('Geo filtering');
  const key = c.key as string;
  const isEmpty = c.is_empty as boolean | undefined | null;
  const isNull = c.is_null as boolean | undefined | null;
  const count = isObject(c.values_count) ? c.values_count : undefined;
  const matchOne = compileMatchOrRange(c);
  return (payload) => {
    const values = valuesAt(payload, key);
    if (values.length === 0) {
      // A missing field: Qdrant's `check_empty` (only emptiness-type conditions can hold).
      if (count) return inRange(0, count);
      if (typeof isEmpty === 'boolean') return isEmpty;
      if (typeof isNull === 'boolean') return !isNull;
      return false;
    }
    return values.some((v) => {
      if (count) return inRange(v === null ? 0 : Array.isArray(v) ? v.length : 1, count);
      if (typeof isEmpty === 'boolean') return (v === null || (Array.isArray(v) && v.length === 0)) === isEmpty;
      if (typeof isNull === 'boolean') return isNullish(v) === isNull;
      // An array field matches when any element matches (arrays inside arrays are not flattened).
      return Array.isArray(v) ? v.some(matchOne) : matchOne(v);
    });
  };
}

/** `match` and `range` on one value; Qdrant ORs them when both are given. */
function compileMatchOrRange(c: Record<string, unknown>): (v: unknown) => boolean {
  const match = isObject(c.match) ? c.match : undefined;
  const range = isObject(c.range) ? c.range : undefined;
  return (v) => (match !== undefined && checkMatch(match, v)) || (range !== undefined && checkRange(range, v));
}

function checkMatch(m: Record<string, unknown>, v: unknown): boolean {
  if ('value' in m) return v === m.value && (typeof v !== 'number' || Number.isInteger(v));
  if (Array.isArray(m.any)) return (m.any as unknown[]).some((x) => x === v && (typeof v !== 'number' || Number.isInteger(v)));
  if (Array.isArray(m.except)) {
    const list = m.except as unknown[];
    const integers = list.length > 0 && typeof list[0] === 'number';
    if (v === null) return false;
    if (typeof v === 'string' && !integers) return !list.includes(v);
    if (typeof v === 'number' && integers) return !Number.isInteger(v) || !list.includes(v);
    return true;
  }
  if (typeof v !== 'string') return false;
  if (typeof m.text === 'string') return v.includes(m.text);
  if (typeof m.phrase === 'string') return v.includes(m.phrase);
  if (typeof m.text_any === 'string') return m.text_any.split(/\s+/).filter(Boolean).some((t) => v.includes(t));
  if (typeof m.prefix === 'string') return v.startsWith(m.prefix);
  return false;
}

function checkRange(r: Record<string, unknown>, v: unknown): boolean {
  const bounds = ['gt', 'gte', 'lt', 'lte'].filter((k) => r[k] !== undefined && r[k] !== null);
  const datetime = bounds.some((k) => typeof r[k] === 'string');
  const toNumber = (x: unknown): number => (datetime ? (typeof x === 'string' ? Date.parse(x) : Number.NaN) : typeof x === 'number' ? x : Number.NaN);
  const value = toNumber(v);
  if (Number.isNaN(value)) return false;
  return inRange(value, Object.fromEntries(bounds.map((k) => [k, toNumber(r[k])])));
}

function inRange(x: number, r: Record<string, unknown>): boolean {
  const n = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : undefined);
  const [gt, gte, lt, lte] = [n('gt'), n('gte'), n('lt'), n('lte')];
  return (gt === undefined || x > gt) && (gte === undefined || x >= gte) && (lt === undefined || x < lt) && (lte === undefined || x <= lte);
}

function isNullish(v: unknown): boolean {
  return v === null || (Array.isArray(v) && v.some((x) => x === null));
}

/**
 * Values at a payload path: `a.b` walks objects (and, leniently, arrays of objects on the way);
 * `a[].b` flattens the array `a`. A missing key yields no value; an explicit null yields null.
 */
export function valuesAt(payload: Record<string, unknown>, key: string): unknown[] {
  let values: unknown[] = [payload];
  for (const segment of key.split('.')) {
    const flatten = segment.endsWith('[]');
    const name = flatten ? segment.slice(0, -2) : segment;
    const next: unknown[] = [];
    const visit = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (isObject(v) && name in v) {
        const x = v[name];
        if (flatten && Array.isArray(x)) next.push(...(x as unknown[]));
        else next.push(x);
      }
    };
    values.forEach(visit);
    values = next;
  }
  return values;
}
