/**
 * The highlight of a chunk whose only match is a heading: none of its sentences holds a word of the
 * question, but a heading in its text does ("## Fake update warnings" for "how can I tell if an email
 * is fake"). The heading says what the section is about, so its first sentence is what a reader
 * wants to see, as a book's table of contents leads to it; with no highlight the demo page, the
 * widget and the CLI showed the chunk's start instead, an earlier section's text when the heading
 * lay further down (a short section runs on into the next one). Display only: ranking and
 * confidence never read a highlight.
 */
import type { CandidateSpan } from './highlight-spans';
import { stemsPerSpan } from './highlight-words';

/**
 * The index in `spans` (a chunk's candidates, candidateSpans) of the span right after the most weight
 * of the question's stems that lies between two spans (the first of equals), or -1 when none does. Only
 * lines a highlight skips lie there: a heading, and likewise a table's header row (its first row
 * follows), an image's alt text or a code block's "# comment" (what follows is what it shows).
 * `stems` is the highlight's cache of the stem each word counts as.
 *
 * @example
 * const content = '## Fake update warnings\n\nA pop-up saying so is a scam.';
 * firstUnderMatchedHeading(content, candidateSpans(content, 480), questionWeights('is this email fake'), new Map()); // 0
 */
export function firstUnderMatchedHeading(content: string, spans: readonly CandidateSpan[], weights: ReadonlyMap<string, number>, stems: Map<string, string>): number {
  // What lies before each span, back to the one before (a heading at the chunk's end has nothing under it).
  const before = spans.map(({ span }, i) => ({ span: [i ? spans[i - 1]!.span[1] : 0, span[0]] as [number, number] }));
  let best = -1;
  let bestWeight = 0;
  stemsPerSpan(content, before, weights, stems).forEach((found, i) => {
    const weight = found.reduce((sum, stem) => sum + weights.get(stem)!, 0);
    if (weight > bestWeight) [best, bestWeight] = [i, weight];
  });
  return best;
}
