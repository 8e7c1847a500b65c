/**
 * The convenience parameters (`module`, `chapter`, `section`, `tags`) as Qdrant conditions, and the
 * one way filters are combined, so the shortcuts and a DSL `filter` always AND together.
 */
import { RetrieverError } from '../../common/errors';
import type { QdrantFilter } from '../../common/types';
import { clauseList, type QdrantCondition } from './filter-clauses';
import { MAX_FILTER_VALUES } from './filter-limits';

/** The shortcut parameters; empty or whitespace-only values are ignored. */
export interface FilterShortcuts {
  module?: string | null;
  chapter?: string | null;
  section?: string | null;
  /** Comma-separated list (or an array); matches chunks carrying ANY of the tags. */
  tags?: string | readonly string[] | null;
}

/** True when the filter constrains nothing (absent, `{}`, or only empty clause lists). */
export function isEmptyFilter(filter: QdrantFilter | null | undefined): boolean {
  if (!filter) return true;
  return (
    clauseList(filter.must).length === 0 &&
    clauseList(filter.should).length === 0 &&
    clauseList(filter.must_not).length === 0 &&
    (filter.min_should === undefined || filter.min_should === null)
  );
}

/**
 * Conditions for the shortcut parameters: equality on `module`, `chapter` and `section`, and
 * "contains any" on `tags` (split on commas, trimmed, de-duplicated; at most `MAX_FILTER_VALUES`, as
 * a DSL `any` list). `{}` when none is set.
 *
 * @example
 * shortcutFilter({ module: '01-ros2', tags: 'ros2, nav2' });
 * // → { must: [{ key: 'module', match: { value: '01-ros2' } }, { key: 'tags', match: { any: ['ros2', 'nav2'] } }] }
 */
export function shortcutFilter(shortcuts: FilterShortcuts): QdrantFilter {
  const must: QdrantCondition[] = [];
  for (const key of ['module', 'chapter', 'section'] as const) {
    const value = shortcuts[key]?.trim();
    if (value) must.push({ key, match: { value } });
  }
  const raw = shortcuts.tags;
  const parts = typeof raw === 'string' ? raw.split(',') : (raw ?? []);
  const tags = [...new Set(parts.map((t) => t.trim()).filter((t) => t !== ''))];
  if (tags.length > MAX_FILTER_VALUES) {
    throw new RetrieverError('invalid_request', `Parameter \`tags\` holds at most ${MAX_FILTER_VALUES} tags, got ${tags.length}`, { params: ['tags'], max_values: MAX_FILTER_VALUES });
  }
  if (tags.length > 0) must.push({ key: 'tags', match: { any: tags } });
  return must.length > 0 ? { must } : {};
}

/**
 * ANDs filters together, skipping empty ones; a filter that is only a `must` list is spliced in
 * rather than nested. Undefined when nothing is left (so it can go straight into `StoreQuery.filter`).
 *
 * @example
 * combineFilters(shortcutFilter({ module: 'a' }), translateFilter({ not: { chapter: 'x' } }));
 * // → { must: [{ key: 'module', match: { value: 'a' } }, { must_not: [{ key: 'chapter', match: { value: 'x' } }] }] }
 */
export function combineFilters(...filters: (QdrantFilter | null | undefined)[]): QdrantFilter | undefined {
  const kept = filters.filter((f): f is QdrantFilter => !isEmptyFilter(f));
  if (kept.length === 0) return undefined;
  if (kept.length === 1) return kept[0];
  const must: QdrantCondition[] = [];
  for (const f of kept) {
    const onlyMust = Object.keys(f).length === 1 && f.must !== undefined && f.must !== null;
    if (onlyMust) must.push(...clauseList(f.must));
    else must.push(f);
  }
  return { must };
}
