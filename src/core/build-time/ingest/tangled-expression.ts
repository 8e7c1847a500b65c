/**
 * MDX expressions that would make acorn re-parse most of themselves at each `}` (tangled-inline.ts
 * asks for .mdx pages): a 9 KB expression of 3,000 `{}` took 1.6 s.
 */
import { fenceTracker } from './code-fences';
import { createLineIndex } from './line-index';
import { runLength, spanEnds, type TangledInline } from './tangled-paragraph';

/**
 * The MDX expression (`{…}`, spanning lines and paragraphs) whose `}` would make acorn parse more
 * than `limit` characters, or null: micromark hands acorn the expression from its `{` at each `}`
 * until one parses. Fenced code is skipped, and inline code outside expressions (inside one, a
 * backtick is a template literal and its `${…}` count).
 */
export function costlyExpressions(lines: string[], limit: number): TangledInline | null {
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
        if (steps > limit) return { line: block[createLineIndex(text).lineOf(i) - 1]![0], construct: 'expression', steps };
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
