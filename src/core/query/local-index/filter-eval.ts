/**
 * Evaluates Qdrant filter JSON against the embedded index's payloads, with the server's
 * semantics (`must` all, `should` at least one, `must_not` none, `min_should`, nesting). The
 * filter is validated and compiled once per query, then run on every candidate point.
 */
import type { Payload, PointId, QdrantFilter } from '../../common/types';
import { compileFieldCondition, invalidFilter } from './field-condition';
import { isRecord, readPayloadPath } from './payload-path';

/** A compiled filter: does this point pass? */
export type PointPredicate = (payload: Payload, id: PointId) => boolean;

const FILTER_KEYS = new Set(['must', 'should', 'must_not', 'min_should']);
const UNSUPPORTED_CONDITIONS = ['has_vector', 'nested', 'slice'] as const;


/** Point ids compare by value; UUIDs case-insensitively (Qdrant parses them). */
function idKey(id: unknown): string | null {
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return `n:${id}`;
  if (typeof id === 'string') return `s:${id.toLowerCase()}`;
  return null;
}

function keyOf(condition: Record<string, unknown>, member: string, path: string): string {
  const field = condition[member];
  if (!isRecord(field) || typeof field.key !== 'string') {
    throw invalidFilter(`\`${member}\` must be an object with a string \`key\``, `${path}.${member}`);
  }
  return field.key;
}

function compileCondition(condition: unknown, path: string): PointPredicate {
  if (!isRecord(condition)) throw invalidFilter('a condition must be an object', path);
  for (const name of UNSUPPORTED_CONDITIONS) {
    if (name in condition) throw invalidFilter(`the \`${name}\` filter condition is not supported by the embedded store`, path);
  }
  if ('key' in condition) {
    const test = compileFieldCondition(condition, path);
    return (payload) => test(payload);
  }
  if ('is_empty' in condition) {
    const key = keyOf(condition, 'is_empty', path);
    // Every value at the key is null or [] (a missing key has no values, so it is empty).
    return (payload) =>
      readPayloadPath(payload, key).values.every((v) => v === null || (Array.isArray(v) && v.length === 0));
  }
  if ('is_null' in condition) {
    const key = keyOf(condition, 'is_null', path);
    return (payload) => {
      const { values, multiple } = readPayloadPath(payload, key);
      // A single value must itself be null ([null] is not null); through `[]` any null counts.
      return multiple ? values.some((v) => v === null) : values.length === 1 && values[0] === null;
    };
  }
  if ('has_id' in condition) {
    const ids = condition.has_id;
    if (!Array.isArray(ids)) throw invalidFilter('`has_id` must be an array of point ids', `${path}.has_id`);
    const wanted = new Set<string>();
    ids.forEach((id, i) => {
      const k = idKey(id);
      if (k === null) throw invalidFilter('point ids are unsigned integers or UUID strings', `${path}.has_id[${i}]`);
      wanted.add(k);
    });
    return (_payload, id) => wanted.has(idKey(id) ?? '');
  }
  const keys = Object.keys(condition);
  if (keys.every((k) => FILTER_KEYS.has(k))) return compileFilterAt(condition, path);
  throw invalidFilter(`unknown filter condition: ${keys.join(', ')}`, path);
}

/** A clause holds one condition or a list of them; null means absent. */
function compileClause(filter: Record<string, unknown>, name: string, path: string): PointPredicate[] | null {
  const clause = filter[name];
  if (clause === undefined || clause === null) return null;
  const list = Array.isArray(clause) ? clause : [clause];
  return list.map((c, i) => compileCondition(c, Array.isArray(clause) ? `${path}${name}[${i}]` : `${path}${name}`));
}

function compileFilterAt(filter: unknown, path: string): PointPredicate {
  if (!isRecord(filter)) throw invalidFilter('a filter must be an object', path || 'filter');
  const extra = Object.keys(filter).filter((k) => !FILTER_KEYS.has(k));
  if (extra.length > 0) throw invalidFilter(`unknown filter clause: ${extra.join(', ')}`, path || 'filter');
  const prefix = path ? `${path}.` : '';
  const must = compileClause(filter, 'must', prefix);
  const should = compileClause(filter, 'should', prefix);
  const mustNot = compileClause(filter, 'must_not', prefix);
  let minShould: { conditions: PointPredicate[]; minCount: number } | null = null;
  const rawMin = filter.min_should;
  if (rawMin !== undefined && rawMin !== null) {
    const at = `${prefix}min_should`;
    if (!isRecord(rawMin) || !Array.isArray(rawMin.conditions)) throw invalidFilter('`min_should` needs `conditions` (an array)', at);
    const minCount = rawMin.min_count;
    if (typeof minCount !== 'number' || !Number.isInteger(minCount) || minCount < 1) {
      throw invalidFilter('`min_should.min_count` must be an integer ≥ 1', `${at}.min_count`);
    }
    const conditions = rawMin.conditions.map((c, i) => compileCondition(c, `${at}.conditions[${i}]`));
    minShould = { conditions, minCount };
  }
  return (payload, id) => {
    if (must && !must.every((p) => p(payload, id))) return false;
    // An empty `should: []` matches nothing, as on the server (qdrant#554, "wontfix").
    if (should && !should.some((p) => p(payload, id))) return false;
    if (mustNot && mustNot.some((p) => p(payload, id))) return false;
    if (minShould) {
      let hits = 0;
      for (const p of minShould.conditions) if (p(payload, id) && ++hits >= minShould.minCount) break;
      if (hits < minShould.minCount) return false;
    }
    return true;
  };
}

/**
 * Validates and compiles a Qdrant filter; `null`/`undefined` gives `null` (no filtering).
 * Throws `invalid_request` (with `path`) on malformed JSON or on conditions the embedded store
 * cannot evaluate (geo, values_count, nested, has_vector, slice).
 *
 * @example
 * const pass = compileFilter({ must: [{ key: 'chapter', match: { value: 'ros2' } }] });
 * pass?.({ chapter: 'ros2' }, 1); // true
 */
export function compileFilter(filter: QdrantFilter | null | undefined): PointPredicate | null {
  if (filter === null || filter === undefined) return null;
  return compileFilterAt(filter, '');
}

/**
 * One-off check of a payload against a filter (compiles on every call; prefer `compileFilter`
 * in loops).
 *
 * @example
 * matchesFilter({ must_not: [{ is_empty: { key: 'tags' } }] }, { tags: ['a'] }, 7); // true
 */
export function matchesFilter(filter: QdrantFilter | null | undefined, payload: Payload, id: PointId): boolean {
  const pass = compileFilter(filter);
  return pass === null || pass(payload, id);
}
