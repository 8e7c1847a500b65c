/**
 * Where a block of prose may be cut: after sentence ends. Only offsets are computed, the text is
 * never rewritten, so a chunk is always an exact slice of the source.
 */
import { quotationClosesAfter, quotationReader } from './open-quotation';

// A terminator (plus closing quotes/brackets/emphasis) followed by whitespace; CJK full stops
// need no space after them.
const BOUNDARY = /[.!?…]+["'”’)\]*_]*(?=\s)|[。！？]+/g;
// "e.g." "i.e." "etc." "Fig." or a single initial ("J.") do not end a sentence.
const ABBREVIATED = String.raw`(?:e\.g|i\.e|etc|vs|cf|al|approx|fig|eq|no|dr|mr|mrs|ms|st|[a-z])\.$`;
const ABBREVIATION = new RegExp(String.raw`(?:^|[\s(])${ABBREVIATED}`, 'i');
// The same with emphasis opened before it and still open at the full stop: a species name is set
// in italics ("*E. coli*", "_C. botulinum_"), a figure reference in bold ("**Fig. 3**"), so the
// marker stood where ABBREVIATION wants a space, and a food-safety book's highlight began
// "coli* and *Salmonella*, which …", half a sentence with a stray marker. Emphasis closed at the
// stop ("*done.*") is in the terminator's match, so that sentence still ends.
const EMPHASISED_ABBREVIATION = new RegExp(String.raw`(?:^|[\s(])[*_]{1,3}${ABBREVIATED}`, 'i');

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
// A full stop inside a bracket that closes later on its line, before a lowercase word (maybe
// emphasised), abbreviates: a glossary's "**Anatta** (Pa. *anattā*): the teaching of no-self" or
// "(Skt. *ahiṃsā*)", "(approx. ten)", "(Gk. *eucharistia*)". Cut there, the highlight began
// "*anattā*): the teaching…", half a line. A capital after it ("(See chapter 3. It explains…)")
// still ends the sentence. Looked for within BRACKET_REACH characters each way, a bounded read.
const BRACKET_REACH = 60;
const LOWERCASE_AFTER = /^[ \t]+[*_"'“‘]*\p{Ll}/u;
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
 * dotted letters ("U.S.", "H.R.") before a lowercase word or, on its line, a number, nor a full
 * stop inside a bracket closed later on its line before a lowercase word ("(Pa. *anattā*)"), nor
 * that of an initial or abbreviation which opens emphasis ("*E. coli*", "**Fig. 3**").
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
    if (runOns && match[0] === '.' && EMPHASISED_ABBREVIATION.test(slice.slice(Math.max(from, cut - 12), cut))) continue;
    if (runOns && match[0] === '.' && DOTTED_LETTERS.test(slice.slice(Math.max(from, cut - 12), cut)) && GOES_ON_AFTER_DOTS.test(slice.slice(cut, cut + 8))) continue;
    if (runOns && match[0] === '.' && LOWERCASE_AFTER.test(slice.slice(cut, cut + 8)) && insideBracket(slice, Math.max(from, cut - BRACKET_REACH), cut)) continue;
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

/** Whether `cut` lies inside a round bracket opened after `from` and closed later on its line. */
function insideBracket(slice: string, from: number, cut: number): boolean {
  const before = slice.slice(from, cut);
  if (before.lastIndexOf('(') <= before.lastIndexOf(')')) return false;
  const after = slice.slice(cut, cut + BRACKET_REACH);
  const close = after.indexOf(')');
  return close >= 0 && !/[(\n]/.test(after.slice(0, close));
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
