/**
 * Where a sentence of a chunk is cut before a highlight reads it (highlight-spans.ts): at its blank
 * lines and around its heading lines, for a sentence splitter that knows neither; and where a
 * heading's own tail lies. Apart from the spans' structure flags (list items, rows, code, callouts)
 * because these cuts only say where a span may start and end.
 */
import type { Span } from '../../common/text/sentence-spans';
import { insideRanges } from './link-targets';

// A blank line (whitespace allowed, CRLF too). Tested with this one; scanned with BLANK_LINE, its
// global twin (a global regex keeps a `lastIndex` between `.test` calls).
export const BLANK_BETWEEN = /\n[ \t]*\r?\n/;

// A heading line: it has no sentence end, so the sentence splitter runs it into the first sentence
// under it, and that sentence, holding a `#` line, was then read line by line (cut at its first
// line break when the book wraps its prose).
const HEADING_LINE = /^[ \t]*(?:>[ \t]*)*#{1,6}[ \t][^\n]*$/gm;

// Code is read line by line as before: its `# comment` lines are not headings. The indent holds no
// line break ([^\S\n]: the last break of a blank run is the one that counts): with `\s*`, each
// break of a long run of blank lines re-read the rest of it, 2.7 s for 32,000 characters.
const FENCE = /(?:^|\n)[^\S\n]*(?:```|~~~)/;

// A blank line ends a paragraph, so no sentence runs across one. A paragraph that ends without a
// full stop (a lead-in "…lies from the mean:" over a `$$` formula, a caption, a label) ran into the
// next one: a statistics book's highlight read "from the mean: $$ z = \frac{x - \mu}{\sigma} $$
// Standardising turns any normal distribution…", two paragraphs and a formula as one sentence.
const BLANK_LINE = new RegExp(BLANK_BETWEEN.source, 'g');

/** `[s, e)` cut at its blank lines, each paragraph its own span (whitespace between left out). */
function apartFromParagraphs(content: string, s: number, e: number): Span[] {
  const text = content.slice(s, e);
  const out: Span[] = [];
  let from = 0;
  for (const match of text.matchAll(BLANK_LINE)) {
    out.push([s + from, s + match.index]);
    from = match.index + match[0].length;
  }
  out.push([s + from, e]);
  return out;
}

/**
 * A test of whether an index lies inside a heading's line of `content`, past its start, for indexes
 * asked in ascending order: a heading holding a sentence end ("## I want KStars to start with
 * another date. Is this possible?") is cut there, and its tail ("Is this possible?") is the
 * heading's, not a sentence under it. The heading lines are found once: looking back from each
 * span to its line's start was quadratic in a long line of sentences (27,000 in 300,000
 * characters took 2.6 s).
 *
 * @example
 * const tail = headingTails('## Added one. How do I remove it?\nPress Remove.');
 * [tail(0), tail(13), tail(35)]; // [false, true, false]
 */
export function headingTails(content: string): (at: number) => boolean {
  return insideRanges([...content.matchAll(HEADING_LINE)].map((m) => [m.index + 1, m.index + m[0].length] as const));
}

/** `[s, e)` cut around its heading lines (each heading line its own span, which the caller skips). */
function apartFromHeadings(content: string, s: number, e: number): Span[] {
  const text = content.slice(s, e);
  const out: Span[] = [];
  let from = 0;
  const keep = (a: number, b: number): void => {
    const piece = text.slice(a, b);
    const lead = piece.length - piece.trimStart().length;
    const trail = piece.length - piece.trimEnd().length;
    if (b - trail > a + lead) out.push([s + a + lead, s + b - trail]);
  };
  for (const match of text.matchAll(HEADING_LINE)) {
    keep(from, match.index);
    keep(match.index, match.index + match[0].length);
    from = match.index + match[0].length;
  }
  keep(from, text.length);
  return out;
}

/**
 * The parts of the sentence `[s, e)` of `content` a highlight reads: the sentence whole when it
 * holds a code fence (code is read line by line, its `# comment` lines no headings), else cut at
 * its blank lines and around its heading lines (each heading line a part of its own, which the
 * caller skips).
 *
 * @example
 * sentenceParts('## Storage\nKeep it dry.', 0, 23); // [[0, 10], [11, 23]]
 */
export function sentenceParts(content: string, s: number, e: number): Span[] {
  return FENCE.test(content.slice(s, e)) ? [[s, e]] : apartFromParagraphs(content, s, e).flatMap(([a, b]) => apartFromHeadings(content, a, b));
}
