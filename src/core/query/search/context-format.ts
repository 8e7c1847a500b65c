/**
 * The text block a caller pastes into an LLM prompt. Plain labelled lines rather than JSON: models
 * cite "[Result 2]" and the source line reliably, and the output is byte-for-byte deterministic.
 */
import { compareIds } from '../../common/ordering';
import { readField, readText, type ResultLike } from './result-fields';

/** The line between two results. */
export const CONTEXT_SEPARATOR = '\n\n====\n\n';

const NA = 'n/a';

/**
 * `section_url` (the page URL with the section's anchor), else `source_url`, else `file_path:start-end` (or `file_path:start`, or `file_path`), else the API
 * result's precomputed `source`, else n/a.
 */
function sourceLine(result: ResultLike): string {
  const url = readText(result, 'section_url') ?? readText(result, 'source_url');
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

/**
 * Formats results for a prompt, best first, one block each (missing fields print `n/a`, the chunk
 * text is the expanded `passage`, else `text` or `content`, trimmed), blocks joined by {@link CONTEXT_SEPARATOR}; '' for none.
 *
 * @example
 * formatContext([{ score: 0.81234, source_url: 'https://book.dev/ros2', chapter: 'ROS 2', text: 'Nodes…' }]);
 * // → '[Result 1]\nScore: 0.8123\nSource: https://book.dev/ros2\nChapter: ROS 2\nSection: n/a\n---\nNodes…'
 */
export function formatContext(results: readonly ResultLike[]): string {
  return ordered(results)
    .map((result, i) => {
      const score = Number.isFinite(result.score) ? result.score.toFixed(4) : NA;
      // An expanded hit (`expand=N`) gives its whole passage: that is what the prompt wanted.
      const passage = (result.passage as { content?: unknown } | undefined)?.content;
      const text = (typeof passage === 'string' && passage.trim() ? passage : (readText(result, 'text') ?? readText(result, 'content')))?.trim() ?? NA;
      return [
        `[Result ${i + 1}]`,
        `Score: ${score}`,
        `Source: ${sourceLine(result)}`,
        `Chapter: ${readText(result, 'chapter') ?? NA}`,
        `Section: ${readText(result, 'section') ?? NA}`,
        '---',
        text,
      ].join('\n');
    })
    .join(CONTEXT_SEPARATOR);
}
