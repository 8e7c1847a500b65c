/**
 * Markdown inline markup as a reader sees it, for one-line previews of results: the demo page, the
 * widget and the CLI's text share it. It lives beside the typed client because all three read the
 * Worker's answers through it; the Worker itself never needs it.
 */

/**
 * An ATX heading line (up to three spaces of indent; a tab would make it code), its words captured
 * without the closing `#`s; a CRLF line's `\r` is trailing space.
 */
export const HEADING_LINE = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?\s*$/;

/** A line that opens or closes a fenced code block. Shared with the web previews. */
export const FENCE_LINE = /^\s*(?:```|~~~)/;

// Where an escaped character waits while the markup rules run (U+E000 + its ASCII code).
const ESCAPED = 0xe000;

/**
 * A line of markdown as a reader sees it: `[label](url)` as its label, `**bold**` (inside a word too), `__bold__`,
 * `*italic*` and `_italic_` without their markers, footnote marks (`[^1]`) left out, `` `code` ``
 * without its backticks (and untouched inside: `__init__` stays), a backslash escape as its
 * character (`\*` an asterisk, not emphasis).
 * A preview is one line of prose, and "the **Open X** dataset" with its asterisks reads as noise
 * (the demo page keeps the whole chunk, markers and all, under "Show all").
 *
 * @example
 * inlinePlain('See [the headset](../05-wheels/headset.md) and **torque**.'); // 'See the headset and torque.'
 * inlinePlain('The *Rocket* won at Rainhill.'); // 'The Rocket won at Rainhill.'
 */
export function inlinePlain(text: string): string {
  return text
    // `code` spans (\x60: a backtick), not from an escaped backtick: one after an even run of
    // backslashes (`\\` is an escaped backslash) opens a span.
    .split(/((?<=(?:^|[^\\])(?:\\\\)*)\x60[^\x60\n]+\x60)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.slice(1, -1)
        : part
            // A backslash escape is its character (CommonMark: before ASCII punctuation), never markup:
            // books converted by Pandoc escape freely ("File-\>Open", "(\*.cap, \*.enc)", "\[4\]").
            // Hidden in the private use area while the markup rules run, then restored.
            .replace(/\\([!-/:-@[-\x60{-~])/g, (_, ch: string) => String.fromCharCode(ESCAPED + ch.charCodeAt(0)))
            // A link or image as its label. Its target as CommonMark reads it (as the Worker's
            // link-targets.ts does, whose LINK_TARGET this pattern's tail repeats: the client takes no
            // code from core): `<…>`, or a run whose parentheses pair ("wiki/Foo_(bar)"), then a
            // title in double or single quotes or parentheses; one stopped at the first ")" left
            // "Foo)" in a preview. The spaces before the target are taken at once, an empty target
            // with a title its own branch, so a long run of spaces is read in one pass.
            .replace(/!?\[([^\]\n]*)\]\((?:[ \t]*(?![ \t])(?:<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?|\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))[ \t]*\)/g, '$1')
            // A footnote's definition label ("[^1]: Shelley's poem"), then a mark ("massacre.[^1]") with
            // the space before it, so "the mill [^2] was" reads "the mill was", not with two spaces:
            // the spaces from the first of their run only, not tried again from each of its spaces.
            .replace(/\[\^[^\]\s]+\]:[ \t]*/g, '')
            .replace(/(?<![ \t])[ \t]*\[\^[^\]\s]+\]/g, '')
            // Asterisks embolden inside a word too (CommonMark), underscores only a whole word: a
            // mnemonic's "**D**escriptions" reads "Descriptions", while snake_case's "__init__" stays.
            .replace(/\*\*(?=\S)([^\n]*?\S)\*\*/g, '$1')
            .replace(/(?<![\p{L}\p{N}_])__(?=\S)([^\n]*?\S)__(?![\p{L}\p{N}_])/gu, '$1')
            // Then *italic* and _italic_: titles of works and ships (*The Rocket*) in a history book.
            // Not a list's "* " nor "2 * 3" (a space after the opening), nor snake_case, nor a file
            // name's `_category_.json`.
            .replace(/(?<![\p{L}\p{N}_*])([*_])(?=[^\s*_])([^\n*_]*?[^\s*_])\1(?![\p{L}\p{N}_*]|\.[\p{L}\p{N}])/gu, '$2')
            .replace(/[\ue000-\ue07f]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - ESCAPED)),
    )
    .join('');
}

/**
 * A chunk's block markup as a preview reads it, its words kept: a heading without its marks
 * ("### Declination (Dec)" → "Declination (Dec)"), a table row as its cells ("Sun · −26.7"), a
 * table's delimiter row left out, a quotation without its "> "; consecutive rows joined by `rowJoin` (a line break on the demo
 * page, " / " on the CLI's one line), a heading ended by `headingEnd` unless it ends a sentence (the
 * CLI's ":", where its words would run into the next line's). A preview without a highlight is the chunk's opening: its
 * leading headings are dropped (the breadcrumb names them), but a later one read "### Declination
 * (Dec)" mid-preview, and a table "| Object | Apparent magnitude | |---|---| | Sun | −26.7 |".
 * Lines of a fenced code block stay as written (a shell comment is no heading).
 *
 * @example
 * plainBlocks('Catalogues use RA.\n### Declination (Dec)'); // 'Catalogues use RA.\nDeclination (Dec)'
 * plainBlocks('| Object | Mag |\n|---|---|\n| Sun | −26.7 |', ' / '); // 'Object · Mag / Sun · −26.7'
 */
export function plainBlocks(text: string, rowJoin = '\n', headingEnd = ''): string {
  let fenced = false;
  let quotedFence = false;
  let out: string | null = null;
  let row = false;
  for (const raw of text.split('\n')) {
    // A quotation's "> " is markup, as a heading's marks are (a formula set as a quote read "> MR = MC"),
    // and a table or fence inside one is read as outside it (a callout's table kept its pipes and
    // `|---|` row). In code opened outside a quotation a ">" is the code's own (an R prompt).
    const line: string = fenced && !quotedFence ? raw : raw.replace(/^[ \t]*(?:>[ \t]?)+/, '');
    if (FENCE_LINE.test(line)) quotedFence = (fenced = !fenced) && line !== raw;
    const inRow = !fenced && TABLE_LINE.test(line);
    if (inRow && DELIMITER_ROW.test(line)) continue;
    const plain = fenced ? line : inRow ? rowCells(line).filter(Boolean).join(' · ') : line.replace(HEADING_LINE, (_, words: string) => (/[.:!?]$/.test(words) ? words : words + headingEnd));
    out = out === null ? plain : out + (row && inRow ? rowJoin : '\n') + plain;
    row = inRow;
  }
  return out ?? '';
}

/**
 * A chunk's text without its leading markdown headings (every client shows them as the result's page
 * and section). A page's first chunk often opens with two, the page's `# Title` and its first
 * `## Section`: dropping only the first left "## Giving notice as a tenant" at the head of a preview.
 *
 * @example
 * bodyText('# Safety\n\n## Turning off the power\n\nTest first.'); // 'Test first.'
 */
export function bodyText(content: string | null): string {
  // `[ \t]`, not `\s`: an empty `#` line's break is no heading text, so the prose below it stays.
  return (content ?? '').replace(/^(?:\s*#{1,6}(?:[ \t][^\n]*)?(?:\n+|$))+/, '').trim();
}

/**
 * `text` cut to at most `limit` characters between words, then "…": at its last whitespace within the
 * limit ("Usin…" and "refers t…" read as typos), or at the limit itself when that whitespace lies in
 * the first half (a long path or URL is cut inside it). The CLI and the web previews share the rule.
 *
 * @example
 * cutAtWord('The firm makes 4 trays. Using the bakery', 26); // 'The firm makes 4 trays.…'
 */
export function cutAtWord(text: string, limit: number): string {
  const space = text.slice(0, limit + 1).search(/\s+\S*$/);
  return `${text.slice(0, space > (limit + 1) / 2 ? space : limit).trimEnd()}…`;
}

/**
 * `text` with each task list's box left out after its list marker ("- [ ] Take meter readings" →
 * "- Take meter readings"): markup, as the marker is; the book's page shows a checkbox there, and a
 * preview of "[ ] Take…" reads as noise. The marker stays, for the caller to keep or drop.
 *
 * @example
 * withoutTaskBoxes('- [x] Photograph every room'); // '- Photograph every room'
 */
export function withoutTaskBoxes(text: string): string {
  return text.replace(/^([ \t]*(?:[-*+]|\d+[.)])[ \t]+)\[[ xX]\][ \t]+/gm, '$1');
}

/**
 * A highlight's lines as a reader sees them: a list item or a quoted line without its marker, a
 * table row as its cells ("RELIABLE · BEST_EFFORT" for `| RELIABLE | BEST_EFFORT |`), a task item without its
 * `[ ]` box, each line's inline markup
 * read by {@link inlinePlain}. The demo page, the widget and the CLI show a highlight through it.
 *
 * @example
 * linesPlain('| RELIABLE | **BEST_EFFORT** |'); // 'RELIABLE · BEST_EFFORT'
 * linesPlain('- a **cell wall** of cellulose'); // 'a cell wall of cellulose'
 */
export function linesPlain(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      // The cells as rowCells reads them (an escaped `\|` a pipe inside its cell, as GFM reads it).
      const plain = TABLE_LINE.test(line) ? rowCells(line).filter(Boolean).join(' · ') : line.replace(LINE_MARKER, (marker, n?: string, delimiter?: string) => (n && nextItemFollows(line.slice(marker.length), +n, delimiter!) ? `${n}${delimiter} ` : ''));
      return inlinePlain(plain);
    })
    .join('\n');
}

// A line's quotation marks and list marker, with an ordered item's number and delimiter captured.
const LINE_MARKER = /^\s*(?:>\s*)*(?:(?:[-*+]|(\d+)([.)]))\s+(?:\[[ xX]\]\s+)?)?/;

/**
 * Whether the next number of an ordered item (`n` + 1, same delimiter) opens a later item in
 * `rest`, the line after the item's marker: a highlight collapses the items it spans onto one line
 * and keeps their numbers (they say the order), so the first item's number stays too. Dropped,
 * "5. **Queen excluder**: … 6. **Supers**: …" read "Queen excluder: … 6. Supers: …", a step 6
 * after an unnumbered one.
 */
const nextItemFollows = (rest: string, n: number, delimiter: string): boolean => new RegExp(`\\s${n + 1}\\${delimiter}\\s`).test(rest);

const TABLE_LINE = /^\s*\|/;
// Each run of blanks read by one `\s*` (as table-rows.ts in core): a cell's blanks beside the row's
// split a long run any way, and a line of blanks before a pipe took time quadratic in it.
const DELIMITER_ROW = /^\s*(?:\|\s*)?:?-+:?(?:\s*\|\s*:?-+:?)*\s*(?:\|\s*)?$/;
// Longer than this, a row with its column names reads worse than the row alone (the page shows it whole under "Show all").
const LABELLED_ROW_CHARS = 320;

/** A table row's cells, trimmed (an escaped `\|` stays inside its cell, as a pipe). */
function rowCells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/**
 * The table row of `content` that `[start, end)` spans (a highlight's offsets), each cell after its
 * column's name ("Reliability: Reliable · Durability: Volatile"), when the row's table has a header
 * row of as many cells; neighbouring rows (a highlight may pair two) each so, apart by " / "; null
 * for a span that is not body rows of one table. A row alone ("qos_profile_services_default ·
 * Reliable · Volatile · Keep last, 10") says nothing without its columns, and a highlight is often
 * one row. Two rows read as one ran together: "Onions, garlic · 0–5 °C · Low · 6–8 months · Winter
 * squash · 10–15 °C · …", where the second row begins was nowhere to be seen.
 *
 * @example
 * labelledRow('| Profile | History |\n|---|---|\n| default | Keep last, 10 |', 30, 55); // 'Profile: default · History: Keep last, 10'
 */
export function labelledRow(content: string, start: number, end: number): string | null {
  const lines = content.split('\n');
  let offset = 0;
  let at = 0;
  while (at < lines.length - 1 && offset + lines[at]!.length < start) offset += lines[at++]!.length + 1;
  // The last line the span reaches: a line starting before `end`.
  let last = at;
  let next = offset + lines[at]!.length + 1;
  while (last < lines.length - 1 && next < end) next += lines[++last]!.length + 1;
  // A table may leave out its outer pipes ("Key | Action" over "--- | ---"): then its lines are the
  // ones with a pipe, and its delimiter row must have an inner pipe (a bare "---" is a rule).
  const piped = TABLE_LINE.test(lines[at] ?? '');
  const inTable = (line: string): boolean => (piped ? TABLE_LINE.test(line) : line.includes('|') && line.trim() !== '');
  const rows = lines.slice(at, last + 1);
  if (!rows.every((line) => inTable(line) && !DELIMITER_ROW.test(line))) return null; // a row and the prose after it
  let top = at;
  while (top > 0 && inTable(lines[top - 1]!)) top--;
  const delimiter = lines[top + 1] ?? '';
  if (top + 1 >= at || !DELIMITER_ROW.test(delimiter) || (!piped && !delimiter.includes('|'))) return null; // the header itself, or a table without one
  const names = rowCells(lines[top]!);
  const labelled = rows.map((line) => {
    const cells = rowCells(line);
    if (names.length !== cells.length) return null;
    return cells
      .map((cell, i) => (cell === '' ? '' : names[i] === '' ? inlinePlain(cell) : `${inlinePlain(names[i]!)}: ${inlinePlain(cell)}`))
      .filter(Boolean)
      .join(' · ');
  });
  return labelled.every((row) => row !== null && row.length <= LABELLED_ROW_CHARS) ? labelled.join(' / ') : null;
}
