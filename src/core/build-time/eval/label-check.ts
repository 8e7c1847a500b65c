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
  /** The book's page the label most likely means (see {@link likelyPage}), when one stands out. */
  likely?: string;
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
  // The callers may pass a chunk's file per chunk: one page, many times.
  const files = [...new Set(bookFiles)];
  const pages = new Set(files.map(pagePath));
  return items.flatMap((item) =>
    (item.expected?.file_paths ?? [])
      .filter((label) => !pages.has(pagePath(label)))
      .map((label) => {
        const likely = likelyPage(label, files);
        return likely === null ? { id: item.id, label } : { id: item.id, label, likely };
      }),
  );
}

/** A path without the numeric prefixes that order Docusaurus folders and pages ("03-emergencies/01-choking" → "emergencies/choking"). */
function unnumbered(path: string): string {
  return pagePath(path).toLowerCase().split('/').map((part) => part.replace(/^\d+[-_.](?=.)/, '')).join('/');
}

/**
 * The one book file a label that names no page most likely means: the same path but for its
 * numeric prefixes (pages renumbered after the labels were written: "02-choking" for "01-choking"),
 * the page the label ends with (a label written from the repository root: "docs/intro"), or the
 * only page of that name in the book ("choking" in another folder). Null when none, or several, fit.
 *
 * @example
 * likelyPage('03-emergencies/02-choking.md', ['03-emergencies/01-choking.md', 'index.md']); // '03-emergencies/01-choking.md'
 */
export function likelyPage(label: string, bookFiles: readonly string[]): string | null {
  const key = unnumbered(label);
  const name = key.split('/').pop();
  const tests: ((file: string) => boolean)[] = [
    (file) => unnumbered(file) === key,
    (file) => pagePath(label).endsWith(`/${pagePath(file)}`),
    (file) => unnumbered(file).split('/').pop() === name,
  ];
  for (const test of tests) {
    const found = bookFiles.filter(test);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) return null;
  }
  return null;
}

/**
 * One warning line for the unmatched labels, or null when every label names a page; it ends with
 * the pages they most likely mean, when {@link likelyPage} finds them.
 *
 * @example
 * unmatchedLabelsWarning([{ id: 'q1', label: 'docs/a.md' }]); // 'warning: 1 page label names no page of the book (q1: docs/a.md); those questions can only fail'
 */
export function unmatchedLabelsWarning(unmatched: readonly UnmatchedLabel[]): string | null {
  if (unmatched.length === 0) return null;
  const shown = unmatched.slice(0, 5).map(({ id, label }) => `${id}: ${label}`).join(', ');
  const more = unmatched.length > 5 ? `, and ${unmatched.length - 5} more` : '';
  const guesses = unmatched.filter((u) => u.likely !== undefined).slice(0, 5).map(({ id, likely }) => `${likely} for ${id}`);
  const guessed = guesses.length > 0 ? `. Did you mean ${guesses.join(', ')}?` : '';
  return `warning: ${unmatched.length} page label${unmatched.length === 1 ? ' names' : 's name'} no page of the book (${shown}${more}); those questions can only fail${guessed}`;
}
