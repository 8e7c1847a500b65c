/**
 * A block of markdown's items: its lines, a hard-wrapped list item, paragraph or quotation read
 * whole, then each cut into its sentences (sentence-spans.ts). Offsets only, as there.
 */
import { lineSpans, sentenceSpans, type Span } from './sentence-spans';
import { INNER_PIPE_DELIMITER_ROW } from './table-rows';

// A line that opens a block of its own: a list item, a quote, a table row, a heading, a fence, an
// admonition fence or a JSX/HTML tag. Any other line right under a line of prose (no blank line
// between) continues it.
const BLOCK_START = /^\s*(?:[-*+]\s|\d{1,9}[.)]\s|[>|#]|```|~~~|:::|<\/?[A-Za-z])/;
/** A line that opens or closes a fenced code block. */
export const FENCE_LINE = /^\s*(?:```|~~~)/;
// A thematic break (`---`, `***`, `___`, spaced or not) or a setext heading's `===` underline:
// markup between blocks, never an item's wrapped line ("- fold twice --- Next section" read as one).
const THEMATIC_BREAK = /^[ \t]{0,3}(?:([-*_])(?:[ \t]*\1){2,}|=+)[ \t]*$/;

/**
 * The lines of `text.slice(start, end)` (see {@link lineSpans}), with a hard-wrapped list item or
 * paragraph read whole: a line that opens no block joins the line of prose right above it, outside
 * code and never after a table row, and a joined item is then cut into its sentences
 * ({@link sentenceSpans}, `listNumbers`, and `elisions` when asked). Read line by line, a book that wraps its list items showed
 * the second line alone ("harm someone with coeliac disease.") or the first cut mid-sentence
 * ("Hold the blade at a shallow angle, about 30°, to the surface for an ear; hold it"). A quotation's
 * line joins the quotation's line above when that one ends mid-sentence ({@link quoteContinues}).
 *
 * @example
 * itemSpans('- one\n  two.\n- three', 0, 20); // [[0, 12], [13, 20]]
 */
export function itemSpans(text: string, start: number, end: number, options: { elisions?: boolean; runOns?: boolean } = {}): Span[] {
  const items: Span[] = [];
  let code = false;
  let joinable = false;
  // A table may leave out its outer pipes ("Key | Action" over "--- | ---"): then any line with a
  // pipe is a row, which neither joins the line above nor is joined.
  const pipeless = INNER_PIPE_DELIMITER_ROW.test(text.slice(start, end));
  for (const span of lineSpans(text, start, end)) {
    const line = text.slice(span[0], span[1]);
    const fence = FENCE_LINE.test(line);
    const row = pipeless && !code && line.includes('|');
    const last = items[items.length - 1];
    const rule = !code && THEMATIC_BREAK.test(line);
    const quoteGoesOn = !!last && !code && quoteContinues(text.slice(last[0], last[1]), line);
    if (last && (quoteGoesOn || (joinable && !code && !fence && !row && !rule && !BLOCK_START.test(line))) && !/\n[ \t]*\r?\n/.test(text.slice(last[1], span[0]))) last[1] = span[1];
    else items.push([span[0], span[1]]);
    if (fence) code = !code;
    joinable = !code && !fence && !row && !rule && !/^\s*(?:\||#{1,6}\s|:::|<\/?[A-Za-z])/.test(line);
  }
  return items.flatMap(([s, e]) => (/[\r\n]/.test(text.slice(s, e)) ? sentenceSpans(text, s, e, { ...options, listNumbers: true }) : [[s, e] as Span]));
}

// A quotation's line: its `>` markers (nested ones too) and what follows them.
const QUOTE_LINE = /^[ \t]*((?:>[ \t]?)+)(.*)$/;
// A line that ends its sentence (a terminator, then closing quotes, brackets or emphasis).
const ENDS_SENTENCE = /[.!?…。！？]["'”’)\]*_]*$/;

/**
 * Whether a quotation's `line` continues the quotation the item above ends (`above`, which may be
 * several lines already joined): both quoted at the same depth, the line above ending mid-sentence,
 * and this one opening no block of its own (a list item or heading inside the quotation). A book
 * hard-wraps its quotations as it wraps its prose; read line by line, Kant's "…always at" and
 * "the same time as an end, never merely as a means." were two highlights, each half a sentence.
 * A line that ends its sentence keeps the next apart: an argument set as a quotation, one numbered
 * premise a line ("> P1. …" over "> P2. …"), reads one premise at a time.
 */
function quoteContinues(above: string, line: string): boolean {
  const prev = QUOTE_LINE.exec(above.slice(above.lastIndexOf('\n') + 1));
  const next = QUOTE_LINE.exec(line);
  if (!prev || !next || depth(prev[1]!) !== depth(next[1]!)) return false;
  const said = prev[2]!.trimEnd();
  return said !== '' && next[2]!.trim() !== '' && !ENDS_SENTENCE.test(said) && !BLOCK_START.test(next[2]!);
}

/** How many `>` markers open a quotation's line (its nesting depth). */
function depth(markers: string): number {
  return markers.split('>').length - 1;
}
