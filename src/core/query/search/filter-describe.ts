/**
 * Human-readable lines for `summary.filters`, so a caller can see which constraints were applied
 * (shortcuts and DSL together) without reading Qdrant JSON.
 */
import type { QdrantFilter } from '../../common/types';
import { clauseList, isFilterCondition, type QdrantCondition } from './filter-clauses';

const SYMBOLS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
type Bound = keyof typeof SYMBOLS;

/** `2 <= key < 5` for a two-sided range, else `key >= 2` (several one-sided bounds joined by AND). */
function rangeText(key: string, range: Record<string, unknown>): string {
  const set = (Object.keys(SYMBOLS) as Bound[]).filter((b) => range[b] !== undefined && range[b] !== null);
  const lower = set.find((b) => b === 'gt' || b === 'gte');
  const upper = set.find((b) => b === 'lt' || b === 'lte');
  if (set.length === 2 && lower && upper) {
    return `${String(range[lower])} ${lower === 'gte' ? '<=' : '<'} ${key} ${SYMBOLS[upper]} ${String(range[upper])}`;
  }
  return set.map((b) => `${key} ${SYMBOLS[b]} ${String(range[b])}`).join(' AND ');
}

function fieldText(c: Record<string, unknown>): string {
  const key = String(c.key);
  const match = c.match as Record<string, unknown> | undefined;
  if (match && 'value' in match) return `${key} = ${JSON.stringify(match.value)}`;
  if (match && 'any' in match) return `${key} in ${JSON.stringify(match.any)}`;
  if (match && 'except' in match) return `${key} not in ${JSON.stringify(match.except)}`;
  if (c.range && typeof c.range === 'object') return rangeText(key, c.range as Record<string, unknown>);
  return JSON.stringify(c);
}

function conditionText(c: QdrantCondition): string {
  if (isFilterCondition(c)) {
    const parts = filterParts(c);
    return parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`;
  }
  return 'key' in c ? fieldText(c as Record<string, unknown>) : JSON.stringify(c);
}

function filterParts(filter: QdrantFilter): string[] {
  const parts = clauseList(filter.must).map(conditionText);
  const should = clauseList(filter.should).map(conditionText);
  if (should.length === 1) parts.push(should[0]!);
  else if (should.length > 1) parts.push(`(${should.join(' OR ')})`);
  for (const c of clauseList(filter.must_not)) {
    const text = conditionText(c);
    parts.push(text.startsWith('(') ? `NOT ${text}` : `NOT (${text})`);
  }
  const min = filter.min_should;
  if (min && typeof min === 'object' && 'conditions' in min) {
    parts.push(`at least ${String(min.min_count)} of (${clauseList(min.conditions as QdrantFilter['must']).map(conditionText).join('; ')})`);
  }
  return parts;
}

/**
 * One line per top-level constraint (they all apply together); `[]` for no filter.
 *
 * @example
 * describeFilter({ must: [{ key: 'module', match: { value: '01-ros2' } }, { key: 'sidebar_position', range: { gte: 2, lt: 5 } }] });
 * // → ['module = "01-ros2"', '2 <= sidebar_position < 5']
 */
export function describeFilter(filter: QdrantFilter | null | undefined): string[] {
  return filter ? filterParts(filter) : [];
}
