/**
 * The summary's machine fields in words a reader understands: the confidence rating and the
 * warnings (the Worker's own messages are kept; a short lead says what the code means).
 */
import type { SearchResult, SearchSummary } from '../../client/index';
import { bodyText, cutAtWord, FENCE_LINE, inlinePlain, labelledRow, linesPlain, plainBlocks, withoutTaskBoxes } from '../../client/inline-plain';
import { markedSpans } from '../../client/marked-spans';

const RATINGS: Record<string, string> = {
  high: 'High confidence: the best results match the question closely.',
  medium: 'Medium confidence: the results are related; check that they answer the question.',
  low: 'Low confidence: the book may not answer this question.',
  none: 'No answer found in the book.',
};

const WARNING_LEADS: Record<string, string> = {
  no_match: 'Key words of the question do not appear in the book.',
  low_confidence: 'Weak matches.',
  low_diversity: 'All top results come from one page.',
  all_below_threshold: 'Every candidate was below the score threshold.',
  rerank_failed: 'Reranking was unavailable.',
  expand_failed: 'The surrounding passages were unavailable.',
  deprecated_alias: 'An old parameter name was used.',
  ignored_parameter: 'A setting was sent that this kind of search does not use.',
  filter_matched_nothing: 'Check the filter.',
};

/** One sentence for the confidence rating (empty when the summary has none). */
export function confidenceInWords(summary: SearchSummary): string {
  const rating = summary.confidence?.rating;
  return rating ? (RATINGS[rating] ?? `Confidence: ${rating}.`) : '';
}

/**
 * The status line's count and time: "3 results in 12 ms.", or "3 results." when the Worker timed
 * nothing. A Worker's clock moves only across I/O (it stands still while the isolate computes, a
 * Spectre defence), so a search of the embedded index times only up to its last I/O (the result
 * cache's lookup): a few ms, or 0 ms on a cache hit, which read as a fault.
 */
export function countInWords(returned: number, totalMs: number | null | undefined): string {
  const count = `${returned} result${returned === 1 ? '' : 's'}`;
  const ms = Math.round(totalMs ?? 0);
  return ms > 0 ? `${count} in ${ms} ms.` : `${count}.`;
}

/** Each warning as "lead — the Worker's message". */
export function warningsInWords(summary: SearchSummary): string[] {
  return (summary.warnings ?? []).map((w) => {
    const lead = WARNING_LEADS[w.code];
    return lead ? `${lead} ${w.message}` : w.message;
  });
}

/**
 * The words the search read as the book's ("contoller" as "controller"), as a search engine's
 * "showing results for"; empty when it read none.
 */
export function readAsInWords(summary: SearchSummary): string {
  const read = summary.read_as ?? [];
  if (read.length === 0) return '';
  return `Searched ${read.map(({ word, as }) => `“${word}” as “${as}”`).join(', ')}, the book's word${read.length === 1 ? '' : 's'}.`;
}

/** True when the answer is empty or the Worker itself doubts it is on topic. */
export function looksOffTopic(summary: SearchSummary): boolean {
  return summary.returned === 0 || summary.confidence?.rating === 'none' || summary.confidence?.low_confidence === true || (summary.warnings ?? []).some((w) => w.code === 'no_match');
}

/**
 * What a result shows first: its highlight (the sentence that matches the question, a table row with
 * its columns' names) when the Worker sent one, else the start of its text, cut to `max` characters.
 */
export function previewOf(result: SearchResult, max: number): { text: string; terms: string[]; cut: boolean } {
  const highlight = result.highlight;
  const content = bodyText(result.content);
  if (highlight) {
    const row = result.content === null ? null : labelledRow(result.content, highlight.start, highlight.end);
    return { text: row ?? linesPlain(highlight.text), terms: highlight.terms, cut: highlight.text !== content };
  }
  const text = inlinePlain(plainBlocks(withoutTaskBoxes(unwrapped(content))));
  return text.length <= max ? { text, terms: [], cut: content !== text } : { text: cutAtWord(text, max), terms: [], cut: true };
}

/**
 * A chunk's prose lines joined where the book hard-wraps them, as a browser shows a markdown
 * paragraph (the demo page keeps line breaks, so a book wrapped at 100 characters previewed as
 * ragged lines); lines of lists, tables, quotes and code blocks stay as they are.
 *
 * @example
 * unwrapped('Cotton led the way. Most cloth\nwas made at home.\n\n- a list'); // 'Cotton led the way. Most cloth was made at home.\n\n- a list'
 */
export function unwrapped(content: string): string {
  const lines = content.split('\n');
  let fenced = false;
  // Per line: 'prose', 'item' (a list item's first line), 'wrap' (an indented line wrapped from an
  // item's), or null (kept as is).
  const kinds: Array<'prose' | 'item' | 'wrap' | null> = [];
  for (const line of lines) {
    const previous = kinds.length > 0 ? kinds[kinds.length - 1] : null;
    let kind: 'prose' | 'item' | 'wrap' | null = null;
    if (FENCE_LINE.test(line)) fenced = !fenced;
    else if (!fenced && line.trim() !== '') {
      if (LIST_ITEM.test(line)) kind = 'item';
      // An indented line straight after an item's line is that item's paragraph, hard-wrapped
      // (CommonMark reads it so: an indented code block cannot interrupt a paragraph).
      else if ((previous === 'item' || previous === 'wrap') && /^\s/.test(line) && !/^\s*[>|#<:]/.test(line)) kind = 'wrap';
      else if (!/^(?:\s{4}|\s*[>|#<:])/.test(line)) kind = 'prose';
    }
    kinds.push(kind);
  }
  let out = lines[0]!;
  for (let i = 1; i < lines.length; i++) {
    // An item's line ending in a hard break (two spaces or `\\`) stays broken, as a browser shows it.
    const wrapped = kinds[i] === 'prose' ? kinds[i - 1] === 'prose' : kinds[i] === 'wrap' && !/(?: {2}|\\)$/.test(lines[i - 1]!);
    out += wrapped ? ` ${lines[i]!.trim()}` : `\n${lines[i]}`;
  }
  return out;
}

/** A list item's first line: a `-`, `*`, `+` or `1.`/`1)` marker, however deeply nested. */
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;

/**
 * `text` as DOM nodes with each of `terms` (whole words, any case; {@link markedSpans}) in a `<mark>`:
 * the words the question matched. Text only ever goes through text nodes, so markup in a chunk is
 * shown, never run.
 */
export function markedText(text: string, terms: readonly string[]): Node[] {
  const nodes: Node[] = [];
  let from = 0;
  for (const [start, end] of markedSpans(text, terms)) {
    if (start > from) nodes.push(document.createTextNode(text.slice(from, start)));
    const mark = document.createElement('mark');
    mark.textContent = text.slice(start, end);
    nodes.push(mark);
    from = end;
  }
  if (from < text.length || nodes.length === 0) nodes.push(document.createTextNode(text.slice(from)));
  return nodes;
}
