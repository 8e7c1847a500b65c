/**
 * Why a book of short pages fails the P@3 bar while every question finds its page. P@3 counts the
 * relevant chunks among the top three; a question labelled with one page can fill them only with
 * that page's chunks. A page of three chunks or fewer fills them only if every chunk of it,
 * neighbours side by side, outranks every other page — and page diversity (the default) gives a
 * neighbour's place to another page. A book of pages that short (a 13-page brewing book: 1 to 4
 * chunks a page) stays near P@3 = 1/3 with MRR 1.0 and every question's page first.
 *
 * P@3 itself is left as it is (its denominator stays 3: figures stay comparable across books and
 * searchers, including a Worker or Qdrant, where the book's chunks cannot be counted); the report
 * says when the bar fails only because of such pages, and what P@3 would be with them counted full.
 */
import type { EvalResult } from './relevance';
import { isRelevant } from './relevance';
import type { ExpectedLabels } from './query-set';
import type { QueryReport, ShortPages } from './validation-report';

/** Labelled pages of at most this many chunks cannot fill the top 3 without two neighbours side by side. */
export const SHORT_PAGE_CHUNKS = 3;

/**
 * How many chunks of the book the labels name (the chunks a ranking could credit).
 *
 * @example
 * labelledChunks(bookChunks, { file_paths: ['02-brew-day/mashing.md'] }); // 3
 */
export function labelledChunks(bookChunks: readonly EvalResult[], expected: ExpectedLabels): number {
  return bookChunks.filter((chunk) => isRelevant(chunk, expected)).length;
}

/**
 * When the mean P@3 misses `minP3` only because of short labelled pages: the labelled questions
 * whose pages hold at most {@link SHORT_PAGE_CHUNKS} chunks and whose first result is one of them,
 * and the mean P@3 with those counted full, if that meets `minP3`; else null (also when the book's
 * chunks were not counted: `relevant_chunks` absent).
 *
 * @example
 * shortPages(report.queries.filter((q) => !q.expect_no_results), 0.7); // { questions: 9, labelled: 12, p3_if_full: 0.833 }
 */
export function shortPages(labelled: readonly QueryReport[], minP3: number): ShortPages | null {
  if (labelled.length === 0 || labelled.some((q) => q.relevant_chunks === undefined)) return null;
  const full = labelled.filter((q) => (q.relevant_chunks as number) <= SHORT_PAGE_CHUNKS && q.rr === 1);
  const ifFull = labelled.reduce((sum, q) => sum + (full.includes(q) ? 1 : (q.p3 ?? 0)), 0) / labelled.length;
  // The same epsilon as the bar itself (summarize.ts).
  return full.length > 0 && ifFull + 1e-9 >= minP3 ? { questions: full.length, labelled: labelled.length, p3_if_full: ifFull } : null;
}
