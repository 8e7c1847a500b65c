/**
 * Query sets for the book-quality benchmark, in either of two formats, turned into one shape:
 * - the project's (`expected: {file_paths, urls, chapters, modules, sections}`, `expect_no_results`), see
 *   src/core/build-time/eval/query-set.ts;
 * - the page-list format (`expected_files`, `also_relevant`, `needs_all_files`,
 *   `expect_no_results`) used by external labelled books.
 * Relevance is judged per page: a file path relative to the docs root, extension ignored.
 */
import { readFileSync } from 'node:fs';
import { pagePath } from '../../src/core/build-time/eval/relevance';

/** One labelled question, format-independent. */
export interface BookQuery {
  id: string;
  query: string;
  category: string;
  /** Page keys (file path without `.md`/`.mdx`) that answer it; empty for off-topic questions. */
  expected: string[];
  /** Pages that answer it in part (lenient scoring only). */
  alsoRelevant: string[];
  /** The answer spans every expected page (a hit needs any of them; P@3 rewards both). */
  needsAll: boolean;
  /** The book does not cover it: passes when flagged low-confidence or answered with nothing. */
  offTopic: boolean;
  /** Module-level labels, used only when a project item names no page. */
  modules: string[];
  /** Headings of the expected pages that hold the answer (`expected.sections`): passage figures. */
  sections: string[];
}

/** `01-ros2/02-topics.mdx` → `01-ros2/02-topics`: results and labels compare by this key (the validator's `pagePath`). */
export const pageKeyOf = pagePath;

type Raw = Record<string, unknown>;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * Parses a query file's JSON (either format, items may even mix them).
 *
 * @example
 * parseBookQueries([{ id: 'a', query: 'q', expected_files: ['x.md'] }])[0].expected; // ['x']
 */
export function parseBookQueries(data: unknown): BookQuery[] {
  if (!Array.isArray(data) || data.length === 0) throw new Error('a query file must be a non-empty JSON array');
  return data.map((entry: Raw, index) => {
    if (typeof entry?.query !== 'string' || entry.query.trim() === '') throw new Error(`query item ${index} has no "query"`);
    const project = (entry.expected ?? {}) as Raw;
    const pages = [...strings(entry.expected_files), ...strings(project.file_paths)].map(pageKeyOf);
    const offTopic = entry.expect_no_results === true;
    const modules = strings(project.modules);
    if (!offTopic && pages.length === 0 && modules.length === 0) throw new Error(`query item ${index} has no page labels and is not expect_no_results`);
    return {
      id: typeof entry.id === 'string' ? entry.id : `q${index + 1}`,
      query: entry.query,
      category: typeof entry.category === 'string' ? entry.category : 'uncategorised',
      expected: pages,
      alsoRelevant: strings(entry.also_relevant).map(pageKeyOf),
      needsAll: entry.needs_all_files === true,
      offTopic,
      modules,
      sections: strings(project.sections),
    };
  });
}

/** A question file that cannot be read or parsed: the user's to fix, reported without a stack. */
export class QuestionFileError extends Error {}

/** Reads and parses a query file; a file it cannot read or parse throws a {@link QuestionFileError} naming it. */
export function loadBookQueries(path: string): BookQuery[] {
  try {
    return parseBookQueries(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    // Name the file: a run reads several, and JSON's own message does not say which.
    throw new QuestionFileError(`${path}: ${(error as Error).message}`);
  }
}
