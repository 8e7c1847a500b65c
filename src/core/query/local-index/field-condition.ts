/**
 * Qdrant's `FieldCondition` (`{key, match | range | is_empty | is_null}`) compiled once into a
 * payload predicate. Semantics follow the server's condition checker: a condition holds when
 * ANY value at the key matches, an array value matches when any element does, and a missing key
 * matches nothing (except `is_empty: true` / `is_null: false`).
 */
import { RetrieverError } from '../../common/errors';
import type { Payload } from '../../common/types';
import { isRecord, readPayloadPath } from './payload-path';

/** A predicate over one value found at the condition's key. */
type ValueTest = (value: unknown) => boolean;

/** Field-condition members we cannot evaluate without Qdrant's geo/count machinery. */
const UNSUPPORTED_MEMBERS = ['geo_bounding_box', 'geo_radius', 'geo_polygon', 'values_count'] as const;

/**
 * The 400 a filter the embedded index cannot evaluate gets, with the JSON path of the clause.
 *
 * @example
 * invalidFilter('`match` needs one of value, any, except, text', 'must[0].match');
 */
export function invalidFilter(message: string, path: string): RetrieverError {
  return new RetrieverError('invalid_request', message, { params: ['filter'], path });
}

/** Qdrant's `as_i64()`: only integral numbers compare equal to integer match values. */
function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** `AnyVariants`: a list of strings or a list of integers, never mixed. */
function parseAnyList(list: unknown, path: string): { strings: Set<string> } | { ints: Set<number> } {
  if (!Array.isArray(list)) throw invalidFilter('expected an array of strings or of integers', path);
  if (list.every((v) => typeof v === 'string')) return { strings: new Set(list as string[]) };
  if (list.every(isInteger)) return { ints: new Set(list as number[]) };
  throw invalidFilter('expected an array of strings or of integers (not mixed)', path);
}

function compileMatch(match: Record<string, unknown>, path: string): ValueTest {
  if ('value' in match) {
    const expected = match.value;
    if (typeof expected === 'string' || typeof expected === 'boolean') return (v) => v === expected;
    if (isInteger(expected)) return (v) => isInteger(v) && v === expected;
    throw invalidFilter('`match.value` must be a string, an integer or a boolean', `${path}.value`);
  }
  if (typeof match.text === 'string' || typeof match.phrase === 'string') {
    // Without a full-text index Qdrant falls back to a plain substring test for both.
    const needle = (match.text ?? match.phrase) as string;
    return (v) => typeof v === 'string' && v.includes(needle);
  }
  if (typeof match.text_any === 'string') {
    const tokens = match.text_any.split(/\s+/).filter(Boolean);
    return (v) => typeof v === 'string' && tokens.some((t) => v.includes(t));
  }
  if (typeof match.prefix === 'string') {
    const prefix = match.prefix;
    return (v) => typeof v === 'string' && v.startsWith(prefix);
  }
  if ('any' in match) {
    const list = parseAnyList(match.any, `${path}.any`);
    if ('strings' in list) return (v) => typeof v === 'string' && list.strings.has(v);
    return (v) => isInteger(v) && list.ints.has(v);
  }
  if ('except' in match) {
    const list = parseAnyList(match.except, `${path}.except`);
    // Mirrors the server: null never matches `except`; a value of the other type always does.
    return (v) => {
      if (v === null) return false;
      if ('strings' in list) return typeof v === 'string' ? !list.strings.has(v) : true;
      if (typeof v === 'number') return isInteger(v) ? !list.ints.has(v) : true;
      return true;
    };
  }
  throw invalidFilter(`unsupported match: ${Object.keys(match).join(', ') || '{}'}`, path);
}

function compileRange(range: Record<string, unknown>, path: string): ValueTest {
  const bounds = (['gt', 'gte', 'lt', 'lte'] as const).filter((b) => range[b] !== undefined && range[b] !== null);
  const unknownKeys = Object.keys(range).filter((k) => !['gt', 'gte', 'lt', 'lte'].includes(k));
  if (unknownKeys.length > 0) throw invalidFilter(`unknown range bound: ${unknownKeys.join(', ')}`, path);
  const isDatetime = bounds.some((b) => typeof range[b] === 'string');
  const limits: Partial<Record<(typeof bounds)[number], number>> = {};
  for (const b of bounds) {
    const raw = range[b];
    const n = isDatetime ? (typeof raw === 'string' ? Date.parse(raw) : NaN) : typeof raw === 'number' ? raw : NaN;
    if (Number.isNaN(n)) {
      throw invalidFilter(isDatetime ? 'range bounds must all be RFC 3339 date-times' : 'range bounds must be numbers', `${path}.${b}`);
    }
    limits[b] = n;
  }
  const { gt, gte, lt, lte } = limits;
  const inRange = (x: number): boolean =>
    (gt === undefined || x > gt) && (gte === undefined || x >= gte) && (lt === undefined || x < lt) && (lte === undefined || x <= lte);
  if (isDatetime) {
    return (v) => {
      if (typeof v !== 'string') return false;
      const t = Date.parse(v);
      return !Number.isNaN(t) && inRange(t);
    };
  }
  return (v) => typeof v === 'number' && inRange(v);
}

/** The inline `{key, is_empty: bool}` form, judged per value like the server's `check_is_empty`. */
function emptyTest(flag: boolean): ValueTest {
  return (v) => (v === null ? flag : Array.isArray(v) ? (v.length === 0) === flag : !flag);
}

/** The inline `{key, is_null: bool}` form (an array counts as null when it contains a null). */
function nullTest(flag: boolean): ValueTest {
  return (v) => (v === null ? flag : Array.isArray(v) ? v.some((x) => x === null) === flag : !flag);
}

/**
 * Compiles one `FieldCondition` into a payload predicate.
 *
 * @example
 * const test = compileFieldCondition({ key: 'tags', match: { value: 'ros2' } }, 'must[0]');
 * test({ tags: ['ros2', 'nav2'] }); // true
 */
export function compileFieldCondition(condition: Record<string, unknown>, path: string): (payload: Payload) => boolean {
  const key = condition.key;
  if (typeof key !== 'string' || key === '') throw invalidFilter('a field condition needs a non-empty string `key`', `${path}.key`);
  for (const member of UNSUPPORTED_MEMBERS) {
    if (condition[member] !== undefined && condition[member] !== null) {
      throw invalidFilter(`the \`${member}\` filter condition is not supported by the embedded store`, `${path}.${member}`);
    }
  }
  const known = new Set(['key', 'match', 'range', 'is_empty', 'is_null', ...UNSUPPORTED_MEMBERS]);
  const unknownKeys = Object.keys(condition).filter((k) => !known.has(k));
  if (unknownKeys.length > 0) throw invalidFilter(`unknown field condition member: ${unknownKeys.join(', ')}`, path);

  const { match, range, is_empty: isEmpty, is_null: isNull } = condition;
  // A special form (is_empty / is_null) replaces the value tests, as in the server's `check`.
  let perValue: ValueTest;
  let whenMissing = false;
  if (typeof isEmpty === 'boolean') {
    perValue = emptyTest(isEmpty);
    whenMissing = isEmpty;
  } else if (typeof isNull === 'boolean') {
    perValue = nullTest(isNull);
    whenMissing = !isNull;
  } else {
    const tests: ValueTest[] = [];
    if (isRecord(match)) tests.push(compileMatch(match, `${path}.match`));
    else if (match !== undefined && match !== null) throw invalidFilter('`match` must be an object', `${path}.match`);
    if (isRecord(range)) tests.push(compileRange(range, `${path}.range`));
    else if (range !== undefined && range !== null) throw invalidFilter('`range` must be an object', `${path}.range`);
    if (tests.length === 0) throw invalidFilter(`the condition on \`${key}\` has no match, range, is_empty or is_null`, path);
    const checkOne: ValueTest = tests.length === 1 ? tests[0]! : (v) => tests.some((t) => t(v));
    // An array value matches when any element does (arrays inside arrays are not flattened).
    perValue = (v) => (Array.isArray(v) ? v.some(checkOne) : checkOne(v));
  }
  return (payload) => {
    const { values } = readPayloadPath(payload, key);
    if (values.length === 0) return whenMissing;
    return values.some(perValue);
  };
}
