/**
 * How far a highlight reaches past its best sentence: a lead-in (a colon) or an unfinished sentence
 * brings what it introduces. Apart from highlight.ts, whose job is picking the sentence.
 */
import { CALLOUT_TITLE, leavesItem, type CandidateSpan } from './highlight-spans';

// A prose sentence cut off before a displayed formula or quotation that finishes it: it ends on a
// lowercase word or a comma ("…by producing the quantity where" over "> MR = MC"; "…the budget
// line, and" over "> MRS = Px / Py"). Only a display block continues it: a caption or label without
// a full stop over a paragraph is no unfinished sentence (highlight-wrapped.test.ts).
const UNFINISHED = /[\p{Ll},]$/u;
const DISPLAY_BLOCK = /^(?:>|\$\$|\\\[)/;

/**
 * `end`, or the end of the span after it when the highlight ends with a colon and that span follows
 * it as its content (no heading or fence between, not a table row, within `max` characters from
 * `start`, not the next item beside the highlight's own): a lead-in alone ("Group photo:", "The
 * ratio is called the **crop factor**:") names what comes and says nothing of it. So does a prose
 * sentence left unfinished ({@link UNFINISHED}) over the display block that ends it, and a callout's
 * title line alone ({@link CALLOUT_TITLE}: a title names what the box says, as a heading does) over
 * its body.
 *
 * @example
 * const content = 'Pick the quantity where\n\n> MR = MC';
 * withWhatItIntroduces(content, candidateSpans(content, 480), 0, 23, 240); // 34 (past "> MR = MC")
 */
export function withWhatItIntroduces(content: string, spans: readonly CandidateSpan[], start: number, end: number, max: number): number {
  const text = content.slice(start, end).trimEnd();
  const at = spans.findIndex(({ span }) => span[0] >= end);
  const next = spans[at];
  if (!next) return end;
  const last = spans[at - 1];
  const unfinished = UNFINISHED.test(text) && DISPLAY_BLOCK.test(content.slice(next.span[0], next.span[1])) && !!last && !last.opensItem && !last.itemTail && !last.row && !last.code;
  if (!unfinished && !/:[*_]*$/.test(text) && !calloutTitle(content, start, text)) return end;
  // A `$$` display ends at its closing `$$`, past a full stop inside it that ended the span
  // ("$$ S_i\equiv{}B_i+U_i. $$" was two spans, and the highlight kept an unclosed "$$"); a span
  // that goes on past its closing `$$` ("$$ S = B + U $$ where B is…") is read to its own end.
  // A display never holds a blank line (TeX forbids a paragraph break in math: LaTeX stops with
  // "Missing $ inserted"), so a `$$` left unclosed by a slip is read alone, not to a later display's
  // `$$` across the prose between ("…defined as S = B + U The background is the mean…" read so).
  const close = content.startsWith('$$', next.span[0]) ? displayClose(content, next.span[0] + 2) : -1;
  const to = Math.max(next.span[1], close + 2);
  // An item's lead-in brings what is nested under it, never the next item beside it (leavesItem).
  return !next.gap && !next.row && !next.code && to - start <= max && !leavesItem(content, spans, at) ? to : end;
}

/** Whether the highlight `text`, from `start`, is a whole callout title line. */
function calloutTitle(content: string, start: number, text: string): boolean {
  return (start === 0 || content[start - 1] === '\n') && CALLOUT_TITLE.test(text) && /^[ \t]*(?:\r?\n|$)/.test(content.slice(start + text.length, start + text.length + 8));
}

const BLANK_LINE = /\n[ \t]*\r?\n/g;

/** Where the `$$` closing a display that opens before `from` lies, or -1 past a blank line (none closes it). */
function displayClose(content: string, from: number): number {
  const close = content.indexOf('$$', from);
  BLANK_LINE.lastIndex = from;
  const blank = BLANK_LINE.exec(content);
  return close >= 0 && (!blank || close < blank.index) ? close : -1;
}
