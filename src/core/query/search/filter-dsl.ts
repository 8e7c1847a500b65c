/**
 * The public filter language, translated to Qdrant filter JSON. Both stores understand that JSON,
 * so a filter means the same on Qdrant Cloud and on the embedded index. Everything is validated
 * here, with the exact path of the bad part, so callers get a 400 that says what to fix instead of
 * a 502 from Qdrant.
 *
 * ## Filter DSL
 *
 * A filter is a JSON object. Each key is either a payload key or one of the combinators `and`,
 * `or`, `not`; an object with several keys means all of them must hold (implicit AND).
 *
 * | form                                   | meaning                                       | Qdrant                                   |
 * |----------------------------------------|-----------------------------------------------|------------------------------------------|
 * | `{"module": "01-ros2"}`                | equals (string, integer or boolean)           | `{key, match: {value}}`                  |
 * | `{"module": {"eq": "01-ros2"}}`        | same, spelled out                             | `{key, match: {value}}`                  |
 * | `{"chapter": {"ne": "intro"}}`         | not equal (also true when the key is missing) | `must_not: [{key, match: {value}}]`      |
 * | `{"tags": {"any": ["ros2", "nav2"]}}`  | the value (or any array element) is one of    | `{key, match: {any}}`                    |
 * | `{"module": {"in": ["a", "b"]}}`       | alias of `any`                                | `{key, match: {any}}`                    |
 * | `{"module": {"nin": ["a", "b"]}}`      | none of (also true when the key is missing)   | `must_not: [{key, match: {any}}]`        |
 * | `{"sidebar_position": {"gte": 2, "lt": 5}}` | numeric range; any of `gt` `gte` `lt` `lte` | `{key, range: {gte, lt}}`              |
 * | `{"and": [F, …]}`                      | all of the filters                            | `must: [...]`                            |
 * | `{"or": [F, …]}`                       | at least one of the filters                   | `should: [...]`                          |
 * | `{"not": F}`                           | the filter does not hold                      | `must_not: [...]`                        |
 *
 * Rules: payload keys match `^[A-Za-z_][A-Za-z0-9_.]*$` (dots address nested fields, e.g.
 * `meta.level`); `and`, `or`, `not` are reserved. Several operators on one key all apply
 * (`{"gte": 2, "ne": 3}`). `and`/`or` need a non-empty array; `any`/`in`/`nin` a non-empty array
 * of strings or of integers; equality takes a string, an integer or a boolean (use a range for
 * fractional numbers); range bounds are finite numbers and must not describe an empty range.
 * Combinators nest at most {@link MAX_FILTER_DEPTH} objects deep; a filter holds at most
 * {@link MAX_FILTER_CONDITIONS} conditions and a value list {@link MAX_FILTER_VALUES} values (see
 * filter-limits.ts). The empty object `{}` at the top means "no filter". A bare array (`{"tags": ["a"]}`) is rejected as ambiguous: say `any`.
 *
 * @example
 * // Chapters of module 01-ros2 tagged nav2, or anything at sidebar position 1, but not drafts:
 * {"and": [
 *   {"or": [{"module": "01-ros2", "tags": {"any": ["nav2"]}}, {"sidebar_position": 1}]},
 *   {"not": {"draft": true}}
 * ]}
 */
import { RetrieverError } from '../../common/errors';
import type { QdrantFilter } from '../../common/types';
import { asAlternatives, asMust, isFilterCondition, type QdrantCondition } from './filter-clauses';
import { MAX_FILTER_CONDITIONS, MAX_FILTER_VALUES } from './filter-limits';

/** How many filter objects combinators may nest (the top-level object is level 1). */
export const MAX_FILTER_DEPTH = 8;

/** Allowed payload keys. */
export const PAYLOAD_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/** The operators a payload key accepts in an operator object. */
export const FILTER_OPERATORS = ['eq', 'ne', 'any', 'in', 'nin', 'gt', 'gte', 'lt', 'lte'] as const;
const OPERATORS = FILTER_OPERATORS;
const RANGE_OPS = ['gt', 'gte', 'lt', 'lte'] as const;

function fail(path: string, message: string, limit: Record<string, number> = {}): never {
  throw new RetrieverError('invalid_request', `Invalid filter at ${path}: ${message}`, { params: ['filter'], path, ...limit });
}

function keyPath(path: string, key: string): string {
  return PAYLOAD_KEY_PATTERN.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function matchValue(value: unknown, path: string): string | number | boolean {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(path, `${String(value)} is not a finite number`);
    if (!Number.isInteger(value)) fail(path, `equality on the fractional number ${value} is not supported; use a range ({"gte": …, "lte": …})`);
    return value;
  }
  if (Array.isArray(value)) fail(path, 'a bare array is ambiguous; use {"any": [...]} to match any of the values');
  return fail(path, `expected a string, an integer or a boolean, got ${describeType(value)}`);
}

function anyValues(value: unknown, path: string): string[] | number[] {
  if (!Array.isArray(value)) fail(path, `expected an array of strings or of integers, got ${describeType(value)}`);
  if (value.length === 0) fail(path, 'expected at least one value');
  if (value.length > MAX_FILTER_VALUES) fail(path, `at most ${MAX_FILTER_VALUES} values, got ${value.length}`, { max_values: MAX_FILTER_VALUES });
  const first = value[0];
  const kind = typeof first === 'string' ? 'string' : 'number';
  value.forEach((v, i) => {
    const at = `${path}[${i}]`;
    if (typeof v === 'number' && (!Number.isFinite(v) || !Number.isInteger(v))) fail(at, `expected an integer, got ${String(v)}`);
    if (typeof v !== 'string' && typeof v !== 'number') fail(at, `expected a string or an integer, got ${describeType(v)}`);
    if (typeof v !== kind) fail(at, `all values must have one type (the first is a ${kind})`);
  });
  return value as string[] | number[];
}

function rangeBound(value: unknown, path: string): number {
  if (typeof value !== 'number') fail(path, `expected a number, got ${describeType(value)}`);
  if (!Number.isFinite(value)) fail(path, `${String(value)} is not a finite number`);
  return value;
}

/** Conditions for one payload key: a literal (equality) or an operator object. */
function fieldConditions(key: string, spec: unknown, path: string): QdrantCondition[] {
  if (!isPlainObject(spec)) return [{ key, match: { value: matchValue(spec, path) } }];
  const ops = Object.keys(spec);
  if (ops.length === 0) fail(path, `expected at least one operator (${OPERATORS.join(', ')})`);
  for (const op of ops) {
    if (!(OPERATORS as readonly string[]).includes(op)) {
      fail(keyPath(path, op), `unknown operator "${op}"; expected one of ${OPERATORS.join(', ')}`);
    }
  }
  const out: QdrantCondition[] = [];
  if ('eq' in spec) out.push({ key, match: { value: matchValue(spec.eq, `${path}.eq`) } });
  if ('ne' in spec) out.push({ must_not: [{ key, match: { value: matchValue(spec.ne, `${path}.ne`) } }] });
  for (const op of ['any', 'in'] as const) {
    if (op in spec) out.push({ key, match: { any: anyValues(spec[op], `${path}.${op}`) } });
  }
  if ('nin' in spec) out.push({ must_not: [{ key, match: { any: anyValues(spec.nin, `${path}.nin`) } }] });

  const range: Partial<Record<(typeof RANGE_OPS)[number], number>> = {};
  for (const op of RANGE_OPS) if (op in spec) range[op] = rangeBound(spec[op], `${path}.${op}`);
  if (Object.keys(range).length > 0) {
    const lower = range.gte ?? range.gt;
    const upper = range.lte ?? range.lt;
    const strict = range.gte === undefined || range.lte === undefined;
    if (lower !== undefined && upper !== undefined && (lower > upper || (lower === upper && strict))) {
      fail(path, `the range is empty (${JSON.stringify(range)}), so nothing could match`);
    }
    out.push({ key, range });
  }
  return out;
}

/** Conditions translated so far in one filter, against {@link MAX_FILTER_CONDITIONS}. */
type Tally = { conditions: number };

function translateNode(node: unknown, path: string, depth: number, tally: Tally): QdrantFilter {
  if (!isPlainObject(node)) fail(path, `expected a filter object, got ${describeType(node)}`);
  if (depth > MAX_FILTER_DEPTH) fail(path, `filters may nest at most ${MAX_FILTER_DEPTH} levels deep`);
  const keys = Object.keys(node);
  if (keys.length === 0) fail(path, 'empty filter object');

  const must: QdrantCondition[] = [];
  for (const key of keys) {
    const value = node[key];
    const at = keyPath(path, key);
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value)) fail(at, `expected an array of filters, got ${describeType(value)}`);
      if (value.length === 0) fail(at, `"${key}" needs at least one filter`);
      const parts = value.map((child, i) => translateNode(child, `${at}[${i}]`, depth + 1, tally));
      if (key === 'and') must.push(...parts.flatMap(asMust));
      else if (parts.length === 1) must.push(...asMust(parts[0]!));
      else must.push({ should: parts.flatMap(asAlternatives) });
    } else if (key === 'not') {
      must.push({ must_not: asAlternatives(translateNode(value, at, depth + 1, tally)) });
    } else {
      // A key JSON may carry but no object keeps: a body's record parse drops it (it sets a prototype),
      // so it is refused by name wherever it stands, and a GET and a POST answer alike.
      if (key === '__proto__') fail(at, '"__proto__" is not a payload key a filter can name');
      if (!PAYLOAD_KEY_PATTERN.test(key)) {
        fail(at, `"${key}" is not a valid payload key (letters, digits, "_" and ".", not starting with a digit)`);
      }
      const conditions = fieldConditions(key, value, at);
      // Counted as it goes, so an over-broad filter is refused at its 65th condition, not after all.
      tally.conditions += conditions.length;
      if (tally.conditions > MAX_FILTER_CONDITIONS) fail(at, `a filter may hold at most ${MAX_FILTER_CONDITIONS} conditions`, { max_conditions: MAX_FILTER_CONDITIONS });
      must.push(...conditions);
    }
  }
  const single = must.length === 1 ? must[0]! : undefined;
  return single !== undefined && isFilterCondition(single) ? single : { must };
}

/**
 * Translates a DSL filter (see the module doc) into Qdrant filter JSON. `{}` → `{}` (no filter).
 *
 * @throws RetrieverError `invalid_request` with `details: { params: ['filter'], path }`, where `path`
 *   points at the offending part, e.g. `filter.or[1].not.sidebar_position.gte`.
 * @example
 * translateFilter({ or: [{ module: '01-ros2' }, { not: { chapter: 'intro' } }] });
 * // → { should: [{ key: 'module', match: { value: '01-ros2' } },
 * //               { must_not: [{ key: 'chapter', match: { value: 'intro' } }] }] }
 */
export function translateFilter(dsl: unknown, path = 'filter'): QdrantFilter {
  if (isPlainObject(dsl) && Object.keys(dsl).length === 0) return {};
  return translateNode(dsl, path, 1, { conditions: 0 });
}

/**
 * Parses a filter given as a JSON string (e.g. the `filter` query parameter) and translates it.
 *
 * @throws RetrieverError `invalid_request` when the text is not JSON or the filter is invalid.
 * @example
 * parseFilter('{"module":"01-ros2"}'); // → { must: [{ key: 'module', match: { value: '01-ros2' } }] }
 */
export function parseFilter(json: string, path = 'filter'): QdrantFilter {
  let dsl: unknown;
  try {
    dsl = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RetrieverError('invalid_request', `Invalid filter at ${path}: not valid JSON (${reason})`, {
      params: ['filter'],
      path,
    });
  }
  return translateFilter(dsl, path);
}
