/**
 * Where a block of prose may be cut: after sentence ends. Only offsets are computed, the text is
 * never rewritten, so a chunk is always an exact slice of the source.
 */
import { INNER_PIPE_DELIMITER_ROW } from './table-rows';
import { quotationClosesAfter, quotationReader } from './open-quotation';

// A terminator (plus closing quotes/brackets/emphasis) followed by whitespace; CJK full stops
// need no space after them.
const BOUNDARY = /[.!?…]+["'”’)\]*_]*(?=\s)|[。！？]+/g;
// "e.g." "i.e." "etc." "Fig." or a single initial ("J.") do not end a sentence.
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|al|approx|fig|eq|no|dr|mr|mrs|ms|st|[a-z])\.$/i;

// An ordered list's number at the start of a line ("\n2. launch the node") opens an item; it does
// not end the item before it, which often has no full stop of its own. So does a numbered
// heading's ("## 3. Tone", "### 2.1. Setup"): cut after its number, the heading's words became a
// "sentence" of their own, no `#` line for the highlight to skip, and read as the highlight with
// the paragraph under it ("Tone: highlights, shadows **Highlights** down recovers detail").
// Read in the 20 characters before the cut (a bounded look-back: a line's start is not searched
// for, which on a 100,000-word line would cost a scan per sentence); `^` is the text's start.
// A decimal ("2.1.") only after a heading's `#`s: no ordered list writes one as its marker, and a
// hard-wrapped line may open with the number that ends a sentence ("at pH\n6.5. Above that").
// Inside a quotation too ("> 2. "), and a numbered label of a capital and digits: a philosophy
// book sets an argument as a quotation, one premise a line ("> P1. It is wrong to…", "> P2. …"),
// and "> P1." was read as a sentence of its own, its premise without it.
const LIST_NUMBER = /\n[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+\d{1,9}(?:\.\d{1,9})*|[A-Z]?\d{1,9})\.$/;
const LIST_NUMBER_AT_START = /^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+\d{1,9}(?:\.\d{1,9})*|[A-Z]?\d{1,9})\.$/;
const LOOK_BACK = 20;
// What follows a question or exclamation mark, on its line, when the sentence goes on past it.
const RUN_ON = /^[ \t]+(?:[—–]|\p{Ll})/u;
// A quoted question or exclamation followed on its line by a bracket goes on too: the bracket
// glosses what was said ('Shout **"Man overboard!"** (MOB) so everyone knows'); so does a quoted
// sentence's full stop followed by a lowercase word ('Say "… This is Blue Heron." and wait').
const QUOTE_CLOSED = /["”]/;
const BRACKET_AFTER = /^[ \t]+[([]/;
// What follows the "?" or "!" that closes an inverted "¿…?" or "¡…!" opened mid-sentence, when the
// sentence goes on past it: a lowercase word or a comma, on its line or the next (a book hard-wraps),
// maybe after an opening bracket, quote or emphasis ("Ask *¿Cuál es tu número?*\n(never *qué es*)").
// The inverted mark says where the quoted question starts, so its close is no guess at a sentence end.
const INVERTED_RUN_ON = /^[ \t]*(?:\r?\n[ \t]*)?(?:[(\["'“‘*_]*\p{Ll}|,)/u;
// An abbreviation written as dotted letters ("U.S.", "D.C.", "H.R.", "a.m.") ends its sentence
// only when a sentence can start after it: not before a lowercase word (on its line or, hard-wrapped,
// the next) nor a number on its line ("H.R. 1234", a bill's number). ABBREVIATION's single initial
// needs a space before it, so the last letter of "H.R." was a sentence end: a civics book's
// highlight read "The bill gets a number: H.R." and "… gives Washington, D.C." alone.
const DOTTED_LETTERS = /(?:^|[\s(])(?:\p{L}\.){2,}$/u;
const GOES_ON_AFTER_DOTS = /^(?:[ \t]+(?:\p{Ll}|\d)|[ \t]*\r?\n[ \t]*\p{Ll})/u;

/** A half-open `[start, end)` range of offsets into the source text. */
export type Span = [start: number, end: number];

/**
 * Sentence ranges of `text.slice(start, end)`, as absolute offsets, whitespace between sentences
 * excluded. Cuts inside inline code (odd number of backticks before the cut) are not made. With
 * `elisions`, an ellipsis before a lowercase word is words left out of a quotation ("a name
 * execrated by every monopolist … but it may be"), not a sentence's end: the highlight reads it so.
 * The chunker does not: GUI manuals write "Scale Image… to open" too, and moving their chunk
 * boundaries cost the seventeen sets' hit@3 .812 → .808 (KiCad .750 → .679). With `listNumbers`,
 * a number that opens a line ("\n2. ", or a heading's line: "## 3. ") is an ordered list item's or
 * a numbered heading's, not a sentence end: the highlight
 * read "install the driver\n2. launch it" as "install the driver 2." and "launch it". Highlight
 * only, as `elisions`: the chunker's boundaries, and so the ranking, stay as measured. With
 * `rows`, a terminator inside a table row (a line that opens with `|`, with a `|` after the cut on
 * the same line) is a cell's, not a sentence end: a row of question words ("| ¿cuál? / ¿cuáles? |
 * which? |") was highlighted as "/ ¿cuáles?", a FAQ table's as "| How many?". Highlight only too.
 * With `runOns`, a question or exclamation followed on its line by a dash or a lowercase word is
 * inside its sentence, and so is one closing an inverted "¿" or "¡" opened mid-sentence when a
 * lowercase word or a comma follows, on the next line too ({@link closesInverted}); a quoted one
 * followed on its line by a bracket goes on too, and no terminator inside a double quotation that
 * closes later in its paragraph ends the sentence (open-quotation.ts); nor does the last dot of
 * dotted letters ("U.S.", "H.R.") before a lowercase word or, on its line, a number.
 *
 * @example
 * sentenceSpans('One. Two!', 0, 9); // [[0, 4], [5, 9]]
 * sentenceSpans('A … b. C', 0, 8, { elisions: true }); // [[0, 6], [7, 8]]
 * sentenceSpans('a\n2. b', 0, 6, { listNumbers: true }); // [[0, 6]]
 * sentenceSpans('| Why? | Because. |', 0, 19, { rows: true }); // [[0, 19]]
 * sentenceSpans('Ask "Why?" — then wait.', 0, 23, { runOns: true }); // [[0, 23]]
 */
export function sentenceSpans(text: string, start: number, end: number, { elisions = false, listNumbers = false, rows = false, runOns = false } = {}): Span[] {
  const spans: Span[] = [];
  const slice = text.slice(start, end);
  let from = 0;
  // Backticks are counted incrementally from the last boundary: recounting from the paragraph's
  // start at each one took 18 s on a 100,000-word paragraph of 10-word sentences.
  let backticks = 0;
  let counted = 0;
  const inRow = rows ? rowCells(slice) : null;
  // Most text has no inverted mark: then no "?" looks back for one (a scan per question mark).
  const inverted = runOns && /[¿¡]/.test(slice);
  const quoted = runOns && /["“]/.test(slice) ? quotationReader(slice) : null;
  for (const match of slice.matchAll(BOUNDARY)) {
    const cut = match.index + match[0].length;
    backticks += countBackticks(slice, counted, cut);
    counted = cut;
    if (backticks % 2 === 1) continue;
    if (ABBREVIATION.test(slice.slice(Math.max(from, cut - 12), cut))) continue;
    if (elisions && match[0].startsWith('…') && /^\s+\p{Ll}/u.test(slice.slice(cut, cut + 8))) continue;
    if (listNumbers && opensListItem(slice, cut)) continue;
    if (runOns && /^[?!]/.test(match[0]) && (RUN_ON.test(slice.slice(cut, cut + 8)) || (QUOTE_CLOSED.test(match[0]) && BRACKET_AFTER.test(slice.slice(cut, cut + 4))) || (inverted && closesInverted(slice, from, match.index, cut)))) continue;
    if (runOns && match[0].startsWith('.') && QUOTE_CLOSED.test(match[0]) && RUN_ON.test(slice.slice(cut, cut + 8))) continue;
    if (runOns && match[0] === '.' && DOTTED_LETTERS.test(slice.slice(Math.max(from, cut - 12), cut)) && GOES_ON_AFTER_DOTS.test(slice.slice(cut, cut + 8))) continue;
    if (quoted && quotationClosesAfter(slice, cut, quoted(from, cut))) continue;
    if (inRow?.(cut)) continue;
    pushTrimmed(spans, slice, from, cut, start);
    from = cut;
  }
  pushTrimmed(spans, slice, from, slice.length, start);
  return spans;
}

/**
 * Line ranges of `text.slice(start, end)` (for a "sentence" too long to keep whole, e.g. a
 * hard-wrapped run-on or a long list of values), blank lines dropped.
 *
 * @example
 * lineSpans('ab\ncd', 0, 5); // [[0, 2], [3, 5]]
 */
export function lineSpans(text: string, start: number, end: number): Span[] {
  const spans: Span[] = [];
  const slice = text.slice(start, end);
  let from = 0;
  for (const match of slice.matchAll(/\r\n|\r|\n/g)) {
    pushTrimmed(spans, slice, from, match.index, start);
    from = match.index + match[0].length;
  }
  pushTrimmed(spans, slice, from, slice.length, start);
  return spans;
}

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

const ROW_START = /^[ \t]*\|/;

/**
 * A test of whether an offset of `slice` lies between two pipes of a table row, for offsets asked
 * in increasing order: the line's start is found by a scan that never goes back (a 100,000-word
 * line costs one pass, not one per sentence), and a row's end once per row.
 */
function rowCells(slice: string): (at: number) => boolean {
  let lineStart = 0;
  let scanned = 0;
  let row: { start: number; lastPipe: number } | null = null;
  return (at) => {
    for (; scanned < at; scanned++) if (slice.charCodeAt(scanned) === 10) lineStart = scanned + 1;
    if (row?.start !== lineStart) {
      const opens = ROW_START.test(slice.slice(lineStart, lineStart + LOOK_BACK));
      const lineEnd = opens ? slice.indexOf('\n', lineStart) : -1;
      row = { start: lineStart, lastPipe: opens ? slice.lastIndexOf('|', lineEnd < 0 ? slice.length : lineEnd) : -1 };
    }
    return at < row.lastPipe;
  };
}

/**
 * Whether the "?" or "!" at `at` (its terminator ending at `cut`) closes an inverted "¿" or "¡" opened after a word of the
 * sentence starting at `from` (a quoted question inside it), and the sentence goes on after it
 * ({@link INVERTED_RUN_ON}). A question the inverted mark opens the sentence with ends it as any does.
 */
function closesInverted(slice: string, from: number, at: number, cut: number): boolean {
  const mark = slice[at]!;
  const opened = slice.lastIndexOf(mark === '?' ? '¿' : '¡', at);
  if (opened < from || slice.indexOf(mark, opened) < at || !/[\p{L}\p{N}]/u.test(slice.slice(from, opened))) return false;
  return INVERTED_RUN_ON.test(slice.slice(cut, cut + 12));
}

/** Whether the terminator ending at `cut` is an ordered list item's (or a heading's) number at a line's start. */
function opensListItem(slice: string, cut: number): boolean {
  const before = slice.slice(Math.max(0, cut - LOOK_BACK), cut);
  return LIST_NUMBER.test(before) || (cut <= LOOK_BACK && LIST_NUMBER_AT_START.test(before));
}

function countBackticks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 96) n++;
  return n;
}

function pushTrimmed(spans: Span[], slice: string, from: number, to: number, base: number): void {
  let s = from;
  let e = to;
  while (s < e && /\s/.test(slice[s]!)) s++;
  while (e > s && /\s/.test(slice[e - 1]!)) e--;
  if (e > s) spans.push([base + s, base + e]);
}
