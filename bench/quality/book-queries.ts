/**
 * Query sets for the book-quality benchmark, in either of two formats, turned into one shape:
 * - the project's (`expected: {file_paths, urls, chapters, modules, sections}`, `expect_no_results`), see
 *   src/core/build-time/eval/query-set.ts;
 * - the page-list format (`expected_files`, `also_relevant`, `needs_all_files`,
 *   `expect_no_results`) used by external labelled books.
 * Relevance is judged per page: a file path relative to the docs root, extension ignored.
 */
import { readFileSync } from 'node:fs';
import { parseQuerySet } from '../../src/core/build-time/eval/query-set';
import { pagePath } from '../../src/core/build-time/eval/relevance';

/** One query set to measure against a book: its name in the tables and its file. */
export interface QuerySetSpec {
  name: string;
  path: string;
}

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
 * Parses a query file's JSON (either format, items may even mix them). The file is checked by the
 * rules `retrieve --validate` applies (strict fields, unique ids, labels XOR `expect_no_results`),
 * so a typo such as `expected_file` is refused here too instead of leaving a question unlabelled.
 *
 * @example
 * parseBookQueries([{ id: 'a', query: 'q', expected_files: ['x.md'] }])[0].expected; // ['x']
 */
export function parseBookQueries(data: unknown): BookQuery[] {
  const items = parseQuerySet(data);
  const raw = data as Raw[];
  return items.map((item, index) => {
    const pages = (item.expected?.file_paths ?? []).map(pageKeyOf);
    const modules = item.expected?.modules ?? [];
    // The benchmark judges pages (or, for the sample book's old set, modules); chapters and URLs alone it cannot score.
    if (!item.expect_no_results && pages.length === 0 && modules.length === 0) throw new Error(`query item ${index} has no page labels (file_paths, expected_files or modules)`);
    return {
      id: item.id,
      query: item.query,
      category: item.category ?? 'uncategorised',
      expected: pages,
      alsoRelevant: strings(raw[index]!.also_relevant).map(pageKeyOf),
      needsAll: raw[index]!.needs_all_files === true,
      offTopic: item.expect_no_results,
      modules,
      sections: item.expected?.sections ?? [],
    };
  });
}

/** A question file that cannot be read or parsed: the user's to fix, reported without a stack. */
export class QuestionFileError extends Error {}

/** Reads and parses a query file; a file it cannot read or parse throws a {@link QuestionFileError} naming it. */
export function loadBookQueries(path: string): BookQuery[] {
  try {
    // A byte-order mark (Notepad's) is read past, as --validate does.
    return parseBookQueries(JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')));
  } catch (error) {
    // Name the file: a run reads several, and JSON's own message does not say which.
    throw new QuestionFileError(`${path}: ${(error as Error).message}`);
  }
}
