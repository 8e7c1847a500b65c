/**
 * A glossary written as a two-column Markdown table (`| Term | Meaning |` over `| NPC | Non-player
 * character: … |`). proseLines leaves tables out, so such a glossary defined nothing and "what does
 * NPC stand for" found every passage naming an NPC before it; its rows are read as the list items
 * of a glossary (defined-terms.ts).
 */
import { DELIMITER_ROW } from '../../common/text/table-rows';
import { fenceTracker } from './code-fences';

/**
 * A Markdown table's row split into its cells, or null for a line that is no row. An escaped pipe
 * (`\|`) is a cell's text in GFM, not a column's edge: "a \| b" stays one cell.
 */
function tableCells(line: string): string[] | null {
  if (!/^\s*\|.*\|\s*$/.test(line)) return null;
  return line.trim().slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/**
 * The name cells, as written, of the rows of `content`'s glossary tables: only a two-column table
 * (a wider one compares things) whose row glosses a name that is no link (an overview's chapter
 * table names pages) and opens with a letter, with words (3 or more, opening with a letter: "| Easy |
 * 10 |" is a scale, not a gloss). Tables in code are none.
 *
 * @example
 * glossaryTableNames('| Term | Meaning |\n| --- | --- |\n| **NPC** | Non-player character: anyone. |'); // ['**NPC**']
 */
export function glossaryTableNames(content: string): string[] {
  const inFence = fenceTracker(true);
  const lines = content.split('\n').map((line) => (inFence(line) ? null : line));
  const names: string[] = [];
  let columns = 0;
  // The names of the table being read, and whether one of its rows names a page by a link: then it
  // is a table of contents ("| [Rescues](./03-rescues/index.md) | The wet exit, … |"), and a row
  // with no link is a part not yet written ("| Tides and weather | Tides, … |"), no glossary's term.
  let rows: string[] = [];
  let linked = false;
  const close = () => {
    if (!linked) names.push(...rows);
    rows = [];
    linked = false;
  };
  lines.forEach((line, at) => {
    const cells = line === null ? null : tableCells(line);
    if (!cells) return void ((columns = 0), close());
    // The delimiter row under the header opens the body; its column count is the table's. GFM takes
    // one hyphen a cell (`|:-|-|`), as the highlight and the overview count do.
    if (DELIMITER_ROW.test(line as string)) return void (columns = at > 0 && tableCells(lines[at - 1] ?? '') ? cells.length : 0);
    if (columns !== 2 || cells.length !== 2) return;
    const [name, gloss] = cells as [string, string];
    // Emphasis and code marks are no part of the name's first letter.
    const bare = name.replace(/[*_\x60]/g, '').trim();
    if (/\]\(/.test(bare)) return void (linked = true);
    if (bare === '' || !/^\p{L}/u.test(bare) || gloss.split(/\s+/).filter(Boolean).length < 3 || !/^[*_]*\p{L}/u.test(gloss)) return;
    rows.push(name);
  });
  close();
  return names;
}
