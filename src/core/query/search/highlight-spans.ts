/**
 * The spans of a chunk a highlight may be: its sentences, or its lines where the text is a list, a
 * table or code, never a heading, a fence, an image line or a table's header row. Apart from the highlight's
 * scoring (highlight.ts) because what counts as a line of structure is its own question.
 */
import { FENCE_LINE, itemSpans } from '../../common/text/item-spans';
import { lineSpans, sentenceSpans, type Span } from '../../common/text/sentence-spans';
import { DELIMITER_ROW, HEADER_OVER_DELIMITER, PIPELESS_DELIMITER_ROW } from '../../common/text/table-rows';
import { BLANK_BETWEEN, headingTails, sentenceParts } from './highlight-span-cuts';

// Lines that are structure, not prose: a heading names the section (the reader sees it already),
// a fence line and a table's `|---|` delimiter row are markup. A heading inside a quotation too: a
// help page's quoted note box opens with one ("> ### Quickly turn bounce keys on and off"), which
// was the highlight, its "###" shown in the preview.
const SKIPPED_LINE = /^\s*(?:(?:>\s*)*#{1,6}\s|```|~~~|:::|<\/?[A-Za-z])/;
const TABLE_ROW = /^\s*\|/;
// A line that is only images (a figure, or a linked badge): markup, as a heading is. Its alt text
// holding the question's words ("Side view of the bar path … lower chest") made it, or a sentence
// paired with it, beat the sentence that answers, and showed "![…](/img/…)" in the highlight.
const IMAGE_LINE = /^\s*(?:\[?!\[[^\]\n]*\]\([^)\n]*\)(?:\]\([^)\n]*\))?\s*)+$/;
/** The kind words a callout's title line opens with, as ingest writes them ("Tip:", "Warning:"). */
export const CALLOUT_KINDS = 'Note|Tip|Info|Hint|Important|Warning|Caution|Danger|Attention|Error|Success|Example|Question|Abstract|Summary|Bug|Failure|Quote|Secondary';
/** The quote markers a callout's title line may open with inside a blockquote ("> Warning: …"). */
export const QUOTE_MARKS = String.raw`(?:>[ \t]?)*`;
/**
 * A callout's title line as ingest writes it ("Warning: Verbal orders.", "Tip:"; admonitions.ts),
 * kinds of Docusaurus, GitHub and MkDocs. It opens a box: the box is not the paragraph before it, so
 * the span it starts is a gap, as after a heading. Paired with that paragraph's last sentence, the
 * title of the next box ended the highlight ("…have the brakes inspected soon. Warning: Pedal goes
 * to the floor.") and said nothing of what the box says.
 *
 * @example
 * CALLOUT_TITLE.test('Warning: Pedal goes to the floor.'); // true
 */
const CALLOUT_TITLE = new RegExp(`^${QUOTE_MARKS}(?:${CALLOUT_KINDS}):[^\\n]*$`);
// A title is a name, as a heading is: the 57 titled Docusaurus admonitions of the eighteen measured
// books have at most ten words, opening with a capital, a digit or code ("use_sim_time must be
// consistent"). A prose note on a line of its own is a sentence: longer ("Note: The checkboxes
// cannot be given a keyboard shortcut, so use the Toggles submenu…", Denemo's manual), or opening
// with a plain lowercase word ("Note: the key must be unique.", "Tip: while entering the match, …").
const TITLE_WORDS = 12;
const PROSE_OPENING = /^\p{Ll}+[\s,]/u;

/**
 * Whether the line `line` is a callout's title line ({@link CALLOUT_TITLE}) and not a book's own
 * "Note: …" line of prose: a title of at most {@link TITLE_WORDS} words, not opening with a plain
 * lowercase word (ingest writes a title so, "Tip: Use a container.", the chunk text being the same).
 * Read as a title, prose brought the next paragraph as a box's body and parted from the one above.
 *
 * @example
 * isCalloutTitle('Tip: Use a container.'); // true
 * isCalloutTitle('Note: the key must be unique.'); // false
 */
export function isCalloutTitle(line: string): boolean {
  if (!CALLOUT_TITLE.test(line)) return false;
  const title = line.slice(line.indexOf(':') + 1).trim();
  return !PROSE_OPENING.test(title) && title.split(/\s+/).length <= TITLE_WORDS;
}
// A table's header row (the row above its `|---|` line) names the columns, as a heading names a
// section: "Mitosis · Meiosis" held both words of "mitosis or meiosis" and won, saying nothing.
// A table written without its outer pipes is known by its `--- | ---` row (table-rows.ts).

// A span holding list items, table rows or code is read by its items (itemSpans: a wrapped item's
// lines joined, each row and code line alone). A list marker is followed by a space: a wrapped line
// that opens with emphasis ("*Manchester Observer* coined the name") is prose, and was cut at its
// line ends.
const LINE_BLOCK = /\n\s*(?:[-*+]\s|[>|#]|\d+[.)]\s|```|~~~)/;
// A line that opens a list item (a bullet or an ordered list's number, then a space).
const ITEM_MARKER = /^\s*(?:[-*+]|\d{1,9}[.)])\s/;

/** A span a highlight may be, with what the highlight must know of the structure around it. */
export interface CandidateSpan {
  span: Span;
  /** A skipped line (a heading, a fence, a table's header row) lies before it, or it opens a callout box. */
  gap: boolean;
  /** It is a table row. */
  row: boolean;
  /** It lies inside a fenced code block. */
  code: boolean;
  /** It opens a list item (its bullet or number). */
  opensItem: boolean;
  /** It is a later sentence of a list item, past the one that opens it. */
  itemTail: boolean;
  /** Where the bold term ends when it opens an entry of a glossary or definition list (ENTRY_HEAD), else 0. */
  entry: number;
}

/**
 * Candidate spans of `content`: sentences, or lines where the text is a list, a table or code;
 * `gap` when a skipped line (a heading, a fence, a table's header row) lies before it or it opens a
 * callout box with its title line, so it is not joined to the one before; `row` when it is a table
 * row; `code` when it lies inside a fenced code block; `opensItem` and `itemTail` where it lies in a
 * list item. A sentence longer than `wrappedSentenceChars` is read line by line too (a run-on
 * without sentence ends: a list of values, one a line); up to it, prose a book hard-wraps stays whole.
 *
 * @example
 * candidateSpans('## Storage\n\nKeep it dry.', 480); // [{ span: [12, 24], gap: true, row: false, code: false, opensItem: false, itemTail: false, entry: 0 }]
 */
export function candidateSpans(content: string, wrappedSentenceChars: number): CandidateSpan[] {
  const out: CandidateSpan[] = [];
  const pipeless = pipelessTables(content);
  const headerRows = new Set([...[...content.matchAll(HEADER_OVER_DELIMITER)].map((m) => m.index + m[1]!.length), ...pipeless.headers]);
  const isHeadingTail = headingTails(content);
  let gap = false;
  let code = false;
  for (const [s, e] of sentenceSpans(content, 0, content.length, { elisions: true, listNumbers: true, rows: true, runOns: true }).flatMap(([s, e]) => sentenceParts(content, s, e))) {
    const text = content.slice(s, e);
    // A list's items are read whole, a wrapped one's lines joined (itemSpans); a long run-on
    // without a list, one value a line, line by line.
    const lines = LINE_BLOCK.test(`\n${text}`) || PIPELESS_DELIMITER_ROW.test(text) ? itemSpans(content, s, e, { elisions: true, runOns: true }) : text.length > wrappedSentenceChars ? lineSpans(content, s, e) : [[s, e] as Span];
    for (const span of lines) {
      const line = content.slice(span[0], span[1]);
      if (SKIPPED_LINE.test(line) || IMAGE_LINE.test(line) || headerRows.has(span[0]) || DELIMITER_ROW.test(line) || isHeadingTail(span[0])) {
        gap = true;
        if (FENCE_LINE.test(line)) code = !code;
      } else {
        const row = TABLE_ROW.test(line) || pipeless.rows.has(span[0]);
        const opensItem = !row && !code && ITEM_MARKER.test(line);
        // A later sentence of an item follows one of the same item's, with no blank line between
        // (a line under an item, even unindented, continues it).
        const last = out[out.length - 1];
        const itemTail = !opensItem && !row && !code && !gap && !!last && (last.opensItem || last.itemTail) && !BLANK_BETWEEN.test(content.slice(last.span[1], span[0]));
        const head = !row && !code && (opensItem || opensParagraph(content, span[0])) ? ENTRY_HEAD.exec(content.slice(span[0], span[1] + 3)) : null;
        const entry = head ? span[0] + head[0].length : 0;
        out.push({ span, gap: gap || opensBox(content, span[0], line), row, code, opensItem, itemTail, entry });
        gap = false;
      }
    }
  }
  return out;
}

/**
 * Whether `spans[at]` opens a list item beside (or outside) the item that `spans[at - 1]` lies in,
 * not one nested under it: the item before ends there, and what follows is not its content.
 *
 * @example
 * const content = '- Modes:\n- Metering';
 * leavesItem(content, candidateSpans(content, 480), 1); // true (a nested "  - Metering" would be false)
 */
export function leavesItem(content: string, spans: readonly CandidateSpan[], at: number): boolean {
  if (!spans[at]?.opensItem) return false;
  let opener = at - 1;
  while (opener >= 0 && spans[opener]!.itemTail) opener--;
  const item = spans[opener];
  return !!item?.opensItem && markerIndent(content, spans[at]!.span[0]) <= markerIndent(content, item.span[0]);
}

const INDENT = /[ \t]*/y;

/** The indent of the line `at` lies on (its list marker's column, for a span that opens an item). */
function markerIndent(content: string, at: number): number {
  INDENT.lastIndex = content.lastIndexOf('\n', at - 1) + 1;
  return INDENT.exec(content)![0].length;
}

// What lies between a paragraph's first line and the blank line above it (a quotation's markers).
const OPENS_PARAGRAPH = /(?:^|\n)[ \t>]*\r?\n[ \t>]*$/;

/** Whether `start` opens a paragraph: the chunk's start, or a line under a blank one. */
function opensParagraph(content: string, start: number): boolean {
  return start === 0 || OPENS_PARAGRAPH.test(content.slice(Math.max(0, start - 12), start)) || content.slice(0, start).trim() === '';
}

/**
 * Whether the span `line`, from `start`, opens a paragraph with a callout's title line
 * ({@link isCalloutTitle}; ingest writes a box with a blank line above it). A hard-wrapped sentence
 * that happens to start a line with "Note:" continues its paragraph.
 */
function opensBox(content: string, start: number, line: string): boolean {
  return isCalloutTitle(line.split('\n', 1)[0]!.trimEnd()) && opensParagraph(content, start);
}

// An entry of a glossary or definition list: a paragraph or item led by its bold term and a colon
// ("**Quadrat**: a square frame …", "- **Mitosis:** one division …", or "**Biga**" over ": A stiff
// preferment."). Each defines its own term: highlight.ts pairs an entry with the span above only
// when the question names its term.
const ENTRY_HEAD = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(\*\*|__)(?=\S)(?:(?!\1)[^\n]){1,80}?(?:\1:|:\1|\1[^\n:]{0,40}\r?\n[ \t]{0,3}:[ \t])/;

// The same row tested one line at a time (no `m` flag: the line is the whole input).
const PIPELESS_DELIMITER = new RegExp(PIPELESS_DELIMITER_ROW.source);

/**
 * Where the header rows and the body rows of `content`'s tables written without outer pipes start
 * (past their indent): the line with a pipe above a `--- | ---` row, and the lines with a pipe under
 * it up to a blank line. Outside code. Such a header names the columns as a piped one does
 * ("Feature | Mitosis | Meiosis" won "mitosis or meiosis"), and such a row is no more one thought
 * with the prose after it than a piped row is.
 */
function pipelessTables(content: string): { headers: Set<number>; rows: Set<number> } {
  const headers = new Set<number>();
  const rows = new Set<number>();
  // Most chunks have none: one scan then, not a split per highlighted result (the hot path).
  if (!PIPELESS_DELIMITER_ROW.test(content)) return { headers, rows };
  const lines: { at: number; text: string }[] = [];
  let at = 0;
  for (const text of content.split('\n')) {
    lines.push({ at: at + (text.length - text.trimStart().length), text });
    at += text.length + 1;
  }
  let code = false;
  lines.forEach(({ text }, i) => {
    if (FENCE_LINE.test(text)) code = !code;
    if (code || !PIPELESS_DELIMITER.test(text.trimEnd())) return;
    const header = lines[i - 1];
    if (header && header.text.includes('|')) headers.add(header.at);
    for (let j = i + 1; j < lines.length && lines[j]!.text.trim() !== '' && lines[j]!.text.includes('|'); j++) rows.add(lines[j]!.at);
  });
  return { headers, rows };
}
