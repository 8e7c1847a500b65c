/**
 * The prose lines of a chunk, as the definition reader (defined-terms.ts) reads them: code, headings,
 * tables and JSX left out, and a sentence the book hard-wraps read whole, since a definition's
 * naming word and its term, or a subject and its copula, often fall on two lines.
 */
import { fenceTracker } from './code-fences';

/** A definition list's detail line: `: The weight of water …` under its term line. */
export const DEFINITION_LIST_DETAIL = /^\s{0,3}:\s+\S/;

// A line that opens a new item, quotation or glossary entry, never the wrapped tail of the line
// before: a list marker, a `>`, a definition list's `: ` detail, or an emphasised term with its
// glossary separator (`**Term**: …`, `**Term:** …`, `**Term** — …`).
const OWN_LINE = /^\s*(?:[-*+>]\s|\d+[.)]\s|:\s)|^\s*(\*\*|__)[^*_\n]+?(?::\1|\1\s*(?::|—|–|-\s))/;
// A wrapped sentence goes on across the break: the line above stops on a lowercase word or a comma
// ("… is called" over "**magma**"), or the line opens with one ("plane is the …"). Otherwise the line
// above is a unit of its own (a callout's "Note:", a bold title, "Example 2.1", a `$$` display, an
// image), and joined, "Note: A topic is …" and "Definition A topic is …" lost their subject.
const STOPS_MID_SENTENCE = /[\p{Ll},;]$/u;
const OPENS_MID_SENTENCE = /^\s*[*_`]*\p{Ll}/u;
// A bold run left open goes on too: a glossary's term of several forms, one a line with hard breaks
// ("**`--restore`  " over "`--no-restore`**: Control whether …", "**I  " over "IGNORECASE**: …").
const BOLD_MARK = /\*\*|__/g;

/**
 * Prose lines of a chunk: no code, headings, tables or JSX; a hard-wrapped sentence's later lines
 * joined to the line they continue (the break falls mid-sentence: {@link STOPS_MID_SENTENCE},
 * {@link OPENS_MID_SENTENCE}, or inside a bold run, {@link BOLD_MARK}). Read line by line, "… is called\n**magma**" lost its naming
 * word, and a line opening mid-sentence read as one opening a sentence: "the block above the fault\n
 * plane is the **hanging wall**" defined "plane", "… a\nsalt mine is the mineral halite" "salt mine".
 *
 * @example
 * proseLines('Rock underground is called\n**magma**.\nNote:\nA vent is an opening.'); // ['Rock underground is called **magma**.', 'Note:', 'A vent is an opening.']
 */
export function proseLines(content: string): string[] {
  const lines: string[] = [];
  const inFence = fenceTracker(true);
  const all = content.split('\n');
  let joinable = false;
  // Whether the line being built leaves a bold run open; kept as lines join, so a long wrapped
  // paragraph is read once, never rescanned per line.
  let boldOpen = false;
  all.forEach((line, at) => {
    if (inFence(line) || /^\s*(#|\||<)/.test(line) || line.trim() === '') {
      joinable = false;
      return;
    }
    // A definition list's term line stays its own: the `: ` line under it says it is one.
    const term = DEFINITION_LIST_DETAIL.test(all[at + 1] ?? '');
    // When joinable, the line above in the text is the one the last line built ends with.
    const wraps = joinable && (boldOpen || STOPS_MID_SENTENCE.test(all[at - 1]!.trimEnd()) || OPENS_MID_SENTENCE.test(line));
    const marks = (line.match(BOLD_MARK)?.length ?? 0) % 2 === 1;
    if (wraps && !term && !OWN_LINE.test(line)) {
      lines[lines.length - 1] += ` ${line.trim()}`;
      boldOpen = boldOpen !== marks;
    } else {
      lines.push(line);
      boldOpen = marks;
    }
    joinable = !term;
  });
  return lines;
}
