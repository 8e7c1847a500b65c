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
import { createLineIndex } from './line-index';
import { MAX_NESTING_DEPTH } from './nesting-depth';
import { costlyExpressions } from './tangled-expression';
import { scanParagraph, type TangledConstruct, type TangledInline, type TangledLimits } from './tangled-paragraph';

export type { TangledConstruct, TangledInline, TangledLimits } from './tangled-paragraph';

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

const LIMITS: TangledLimits = {
  depth: MAX_NESTING_DEPTH,
  emphasisSteps: MAX_EMPHASIS_STEPS,
  rescan: MAX_RESCAN,
  constructSteps: MAX_CONSTRUCT_STEPS,
  expressionRescan: MAX_EXPRESSION_RESCAN,
};

// A line that starts its own inline content: a list item, an ATX heading or a table row.
const BLOCK_START = /^[ \t>]*(?:[-*+][ \t]|\d{1,9}[.)][ \t]|#{1,6}(?:[ \t]|$)|\|)/;
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
    const text = block.join('\n');
    const found = block.length > 0 ? scanParagraph(text, limits, mdx) : null;
    const line = found ? first + createLineIndex(text).lineOf(found.offset) : 0;
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
