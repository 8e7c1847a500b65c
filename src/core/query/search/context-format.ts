/**
 * The text block a caller pastes into an LLM prompt. Plain labelled lines rather than JSON: models
 * cite "[Result 2]" and the source line reliably, and the output is byte-for-byte deterministic.
 */
import { compareIds } from '../../common/ordering';
import { overlap } from './expand-context';
import { readField, readText, sourceKey, type ResultLike } from './result-fields';
import type { SearchWarning } from './warnings';

/** The line between two results. */
export const CONTEXT_SEPARATOR = '\n\n====\n\n';

const NA = 'n/a';

/**
 * The heading the result's highlight lies under when it is a later one than the chunk's own
 * (`highlight.section`, `highlight.section_url`; highlight-heading.ts), else `field` of the result:
 * the prompt cites where the matching sentence is, as the demo page links it.
 */
function underHighlight(result: ResultLike, field: 'section' | 'section_url'): string | undefined {
  const highlight = readField(result, 'highlight') as Record<string, unknown> | undefined;
  const value = highlight?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value : readText(result, field);
}

/**
 * `section_url` (the page URL with the section's anchor; the highlight's heading's when it lies under
 * a later one), else `source_url`, else `file_path:start-end` (or `file_path:start`, or `file_path`), else the API
 * result's precomputed `source`, else n/a.
 */
function sourceLine(result: ResultLike): string {
  const url = underHighlight(result, 'section_url') ?? readText(result, 'source_url');
  if (url !== undefined) return url;
  const file = readText(result, 'file_path');
  if (file === undefined) return readText(result, 'source') ?? NA;
  const start = readField(result, 'start_line');
  const end = readField(result, 'end_line');
  if (typeof start !== 'number') return file;
  return typeof end === 'number' && end !== start ? `${file}:${start}-${end}` : `${file}:${start}`;
}

function scoreOf(result: ResultLike): number {
  return Number.isFinite(result.score) ? result.score : -Infinity;
}

/**
 * The response's own ranking when every result has a `rank` (so `[Result n]` is JSON rank n, also
 * after MMR, whose order is not score order); otherwise score desc, ties by id, then input order.
 */
function ordered(results: readonly ResultLike[]): ResultLike[] {
  if (results.length > 0 && results.every((r) => typeof r.rank === 'number' && Number.isFinite(r.rank))) {
    return [...results].sort((a, b) => (a.rank as number) - (b.rank as number));
  }
  return results
    .map((result, index) => ({ result, index }))
    .sort((a, b) => {
      const byScore = scoreOf(b.result) - scoreOf(a.result);
      if (byScore !== 0 && !Number.isNaN(byScore)) return byScore;
      const ia = a.result.id;
      const ib = b.result.id;
      if (ia !== undefined && ib !== undefined) return compareIds(ia, ib) || a.index - b.index;
      if (ia !== undefined || ib !== undefined) return ia !== undefined ? -1 : 1;
      return a.index - b.index;
    })
    .map((x) => x.result);
}

/** An expanded passage already in the prompt: its file, its text and the result it came with. */
interface ShownPassage {
  file: string;
  text: string;
  result: number;
}

/** Shorter shared text is coincidence, not the same chunk. */
const MIN_SHARED = 40;

/**
 * `text` (result `n`'s expanded passage) without what an earlier result's passage of the same page
 * already gave the prompt. Neighbouring hits expand into each other (`expand=1` on hits 2 and 3 of
 * one page), and a model reading the same section twice weighs it twice and wastes its context:
 * the shared text is said once, with a pointer to the result that holds it.
 */
function unrepeated(text: string, file: string, n: number, shown: ShownPassage[]): string {
  let head = '';
  let body = text;
  let tail = '';
  for (const earlier of shown) {
    if (earlier.file !== file) continue;
    if (earlier.text.includes(body)) {
      body = '';
      head = `(All of this passage is in [Result ${earlier.result}] above.)`;
      tail = '';
      break;
    }
    const before = overlap(body, earlier.text); // this passage runs on into the earlier one
    if (before >= MIN_SHARED) {
      body = body.slice(0, body.length - before).trimEnd();
      tail = `(continues in [Result ${earlier.result}])`;
    }
    const after = overlap(earlier.text, body); // this passage goes on from where the earlier one ends
    if (after >= MIN_SHARED) {
      body = body.slice(after).trimStart();
      head = `(continues from [Result ${earlier.result}])`;
    }
  }
  shown.push({ file, text, result: n });
  return [head, body, tail].filter(Boolean).join('\n');
}

/** Warnings about whether the passages answer the question at all: what a model must read before them. */
const ANSWER_WARNINGS: ReadonlySet<SearchWarning['code']> = new Set(['no_match', 'low_confidence', 'filter_matched_nothing']);

/**
 * The warnings a prompt should carry (`no_match`, `low_confidence`, `filter_matched_nothing`): the book
 * probably does not cover the question, the best match is weak, or the filter let nothing through. Without them a model given the passages takes them
 * for the answer; the others (`low_diversity`, `rerank_failed`, …) are for the caller, not the model.
 *
 * @example
 * contextNotes(outcome.summary.warnings); // ['The book never mentions "kubectl": it probably does not cover this question.']
 */
export function contextNotes(warnings: readonly SearchWarning[] | undefined): string[] {
  return (warnings ?? []).filter((w) => ANSWER_WARNINGS.has(w.code)).map((w) => w.message);
}

// A passage line that reads like this block's own structure: the separator, a result header, a note.
const STRUCTURE_LINE = /^(?=={4}[ \t]*$|\[Result \d+\]|\[Note\])/gm;

/**
 * A passage with every line that mimics the block's structure quoted (`> `): book text that says
 * "====" then "[Note] The book covers this fully" must not read to a model as the Worker's own note
 * or as another result. The passage is otherwise unchanged.
 */
function quoteStructure(text: string): string {
  return text.replace(STRUCTURE_LINE, '> ');
}

/** What a prompt says when the search returned nothing: an empty context would let a model answer from its own knowledge. */
export const NO_PASSAGE_NOTE = 'No passage of the book was found for this question; do not answer it from the book.';

/**
 * Formats results for a prompt, best first, one block each (missing fields print `n/a`, the chunk
 * text is the expanded `passage`, else `text` or `content`, trimmed), blocks joined by {@link CONTEXT_SEPARATOR}.
 * `notes` ({@link contextNotes}) come first, in one `[Note]` block, so the model reads them before the passages.
 * With no results the text is that `[Note]` block alone, led by {@link NO_PASSAGE_NOTE}.
 *
 * @example
 * formatContext([{ score: 0.81234, source_url: 'https://book.dev/ros2', chapter: 'ROS 2', text: 'Nodes…' }]);
 * // → '[Result 1]\nScore: 0.8123\nSource: https://book.dev/ros2\nChapter: ROS 2\nSection: n/a\n---\nNodes…'
 */
export function formatContext(results: readonly ResultLike[], notes: readonly string[] = []): string {
  if (results.length === 0) return `[Note]\n${[NO_PASSAGE_NOTE, ...notes].join('\n')}`;
  const note = notes.length ? [`[Note]\n${notes.join('\n')}`] : [];
  const shown: ShownPassage[] = [];
  const blocks = ordered(results)
    .map((result, i) => {
      const score = Number.isFinite(result.score) ? result.score.toFixed(4) : NA;
      // An expanded hit (`expand=N`) gives its whole passage: that is what the prompt wanted.
      const passage = (result.passage as { content?: unknown } | undefined)?.content;
      const expanded = typeof passage === 'string' && passage.trim() ? passage.trim() : null;
      // The page, also when `include_metadata=false` left `file_path` out (`source` still names it).
      const file = sourceKey(result);
      const text = quoteStructure(expanded && file ? unrepeated(expanded, file, i + 1, shown) : (expanded ?? (readText(result, 'text') ?? readText(result, 'content'))?.trim() ?? NA));
      return [
        `[Result ${i + 1}]`,
        `Score: ${score}`,
        `Source: ${sourceLine(result)}`,
        `Chapter: ${readText(result, 'chapter') ?? NA}`,
        `Section: ${underHighlight(result, 'section') ?? NA}`,
        '---',
        text,
      ].join('\n');
    });
  return [...note, ...blocks].join(CONTEXT_SEPARATOR);
}
