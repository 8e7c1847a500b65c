/**
 * A highlight no earlier result of the answer already shows. Chunks a long section is split into
 * share their edge sentences (the sentence overlap of pack-chunks.ts), and two neighbours of one page
 * often both rank in the top 3: both then highlighted the shared sentence, so the reader saw the
 * same line twice and the second result's own answer not at all (a glossary's two chunks both read
 * "**Lightfastness**: How well a pigment resists fading in light."; 21 of 2,112 top-3 highlights
 * over the held-out books, book D, the sample book and a new user's book). The later result
 * highlights its best sentence that no result above shows instead, or keeps its best when it has none.
 */
import type { Highlight, HighlightOptions } from './highlight';

// A chunk overlaps its two neighbours: more shown lines in it are a book repeating itself.
const MAX_LEFT_OUT = 2;

/** How a result's highlight is found, told the spans to leave out (highlightPassage, bound to the question). */
export type HighlightOf = (content: string, index: number, besides?: HighlightOptions['besides']) => Highlight | null;

/**
 * Each content's highlight (`null` for none or no content), best first as the results are, with a
 * later one whose text an earlier result already shows found again without that span (and the
 * next, while it too is shown); the best stays when every other is shown or none holds a match.
 *
 * @example
 * distinctHighlights([chunk0, chunk1], (c, i, besides) => highlightPassage(c, weights, { besides }));
 * // chunk1's best sentence other than the one chunk0 shows, when it has one
 */
export function distinctHighlights(contents: readonly (string | null)[], highlightOf: HighlightOf): (Highlight | null)[] {
  const shown = new Set<string>();
  return contents.map((content, i) => {
    if (content === null) return null;
    const best = highlightOf(content, i);
    // A span left out may give way to another result's line (a chunk shares its edges with both
    // neighbours): leave out each one already shown, up to two, so a result costs at most 3 passes.
    let found = best;
    const besides: { start: number; end: number }[] = [];
    while (found && shown.has(found.text) && besides.length < MAX_LEFT_OUT) {
      besides.push({ start: found.start, end: found.end });
      found = highlightOf(content, i, besides);
    }
    const picked = found ?? best;
    if (picked) shown.add(picked.text);
    return picked;
  });
}
