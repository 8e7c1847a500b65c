/**
 * Why a result can score higher than the one ranked just above it, said where the scores are shown
 * (the demo page, the CLI) so the order does not read as a bug. With page diversity (the default), a
 * chunk next to one already shown gives its place to the candidate right behind it when that one
 * comes from a page not shown yet, and so lands one place below a lower score. It lives beside the
 * typed client because both read the Worker's results through it.
 */

/** The words for a result placed after a lower-scoring one from a new page. */
export const PLACED_AFTER_NEW_PAGE = 'placed after a new page (page diversity)';

/**
 * Whether `result` scores above the result ranked just before it (`aboveScore`), which only page
 * diversity does to an answer in score order. MMR orders by its own score, not `score`: its results
 * (they carry `mmr`) are never counted.
 *
 * @example
 * placedAfterNewPage({ score: 0.97 }, 0.95); // true
 * placedAfterNewPage({ score: 0.97, mmr: { score: 0.5 } }, 0.95); // false
 */
export function placedAfterNewPage(result: { score: number; mmr?: unknown }, aboveScore: number | undefined): boolean {
  return aboveScore !== undefined && result.mmr === undefined && result.score > aboveScore;
}
