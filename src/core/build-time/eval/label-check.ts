/**
 * Page labels that name no page of the book. A question labelled `docs/01-ros2/topics.md` when the
 * book's page is `01-ros2/topics.md` can never pass: without a word it is scored as a miss, and the
 * figures blame the retriever for a typo in the labels.
 */
import { pagePath } from './relevance';
import type { QueryItem } from './query-set';

/** A file label of `id` that matches none of the book's pages. */
export interface UnmatchedLabel {
  id: string;
  label: string;
}

/**
 * The file-path labels of `items` that match no file of `bookFiles` (compared as the judge does:
 * `.md`/`.mdx`, `./` and backslashes ignored).
 *
 * @example
 * unmatchedFileLabels([{ id: 'q1', query: 'x', expect_no_results: false, expected: { file_paths: ['docs/a.md'] } }], ['a.md']);
 * // [{ id: 'q1', label: 'docs/a.md' }]
 */
export function unmatchedFileLabels(items: readonly Pick<QueryItem, 'id' | 'expected'>[], bookFiles: Iterable<string>): UnmatchedLabel[] {
  const pages = new Set([...bookFiles].map(pagePath));
  return items.flatMap((item) => (item.expected?.file_paths ?? []).filter((label) => !pages.has(pagePath(label))).map((label) => ({ id: item.id, label })));
}

/**
 * One warning line for the unmatched labels, or null when every label names a page.
 *
 * @example
 * unmatchedLabelsWarning([{ id: 'q1', label: 'docs/a.md' }]); // 'warning: 1 page label names no page of the book (q1: docs/a.md); those questions can only fail'
 */
export function unmatchedLabelsWarning(unmatched: readonly UnmatchedLabel[]): string | null {
  if (unmatched.length === 0) return null;
  const shown = unmatched.slice(0, 5).map(({ id, label }) => `${id}: ${label}`).join(', ');
  const more = unmatched.length > 5 ? `, and ${unmatched.length - 5} more` : '';
  return `warning: ${unmatched.length} page label${unmatched.length === 1 ? ' names' : 's name'} no page of the book (${shown}${more}); those questions can only fail`;
}
