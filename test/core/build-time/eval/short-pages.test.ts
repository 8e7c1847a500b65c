import { describe, expect, it } from 'vitest';
import { parseQuerySet } from '../../../../src/core/build-time/eval/query-set';
import type { EvalResult } from '../../../../src/core/build-time/eval/relevance';
import { formatReportText } from '../../../../src/core/build-time/eval/report-text';
import { summarizeRuns, type QueryRun } from '../../../../src/core/build-time/eval/summarize';

const FULL = { content: 'c', source_url: 'https://b.dev/p', section: 's', title: 't', chapter: 'ch' };

/** Chunk `index` of page `page` (ids unique per chunk, as an index's are). */
const chunk = (page: string, index: number): EvalResult => ({ id: `${page}#${index}`, score: 0.5, payload: { ...FULL, file_path: `${page}.md`, chunk_index: index } });

// Pages a (2 chunks), b (3), c (5), x (2): a and b are short, c is not.
const BOOK = [...[0, 1].map((i) => chunk('a', i)), ...[0, 1, 2].map((i) => chunk('b', i)), ...[0, 1, 2, 3, 4].map((i) => chunk('c', i)), ...[0, 1].map((i) => chunk('x', i))];

function runs(rankings: [page: string, ranking: EvalResult[]][]): QueryRun[] {
  const items = parseQuerySet(rankings.map(([page], i) => ({ id: `q${i + 1}`, query: `about ${page}`, expected: { file_paths: [`${page}.md`] } })));
  return items.map((item, i) => ({ item, results: rankings[i]![1], latencyMs: 1, flaggedLowConfidence: false }));
}

describe('a P@3 bar missed only because of short pages', () => {
  // q1: a first, then other pages → P@3 1/3; q2: b0, x, b1 → 2/3; q3: three chunks of c → 1. Mean 2/3 < 0.7.
  const shortBook = runs([
    ['a', [chunk('a', 0), chunk('x', 0), chunk('x', 1)]],
    ['b', [chunk('b', 0), chunk('x', 0), chunk('b', 1)]],
    ['c', [chunk('c', 0), chunk('c', 2), chunk('c', 4)]],
  ]);

  it('counts the chunks each question\'s labels name, and says the bar failed only because of its short pages', () => {
    const report = summarizeRuns(shortBook, { bookChunks: BOOK });
    expect(report.queries.map((q) => q.relevant_chunks)).toEqual([2, 3, 5]);
    const p3 = report.criteria.find((c) => c.key === 'minP3')!;
    expect(p3.pass).toBe(false);
    // q1 and q2 counted full: (1 + 1 + 1) / 3.
    expect(p3.short_pages).toEqual({ questions: 2, labelled: 3, p3_if_full: 1 });
    expect(report.pass).toBe(false); // the bar stands; the report explains it
    const text = formatReportText(report);
    expect(text).toMatch(/^FAIL {2}mean P@3: 0\.667 \(required >= 0\.700\)\n {6}only because the pages are short: 2 of the 3 labelled questions/m);
    expect(text).toMatch(/Counted full, mean P@3 would be 1\.000\./);
    expect(text).toMatch(/--min-p3 0\.6$/m);
  });

  it('says nothing when a short page was not found first, or long pages miss too', () => {
    const notFirst = runs([
      ['a', [chunk('x', 0), chunk('a', 0), chunk('x', 1)]],
      ['c', [chunk('x', 0), chunk('x', 1), chunk('c', 0)]],
      ['c', [chunk('x', 0), chunk('c', 1), chunk('x', 1)]],
    ]);
    const report = summarizeRuns(notFirst, { bookChunks: BOOK });
    expect(report.criteria[0]!.pass).toBe(false);
    expect(report.criteria[0]!.short_pages).toBeUndefined();
    expect(formatReportText(report)).not.toMatch(/only because/);
  });

  it('says nothing when the book\'s chunks could not be counted (a Worker, Qdrant), nor when the bar is met', () => {
    const unknown = summarizeRuns(shortBook);
    expect(unknown.queries[0]!.relevant_chunks).toBeUndefined();
    expect(unknown.criteria[0]!.short_pages).toBeUndefined();
    const lower = summarizeRuns(shortBook, { bookChunks: BOOK, criteria: { minP3: 0.6 } });
    expect(lower.criteria[0]).toMatchObject({ pass: true });
    expect(lower.criteria[0]!.short_pages).toBeUndefined();
  });
});
