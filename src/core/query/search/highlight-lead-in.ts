/**
 * How far a highlight reaches past its best sentence: a lead-in (a colon) or an unfinished sentence
 * brings what it introduces. Apart from highlight.ts, whose job is picking the sentence.
 */
import { isCalloutTitle, leavesItem, type CandidateSpan } from './highlight-spans';

// A prose sentence cut off before a displayed formula or quotation that finishes it: it ends on a
// lowercase word or a comma ("…by producing the quantity where" over "> MR = MC"; "…the budget
// line, and" over "> MRS = Px / Py"). Only a display block continues it: a caption or label without
// a full stop over a paragraph is no unfinished sentence (highlight-wrapped.test.ts).
const UNFINISHED = /[\p{Ll},]$/u;
const DISPLAY_BLOCK = /^(?:>|\$\$|\\\[)/;
/** A highlight or line that ends with a colon, emphasis closing after it: a lead-in or a label ("Tip:", "**Term**:"). */
export const ENDS_WITH_COLON = /:[*_]*$/;

/**
 * `end`, or the end of the span after it when the highlight ends with a colon and that span follows
 * it as its content (no heading or fence between, not a table row, within twice `max` characters
 * from `start`, the text being cut to `max`, not the next item beside the highlight's own): a
 * lead-in alone ("Group photo:", "The ratio is called the **crop factor**:") names what comes and
 * says nothing of it. So does a prose
 * sentence left unfinished ({@link UNFINISHED}) over the display block that ends it, and a callout's
 * title line alone ({@link isCalloutTitle}: a title names what the box says, as a heading does) over
 * its body, and a run-in head ({@link runInHead}) ending it, alone or under the lead-in above it,
 * before the text it heads on its line.
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
  if (!unfinished && !ENDS_WITH_COLON.test(text) && !calloutTitle(content, start, text) && !runInHead(content, Math.max(start, content.lastIndexOf('\n', end - 1) + 1), end, next.span[0])) return end;
  // A `$$` display ends at its closing `$$`, past a full stop inside it that ended the span
  // ("$$ S_i\equiv{}B_i+U_i. $$" was two spans, and the highlight kept an unclosed "$$"); a span
  // that goes on past its closing `$$` ("$$ S = B + U $$ where B is…") is read to its own end.
  // A display never holds a blank line (TeX forbids a paragraph break in math: LaTeX stops with
  // "Missing $ inserted"), so a `$$` left unclosed by a slip is read alone, not to a later display's
  // `$$` across the prose between ("…defined as S = B + U The background is the mean…" read so).
  const close = content.startsWith('$$', next.span[0]) ? displayClose(content, next.span[0] + 2) : -1;
  const to = Math.max(next.span[1], close + 2);
  // An item's lead-in brings what is nested under it, never the next item beside it (leavesItem).
  // What it introduces may run past `max`, up to twice it, as a list does (listEnd): the text is cut
  // to `max` ("…"), and a title or lead-in alone had been the whole highlight when the box's first
  // sentence was long ("Tip: Remembering the periods.", the memory aid under it hidden).
  if (next.gap || next.row || next.code || to - start > 2 * max || leavesItem(content, spans, at)) return end;
  return ITEM_LINE.test(content.slice(next.span[0], next.span[1])) ? listEnd(content, spans, at, start, max) : to;
}

// Longest label, in words: a tab's or a box's name. A longer lead-in ("**Single Window Mode**: You
// find the same elements, with differences in their management:") is a sentence that pairs as one.
const LABEL_WORDS = 6;

/**
 * `at`'s text (trailing space cut) when it reads as a label, not a row or code, up to {@link LABEL_WORDS}
 * words ending with a colon; else null. For {@link introducesTable} and highlight.ts's label line.
 */
export function labelText(content: string, at: CandidateSpan): string | null {
  if (at.row || at.code) return null;
  const text = content.slice(at.span[0], at.span[1]).trimEnd();
  return ENDS_WITH_COLON.test(text) && text.split(/\s+/).length <= LABEL_WORDS ? text : null;
}

/**
 * Whether `spans[i]` is a label over a table: up to {@link LABEL_WORDS} words ending with a colon,
 * the next span the table's first row, only the table's header and delimiter lines (or blank ones)
 * between. It cannot bring a row ({@link withWhatItIntroduces}: a row is read alone), so as a
 * highlight it names what comes and says nothing of it: "how windy is too windy for a beginner" was
 * highlighted "For beginners:", two words over the Beaufort table, where a row held the same word
 * ("The limit for most beginners"). The highlight ranks it after a span of equal weight. A longer
 * lead-in is a sentence that says something ("These fish are hardy, peaceful and stay small enough
 * for a 100 litre tank:"), and keeps its place.
 *
 * @example
 * const content = 'For beginners:\n\n| Force | Advice |\n|---|---|\n| 4 | The limit for most beginners |';
 * introducesTable(content, candidateSpans(content, 480), 0); // true
 */
export function introducesTable(content: string, spans: readonly CandidateSpan[], i: number): boolean {
  const at = spans[i];
  const next = spans[i + 1];
  if (!at || !next?.row || labelText(content, at) === null) return false;
  return content.slice(at.span[1], next.span[0]).split('\n').every((line) => line.trim() === '' || line.includes('|'));
}

// A `$$` or `\[` display read as one span, its closing mark ending it.
const WHOLE_DISPLAY = /^(?:\$\$[^]*\$\$|\\\[[^]*\\\])$/;
// A sentence going on after a display: it opens with a lowercase word ("and a candidate needs…").
const GOES_ON = /^\p{Ll}/u;

/**
 * `start`, or the start of the unfinished sentence before it when the highlight's span goes on
 * after a displayed formula (it opens with a lowercase word, and the span before it is a whole `$$`
 * or `\[` display under a prose sentence left unfinished, {@link UNFINISHED}), within `max`
 * characters of `end`: the mirror of {@link withWhatItIntroduces}. "So the total is $$ 435 + 100 + 3
 * = 538 $$ and a candidate needs a majority, 270 electoral votes, to win." was highlighted from
 * "and a candidate needs…", a fragment whose subject, the sum, was left out.
 *
 * @example
 * const content = 'So the total is\n\n$$\n2 + 3 = 5\n$$\n\nand that is odd.';
 * withWhatLeadsIn(content, candidateSpans(content, 480), 34, 50, 240); // 0
 */
export function withWhatLeadsIn(content: string, spans: readonly CandidateSpan[], start: number, end: number, max: number): number {
  const at = spans.findIndex(({ span }) => span[0] === start);
  const display = spans[at - 1];
  const lead = spans[at - 2];
  if (at < 2 || !display || !lead || !GOES_ON.test(content.slice(start, start + 2))) return start;
  if (spans[at]!.gap || spans[at]!.row || spans[at]!.code || display.gap || display.row || display.code) return start;
  if (!WHOLE_DISPLAY.test(content.slice(display.span[0], display.span[1]))) return start;
  const text = content.slice(lead.span[0], lead.span[1]);
  if (!UNFINISHED.test(text) || lead.row || lead.code || lead.opensItem || lead.itemTail || end - lead.span[0] > max) return start;
  return lead.span[0];
}

// A run-in head: an item or paragraph that opens with an emphasised title ending its own sentence,
// its text going on after it on the line ("- **Away from windows.** Direct sunlight heats the
// water…", "**Robust regression.** There are several functions…", "*Name resolution can often
// fail.* The name…"); the full stop may follow the emphasis ("**Links**. If…"). One run of one
// marker, so a sentence that merely opens and ends in bold ("**A** and **B**.") is none.
const RUN_IN_HEAD = /^(?:>[ \t]?)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(?:\*\*(?:(?!\*\*)[^\n])+?(?:[.!?]\*\*|\*\*[.!?])|__(?:(?!__)[^\n])+?(?:[.!?]__|__[.!?])|\*[^*\n]+?(?:[.!?]\*|\*[.!?])|_[^_\n]+?(?:[.!?]_|_[.!?]))$/;

/**
 * Whether the highlight from `start` to `end` is a run-in head alone ({@link RUN_IN_HEAD}), opening
 * its line, whose text goes on at `next` on the same line: it names what follows, as a colon's
 * lead-in does, and said nothing of it ("is it ok to put my aquarium next to a sunny window" was
 * highlighted "- **Away from windows.**", the reason, "Direct sunlight heats the water", left out).
 * Read from its line's start: an emphasised sentence inside a paragraph ("The filter runs all day.
 * **Never switch it off.** Heaters need…") is a sentence of its own, and brought the next one.
 */
function runInHead(content: string, start: number, end: number, next: number): boolean {
  const line = content.lastIndexOf('\n', start - 1) + 1;
  return RUN_IN_HEAD.test(content.slice(line, end).trimEnd()) && !content.slice(end, next).includes('\n');
}

/**
 * Whether `spans[at]` is a run-in head ({@link RUN_IN_HEAD}) opening its line, its text going on
 * after it on that line: it names the paragraph or item it heads, as a heading names a section, so
 * it is no second half of the sentence before it (highlight.ts never pairs them).
 */
export function opensRunIn(content: string, spans: readonly CandidateSpan[], at: number): boolean {
  const head = spans[at];
  const next = spans[at + 1];
  return !!head && !!next && opensLine(content, head.span[0]) && runInHead(content, head.span[0], head.span[1], next.span[0]);
}

/**
 * Whether only a quote's `>`, indent and one list marker (with a space or tab after it, as RUN_IN_HEAD
 * and isLabelLine read it: "-**Note.**" and "2.5**x**" open no item) stand between `start` and its
 * line's start, read back over those alone: opensRunIn asks it of every span, and reading each span's
 * line from its start made a one-line chunk of 20,000 sentences take 7 s to highlight.
 */
function opensLine(content: string, start: number): boolean {
  let i = start;
  while (i > 0 && (content[i - 1] === ' ' || content[i - 1] === '\t')) i--;
  if (i < start && i > 0 && '-*+'.includes(content[i - 1]!)) i--;
  else if (i < start && i > 1 && (content[i - 1] === '.' || content[i - 1] === ')') && /\d/.test(content[i - 2]!)) {
    i--;
    for (let digits = 0; i > 0 && digits < 9 && /\d/.test(content[i - 1]!); digits++) i--;
  }
  while (i > 0 && (content[i - 1] === ' ' || content[i - 1] === '\t' || content[i - 1] === '>')) i--;
  return i === 0 || content[i - 1] === '\n';
}

// A list item's line, quoted or not: its bullet or number after its indent and any `>` markers
// (each with the spaces after it). One pattern for the lead-in's list (listEnd) and the bullets
// parted in its text (withItemsParted); ITEM_PREFIX reads the same prefix, for the marker's column.
const ITEM_LINE = /^[ \t]*(?:>[ \t]*)*(?:[-*+]|\d{1,9}[.)])[ \t]/;
const ITEM_PREFIX = /[ \t]*(?:>[ \t]*)*/y;

/**
 * The end of the list whose first item is `spans[at]`, brought by a lead-in from `start`: its items
 * at that depth or nested deeper, and their later sentences, up to a blank line's paragraph, a
 * shallower item, a heading or a row. "The three rules are:" brought its first item only, the
 * other two hidden as if the list had one. Read up to twice `max` characters past `start` (the item
 * that crosses it too), as a long sentence is: the highlight's text is cut to `max` ("…" saying the
 * list goes on), and a cut on the raw text, its bullets and line breaks uncollapsed, had shown a
 * list that goes on as if it ended.
 */
function listEnd(content: string, spans: readonly CandidateSpan[], at: number, start: number, max: number): number {
  const column = itemColumn(content, spans[at]!.span[0]);
  let end = spans[at]!.span[1];
  for (let j = at + 1; j < spans.length; j++) {
    const { span, gap, row, code, itemTail } = spans[j]!;
    if (gap || row || code) break;
    const item = ITEM_LINE.test(content.slice(span[0], span[1]));
    // A later sentence of the item (on its line, or an unquoted item's wrapped tail) goes with it.
    const tail = !item && (itemTail || !content.slice(end, span[0]).includes('\n'));
    if (item ? itemColumn(content, span[0]) < column : !tail) break;
    end = span[1];
    if (end - start > 2 * max) break;
  }
  return end;
}

/** The column a list item's marker stands at, past its line's indent and `>` markers. */
function itemColumn(content: string, at: number): number {
  const line = content.lastIndexOf('\n', at - 1) + 1;
  ITEM_PREFIX.lastIndex = line;
  return ITEM_PREFIX.exec(content)![0].length;
}

/**
 * Whether the highlight `text`, from `start`, is a whole callout title line ({@link isCalloutTitle}):
 * ingest writes a box's title on a line of its own, the body on the next.
 */
function calloutTitle(content: string, start: number, text: string): boolean {
  if ((start !== 0 && content[start - 1] !== '\n') || !isCalloutTitle(text)) return false;
  return /^[ \t]*(?:\r?\n|$)/.test(content.slice(start + text.length, start + text.length + 8));
}

const BLANK_LINE = /\n[ \t]*\r?\n/g;

/** Where the `$$` closing a display that opens before `from` lies, or -1 past a blank line (none closes it). */
function displayClose(content: string, from: number): number {
  const close = content.indexOf('$$', from);
  BLANK_LINE.lastIndex = from;
  const blank = BLANK_LINE.exec(content);
  return close >= 0 && (!blank || close < blank.index) ? close : -1;
}

// A bullet that opens a later line of the highlight: the item's own line in the book, but inside
// the whitespace-collapsed text it read as a stray dash ("three structures (Figure 1.2): - a cell
// wall of cellulose"; "… break it down; - in yeast and plants"). A quoted item's too ("> - b").
// Numbers are kept: they say the order.
// The whitespace before it goes with it (a hard line break's two spaces, a loose list's blank
// line): "- Not reconciled ; Cleared" read so. Only from a whitespace run's start (the lookbehind):
// tried at each of its characters, a long run of spaces and line breaks cost time quadratic in it.
const LATER_BULLET = /(?<!\s)\s*\n[ \t]*(?:>[ \t]*)*[-*+][ \t]+/g;
const ENDS_PUNCTUATED = /[.!?;:,…]["'”’)\]*_]*\s*$/;

/**
 * `raw` (a highlight's slice of the chunk, outside code) with its later bullets dropped: the first
 * after a lead-in joins it with a space, and one between two items reads "; " unless the item before
 * ends with its own punctuation. A lead-in brings its whole list ({@link withWhatItIntroduces}), and
 * "keep the blade sharp cut away from you" ran its items together.
 *
 * @example
 * withItemsParted('Rules:\n- keep it sharp\n- cut away.\n- store it'); // 'Rules: keep it sharp; cut away. store it'
 */
export function withItemsParted(raw: string): string {
  let inList = ITEM_LINE.test(raw);
  return raw.replace(LATER_BULLET, (_bullet, at: number) => {
    const between = inList && !ENDS_PUNCTUATED.test(raw.slice(Math.max(0, at - 8), at)) ? '; ' : ' ';
    inList = true;
    return between;
  });
}
