/**
 * One paragraph's inline content, scanned linearly for what makes micromark quadratic (tangled-inline.ts
 * runs it on each paragraph of a page): emphasis and strikethrough paired as CommonMark and GFM pair
 * them, brackets, unclosed HTML, code and math runs, and the separators × events a paragraph costs.
 */

/** What makes a paragraph too costly to parse. */
export type TangledConstruct = 'emphasis' | 'brackets' | 'html' | 'code' | 'math' | 'constructs' | 'expression';

/**
 * Where inline content is too deep (`depth`, emphasis and strikethrough only) or too costly
 * (`steps` of `construct`, against that construct's limit).
 */
export type TangledInline = { line: number; construct: 'emphasis'; depth: number } | { line: number; construct: TangledConstruct; steps: number };

/** Limits of a scan (tests lower them). */
export interface TangledLimits {
  depth: number;
  emphasisSteps: number;
  rescan: number;
  constructSteps: number;
  expressionRescan: number;
}

/** A run that may still open a pair. */
interface Opener {
  /** `*`, `_`, or `~1` / `~2` (strikethrough pairs runs of the same length only). */
  marker: string;
  /** Markers of the run not yet used by a pair. */
  left: number;
  /** Deepest nesting of the pairs formed after it (inside any pair it opens). */
  inside: number;
}

const WHITESPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
// Characters that start (or end) an inline construct: each splits the paragraph's text.
const SEPARATORS = new Set(['!', '&', '*', '<', '[', '\\', ']', '_', '`', '~', '\n']);
// What ends the raw HTML an opener starts, when it is not a tag (tags end early on a bad character).
const HTML_ENDS: [string, string][] = [
  ['<!--', '-->'],
  ['<?', '?>'],
  ['<![CDATA[', ']]>'],
];

/** What {@link scanParagraph} found, with its offset in the paragraph. */
export type Found = ({ depth: number } | { construct: TangledConstruct; steps: number }) & { offset: number };

/**
 * Scans one paragraph; stops at the first limit passed (see tangled-inline.ts for what is counted).
 *
 * @example
 * scanParagraph('*'.repeat(300) + 'x' + '*'.repeat(300), limits, false); // { depth: 101, offset: … }
 */
export function scanParagraph(text: string, limits: TangledLimits, mdx: boolean): Found | null {
  const stack: Opener[] = [];
  // Indexes into `stack` of the openers of each marker, so a closer finds its opener in O(1).
  const byMarker: Record<string, number[]> = { '*': [], _: [], '~1': [], '~2': [] };
  const codeEnds = spanEnds(text, /`+/g);
  const mathEnds = mdx ? spanEnds(text, /\$+/g) : new Map<number, number>();
  const labels: number[] = [];
  let lastLabel = 0;
  let runs = 0;
  let emphasisSteps = 0;
  const rescan = { brackets: 0, html: 0, code: 0, math: 0 };
  let separators = 0;
  let words = 0;
  const found = (construct: keyof typeof rescan, steps: number, offset: number): Found | null => {
    rescan[construct] += steps;
    return rescan[construct] > limits.rescan ? { construct, steps: rescan[construct], offset } : null;
  };
  const terminators = nextOccurrence(text);
  for (let i = 0; i < text.length; ) {
    const ch = text[i]!;
    // (An MDX expression is one construct, however many braces it holds.)
    if (SEPARATORS.has(ch) || (mdx && (ch === '{' || ch === '$'))) separators++;
    else if (isWordStart(text, i)) words++;
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '`' || (ch === '$' && mdx)) {
      const end = (ch === '`' ? codeEnds : mathEnds).get(i);
      if (end !== undefined) {
        i = end;
        continue;
      }
      // No closing run in the paragraph: the parser looks for one up to its end, then reads on.
      const costly = found(ch === '`' ? 'code' : 'math', text.length - i, i);
      if (costly) return costly;
      i += runLength(text, i);
      continue;
    }
    if (ch === '<') {
      const html: [string, string] | undefined = HTML_ENDS.find(([open]) => text.startsWith(open, i)) ?? (/^<![A-Za-z]/.test(text.slice(i, i + 3)) ? ['<!', '>'] : undefined);
      if (html) {
        const end = terminators(html[1], i + 2);
        if (end >= 0) {
          i = end + html[1].length;
          continue;
        }
        const costly = found('html', text.length - i, i);
        if (costly) return costly;
      }
      i++;
      continue;
    }
    if (ch === '[') {
      labels.push(i);
      lastLabel = i;
      i++;
      continue;
    }
    if (ch === ']') {
      // micromark reads back to the label's start (to test it against the definitions), or with no
      // start, walks back over the paragraph to the last bracket (for a footnote call).
      const start = labels.pop();
      const costly = found('brackets', i - (start ?? lastLabel), i);
      if (costly) return costly;
      if (start !== undefined) lastLabel = i;
      i++;
      continue;
    }
    if (ch !== '*' && ch !== '_' && ch !== '~') {
      i++;
      continue;
    }
    let length = runLength(text, i);
    const before = i > 0 ? text[i - 1]! : ' ';
    const after = i + length < text.length ? text[i + length]! : ' ';
    const offset = i;
    i += length;
    // Strikethrough takes runs of one or two `~` only, and pairs runs of the same length.
    if (ch === '~' && length > 2) continue;
    const marker = ch === '~' ? `~${length}` : ch;
    runs++;
    const left = !WHITESPACE.test(after) && (!PUNCTUATION.test(after) || WHITESPACE.test(before) || PUNCTUATION.test(before));
    const right = !WHITESPACE.test(before) && (!PUNCTUATION.test(before) || WHITESPACE.test(after) || PUNCTUATION.test(after));
    const canOpen = ch === '_' ? left && (!right || PUNCTUATION.test(before)) : left;
    const canClose = ch === '_' ? right && (!left || PUNCTUATION.test(after)) : right;
    if (canClose) {
      const mine = byMarker[marker]!;
      // micromark walks back over every event of the paragraph from a closer with no opener.
      if (mine.length === 0) emphasisSteps += runs;
      while (length > 0 && mine.length > 0) {
        const j = mine[mine.length - 1]!;
        let inside = stack[j]!.inside;
        // Openers between the pair can no longer pair: dropped, their depth counted inside it.
        emphasisSteps += stack.length - 1 - j;
        while (stack.length - 1 > j) {
          const dropped = stack.pop()!;
          inside = Math.max(inside, dropped.inside);
          byMarker[dropped.marker]!.pop();
        }
        const opener = stack[j]!;
        const use = ch === '~' ? length : opener.left >= 2 && length >= 2 ? 2 : 1;
        opener.left -= use;
        length -= use;
        const depth = inside + 1;
        if (depth > limits.depth) return { depth, offset };
        if (opener.left > 0) {
          opener.inside = depth;
        } else {
          stack.pop();
          mine.pop();
          if (stack.length > 0) stack[stack.length - 1]!.inside = Math.max(stack[stack.length - 1]!.inside, depth);
        }
      }
      if (emphasisSteps > limits.emphasisSteps) return { construct: 'emphasis', steps: emphasisSteps, offset };
    }
    if (canOpen && length > 0) {
      byMarker[marker]!.push(stack.length);
      stack.push({ marker, left: length, inside: 0 });
    }
  }
  const constructSteps = separators * (4 * separators + words);
  return constructSteps > limits.constructSteps ? { construct: 'constructs', steps: constructSteps, offset: 0 } : null;
}

/** Whether a word starts at `at`: a letter or digit after anything else. */
function isWordStart(text: string, at: number): boolean {
  return isWordChar(text.charCodeAt(at)) && (at === 0 || !isWordChar(text.charCodeAt(at - 1)));
}

function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code > 127;
}

/**
 * Finds the next occurrence of a string at or after an offset that only grows, in linear time
 * overall: each string's last answer stands until the offset passes it.
 */
function nextOccurrence(text: string): (what: string, from: number) => number {
  const last = new Map<string, number>();
  return (what, from) => {
    const known = last.get(what);
    if (known !== undefined && (known < 0 || known >= from)) return known;
    const found = text.indexOf(what, from);
    last.set(what, found);
    return found;
  };
}

/** Length of the run of `text[at]` starting at `at`. */
export function runLength(text: string, at: number): number {
  let end = at + 1;
  while (end < text.length && text[end] === text[at]) end++;
  return end - at;
}

/**
 * Start of each run (of backticks, or of `$`) that opens a span → the offset just past its closing
 * run (the next run of the same length). One pass, so a paragraph of stray runs stays linear.
 */
export function spanEnds(text: string, runs: RegExp): Map<number, number> {
  const found: [number, number][] = [];
  for (const match of text.matchAll(runs)) found.push([match.index, match[0].length]);
  const ends = new Map<number, number>();
  const nextOfLength = new Map<number, number>();
  for (let k = found.length - 1; k >= 0; k--) {
    const [start, length] = found[k]!;
    const close = nextOfLength.get(length);
    if (close !== undefined) ends.set(start, close + length);
    nextOfLength.set(length, start);
  }
  return ends;
}
