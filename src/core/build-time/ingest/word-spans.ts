/**
 * Where a prose line too long for any chunk may be cut when it has no sentence end to cut at (a
 * 100,000-word line made one chunk of ~200,000 estimated tokens; Cohere embeds ~512 and drops the
 * rest): between words, and a single word longer than a chunk between characters. Only offsets are
 * computed: a part is always an exact slice of the source.
 */
import { estimateTokens } from './estimate-tokens';
import type { Span } from '../../common/text/sentence-spans';

/**
 * `text.slice(start, end)` cut between words into runs of at most `budget` estimated tokens; a
 * single word over `budget` is cut every `budget` code points (no character costs more than one
 * token, so each cut fits).
 *
 * @example
 * wordSpans('one two three four', 0, 18, 2); // [[0, 7], [8, 18]]
 */
export function wordSpans(text: string, start: number, end: number, budget: number): Span[] {
  const spans: Span[] = [];
  let open: Span | null = null;
  let size = 0;
  for (const match of text.slice(start, end).matchAll(/\S+/g)) {
    const word: Span = [start + match.index, start + match.index + match[0].length];
    const cost = estimateTokens(match[0]);
    if (open && size + cost <= budget) {
      open = [open[0], word[1]];
      size += cost;
      continue;
    }
    if (open) spans.push(open);
    if (cost <= budget) {
      open = word;
      size = cost;
      continue;
    }
    spans.push(...characterSpans(text, word, budget));
    open = null;
    size = 0;
  }
  if (open) spans.push(open);
  return spans;
}

/** A word cut every `budget` code points (never inside a surrogate pair). */
function characterSpans(text: string, [start, end]: Span, budget: number): Span[] {
  const spans: Span[] = [];
  let from = start;
  let count = 0;
  for (let i = start; i < end; ) {
    i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    if (++count === budget || i >= end) {
      spans.push([from, i]);
      from = i;
      count = 0;
    }
  }
  return spans;
}
