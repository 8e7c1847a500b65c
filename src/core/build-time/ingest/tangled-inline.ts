/**
 * Inline markdown the parser would choke on, found by a linear scan before parsing. micromark
 * resolves a paragraph's inline constructs with walks and copies that grow with the paragraph, so a
 * paragraph built to exercise them is quadratic: 20,000 nested `*` took 25–150 s before overflowing
 * the stack; 5,000 `[a` then 5,000 `b]` (each `]` reads back to its `[`) 1.6 s and 20,000 over 30 s;
 * 5,000 `~a` then 5,000 `b~` 9.6 s; 5,000 unclosed `<!--` 2 s; 100 unmatched backtick runs in 140 KB
 * 2.4 s; 20,000 ordinary links on one line 6.5 s; a 9 KB MDX expression of 3,000 `{}` 1.6 s (acorn
 * re-parses it at each `}`). No real page comes near, so such a page is skipped instead of parsed.
 */
import { fenceTracker } from './code-fences';
import { MAX_NESTING_DEPTH } from './nesting-depth';

/**
 * Delimiter runs closers may walk back over in one paragraph before the page is refused: micromark
 * spent 20–170 ns on each (more when words lie between the runs), so this is at most ~0.2 s. No
 * paragraph of the seventeen real books, the sample book or 614 READMEs and docs of installed
 * packages reaches 1,000.
 */
export const MAX_EMPHASIS_STEPS = 1_000_000;

/**
 * Characters one paragraph may make the parser read again: from each `]` back to its `[` (or to the
 * last bracket), and to the paragraph's end from each `<!--`, `<?`, `<![CDATA[`, `<!X` with no end
 * and each backtick (or MDX `$`) run with no closing run. micromark spent 5–200 ns on each, so this
 * is at most ~0.4 s; the heaviest real paragraph (the books, 583 package docs) reads 2,000.
 */
export const MAX_RESCAN = 2_000_000;

/**
 * Separators × events of one paragraph (~4 events a separator, 1 a word): micromark merges the text
 * between constructs with a splice of the paragraph's events, once per construct or line ending
 * (0.3–2.5 ns a step), so a paragraph of thousands of links, markers or lines is quadratic. This is
 * ~0.1–1 s; the heaviest real paragraph (the books, 583 package docs) is under 10,000,000.
 */
export const MAX_CONSTRUCT_STEPS = 400_000_000;

/**
 * Characters of MDX expressions acorn may parse: an expression is re-parsed from its `{` at each of
 * its `}` (40–400 ns a character), so this is at most ~0.8 s. The books' two MDX pages with
 * expressions parse under 100.
 */
export const MAX_EXPRESSION_RESCAN = 2_000_000;

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

const LIMITS: TangledLimits = {
  depth: MAX_NESTING_DEPTH,
  emphasisSteps: MAX_EMPHASIS_STEPS,
  rescan: MAX_RESCAN,
  constructSteps: MAX_CONSTRUCT_STEPS,
  expressionRescan: MAX_EXPRESSION_RESCAN,
};

/** A run that may still open a pair. */
interface Opener {
  /** `*`, `_`, or `~1` / `~2` (strikethrough pairs runs of the same length only). */
  marker: string;
  /** Markers of the run not yet used by a pair. */
  left: number;
  /** Deepest nesting of the pairs formed after it (inside any pair it opens). */
  inside: number;
}

// A line that starts its own inline content: a list item, an ATX heading or a table row.
const BLOCK_START = /^[ \t>]*(?:[-*+][ \t]|\d{1,9}[.)][ \t]|#{1,6}(?:[ \t]|$)|\|)/;
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

/**
 * The first paragraph whose inline content would nest deeper than `limits.depth` levels of
 * emphasis or strikethrough, or cost the parser more steps than a limit allows, or null: closers
 * walking back over delimiter runs (emphasis), `]` reading back to `[` and openers reading to the
 * paragraph's end with nothing to close them (rescan), separators × events (constructs), and with
 * `mdx`, expressions re-parsed at each `}`. Pairs `*`/`_`/`~` the way CommonMark and GFM do
 * (flanking rules, strong before emphasis, runs between a pair dropped; not the rule of three),
 * skipping fenced code, inline code spans and backslash escapes; a paragraph ends at a blank line or
 * a line that opens a list item, heading or table row. An approximation: on 20,000 random strings
 * of markers, letters and backticks its emphasis depth was the parser's on 85 %, deeper on 13 %,
 * one level shallower on 1.5 %.
 *
 * @example
 * tangledInline('*'.repeat(300) + 'x' + '*'.repeat(300)); // { line: 1, construct: 'emphasis', depth: 101 }
 * tangledInline('Some *emphasis*, a [link](/x) and `code`.'); // null
 */
export function tangledInline(text: string, options: { mdx?: boolean; limits?: Partial<TangledLimits> } = {}): TangledInline | null {
  const limits = { ...LIMITS, ...options.limits };
  const mdx = options.mdx ?? false;
  const lines = text.split(/\r\n|\r|\n/);
  const expression = mdx ? costlyExpressions(lines, limits.expressionRescan) : null;
  if (expression) return expression;
  const inFence = fenceTracker();
  let block: string[] = [];
  let first = 0;
  const flush = (): TangledInline | null => {
    const found = block.length > 0 ? scanParagraph(block.join('\n'), limits, mdx) : null;
    const line = found ? first + 1 + lineOfOffset(block, found.offset) : 0;
    block = [];
    if (!found) return null;
    return 'depth' in found ? { line, construct: 'emphasis', depth: found.depth } : { line, construct: found.construct, steps: found.steps };
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const code = inFence(line);
    if (code || line.trim() === '' || BLOCK_START.test(line)) {
      const found = flush();
      if (found) return found;
      if (code || line.trim() === '') continue;
    }
    if (block.length === 0) first = i;
    block.push(line);
  }
  return flush();
}

/**
 * What a found page is skipped for, for the ingest report.
 *
 * @example
 * tangledReason({ line: 3, construct: 'html', steps: 2_500_000 }); // 'unclosed `<!--`, `<?` or `<!…` that each read to the end of the paragraph at line 3: …'
 */
export function tangledReason(found: TangledInline): string {
  const what = 'depth' in found ? `emphasis (\`*\`/\`_\`/\`~\`) nested ${found.depth} levels deep at line ${found.line} (at most ${MAX_NESTING_DEPTH} are read)` : `${COSTLY[found.construct]} at line ${found.line}`;
  return `${what}: the markdown parser would run out of stack or take minutes`;
}

const COSTLY: Record<TangledConstruct, string> = {
  emphasis: 'emphasis markers (`*`/`_`/`~`) that pair with nothing in the paragraph',
  brackets: 'brackets (`[`/`]`) that each read back over much of the paragraph',
  html: 'unclosed `<!--`, `<?` or `<!…` that each read to the end of the paragraph',
  code: 'backtick runs with no closing run, each read to the end of the paragraph',
  math: '`$` runs with no closing run, each read to the end of the paragraph',
  constructs: 'a paragraph of tens of thousands of links, markers or lines',
  expression: 'an MDX expression re-parsed from its `{` at each of its thousands of `}`',
};

type Found = ({ depth: number } | { construct: TangledConstruct; steps: number }) & { offset: number };

/** Scans one paragraph; stops at the first limit passed. */
function scanParagraph(text: string, limits: TangledLimits, mdx: boolean): Found | null {
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

/**
 * The MDX expression (`{…}`, spanning lines and paragraphs) whose `}` would make acorn parse more
 * than `limit` characters, or null: micromark hands acorn the expression from its `{` at each `}`
 * until one parses. Fenced code is skipped, and inline code outside expressions (inside one, a
 * backtick is a template literal and its `${…}` count).
 */
function costlyExpressions(lines: string[], limit: number): TangledInline | null {
  const inFence = fenceTracker();
  let depth = 0;
  let start = 0;
  let steps = 0;
  let offset = 0;
  // The lines of a paragraph, for its code spans: [line number, offset of its start, text].
  let block: [number, number, string][] = [];
  const flush = (): TangledInline | null => {
    const text = block.map(([, , line]) => line).join('\n');
    const codeEnds = spanEnds(text, /`+/g);
    const at = block[0]?.[1] ?? 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === '\\') i++;
      else if (ch === '`' && depth === 0) i = (codeEnds.get(i) ?? i + runLength(text, i)) - 1;
      else if (ch === '{' && depth++ === 0) start = at + i;
      else if (ch === '}' && depth > 0) {
        depth--;
        steps += at + i - start;
        if (steps > limit) return { line: block[lineOfOffset(block.map(([, , line]) => line), i)]![0], construct: 'expression', steps };
      }
    }
    block = [];
    return null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (inFence(line) || line.trim() === '') {
      const found = flush();
      if (found) return found;
    } else {
      block.push([i + 1, offset, line]);
    }
    offset += line.length + 1;
  }
  return flush();
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
function runLength(text: string, at: number): number {
  let end = at + 1;
  while (end < text.length && text[end] === text[at]) end++;
  return end - at;
}

/**
 * Start of each run (of backticks, or of `$`) that opens a span → the offset just past its closing
 * run (the next run of the same length). One pass, so a paragraph of stray runs stays linear.
 */
function spanEnds(text: string, runs: RegExp): Map<number, number> {
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

function lineOfOffset(block: string[], offset: number): number {
  let seen = 0;
  for (let k = 0; k < block.length; k++) {
    seen += block[k]!.length + 1;
    if (offset < seen) return k;
  }
  return block.length - 1;
}
