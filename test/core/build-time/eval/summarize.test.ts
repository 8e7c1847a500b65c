import { describe, expect, it } from 'vitest';
import { parseQuerySet } from '../../../../src/core/build-time/eval/query-set';
import type { EvalResult } from '../../../../src/core/build-time/eval/relevance';
import { nearestRankPercentile, summarizeQuery, summarizeRuns, type QueryRun } from '../../../../src/core/build-time/eval/summarize';

const FULL = { content: 'c', source_url: 'https://b.dev/p', section: 's', title: 't', chunk_index: 0 };

function chunk(file: string, score: number, chapter = 'other', extra: Record<string, unknown> = {}): EvalResult {
  return { score, payload: { ...FULL, file_path: file, chapter, ...extra } };
}

/**
 * Four queries, every number below worked out by hand:
 *  q1 a.md labelled; ranking a, a (dup), x        → P@3 1/3, P@5 1/5, hit, RR 1,   nDCG 1
 *  q2 chapter ros2;  ranking x, y, b(ros2)        → P@3 1/3, P@5 1/5, hit, RR 1/3, nDCG 1/log2(4) = 0.5; flagged low confidence
 *  q3 c.md labelled; ranking x (missing title)    → all 0, miss → FAIL
 *  q4 expect_no_results; ranking empty            → PASS
 */
function fixtureRuns(): QueryRun[] {
  const items = parseQuerySet([
    { id: 'q1', query: 'page a', expected: { file_paths: ['a.md'] }, category: 'concept' },
    { id: 'q2', query: 'chapter ros2', expected: { chapters: ['ros2'] } },
    { id: 'q3', query: 'page c', expected: { file_paths: ['c.md'] } },
    { id: 'q4', query: 'pizza', expect_no_results: true },
  ]);
  const rankings: EvalResult[][] = [
    [chunk('a.md', 0.9), chunk('a.md', 0.85), chunk('x.md', 0.5)],
    [chunk('x.md', 0.35), chunk('y.md', 0.3), chunk('b.md', 0.2, 'ros2')],
    [chunk('x.md', 0.6, 'other', { title: '' })],
    [],
  ];
  const latencies = [100, 300, 200, 50];
  // The retriever's own verdict: only q2 is flagged (q3's 0.6 and q1's 0.9 are not).
  const flagged = [false, true, false, false];
  return items.map((item, i) => ({ item, results: rankings[i] ?? [], latencyMs: latencies[i] ?? 0, flaggedLowConfidence: flagged[i] }));
}

describe('nearestRankPercentile', () => {
  it('matches the textbook nearest-rank example (15, 20, 35, 40, 50)', () => {
    // Wikipedia "Percentile", nearest-rank method: P5 = 15, P30 = 20, P40 = 20, P50 = 35, P100 = 50.
    const values = [50, 15, 40, 20, 35];
    expect(nearestRankPercentile(values, 5)).toBe(15);
    expect(nearestRankPercentile(values, 30)).toBe(20);
    expect(nearestRankPercentile(values, 40)).toBe(20);
    expect(nearestRankPercentile(values, 50)).toBe(35);
    expect(nearestRankPercentile(values, 100)).toBe(50);
    expect(nearestRankPercentile(values, 0)).toBe(15);
  });

  it('p95 of 1..20 is the 19th value (ceil(0.95 · 20) = 19); empty gives null', () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(nearestRankPercentile(values, 95)).toBe(19);
    expect(nearestRankPercentile(values, 50)).toBe(10);
    expect(nearestRankPercentile([], 50)).toBeNull();
  });
});

describe('summarizeQuery', () => {
  it('reports the per-query metrics and the top hits', () => {
    const q2 = summarizeQuery(fixtureRuns()[1]!);
    expect(q2.p3).toBeCloseTo(1 / 3, 12);
    expect(q2.p5).toBeCloseTo(1 / 5, 12);
    expect(q2.rr).toBeCloseTo(1 / 3, 12);
    expect(q2.ndcg5).toBeCloseTo(0.5, 12);
    expect(q2.hit_at_k).toBe(true);
    expect(q2.low_confidence).toBe(true);
    expect(q2.pass).toBe(true);
    expect(q2.top).toEqual([
      { rank: 1, score: 0.35, chapter: 'other', file_path: 'x.md', relevant: false, duplicate: false, passage: false },
      { rank: 2, score: 0.3, chapter: 'other', file_path: 'y.md', relevant: false, duplicate: false, passage: false },
      { rank: 3, score: 0.2, chapter: 'ros2', file_path: 'b.md', relevant: true, duplicate: false, passage: false },
    ]);
    // q1 returns page a.md twice: the second chunk is marked as a duplicate.
    const q1 = summarizeQuery(fixtureRuns()[0]!);
    expect(q1.top.map((t) => [t.relevant, t.duplicate])).toEqual([[true, false], [true, true], [false, false]]);
  });

  it('uses the item k for hit@k', () => {
    const [item] = parseQuerySet([{ query: 'x', expected: { file_paths: ['b.md'] }, k: 1 }]);
    const report = summarizeQuery({ item: item!, results: [chunk('x.md', 0.9), chunk('b.md', 0.8)], latencyMs: 1 });
    expect(report.hit_at_k).toBe(false);
    expect(report.pass).toBe(false);
    expect(report.rr).toBe(0.5);
  });

  it('fails an expect_no_results query that returned something, unless scores are under the threshold', () => {
    const [item] = parseQuerySet([{ query: 'pizza', expect_no_results: true }]);
    const run = { item: item!, results: [chunk('x.md', 0.2)], latencyMs: 1 };
    expect(summarizeQuery(run).pass).toBe(false);
    expect(summarizeQuery(run, { noResultsScoreBelow: 0.25 }).pass).toBe(true);
    expect(summarizeQuery(run).p3).toBeNull();
  });

  it('passes an expect_no_results query when the retriever flags its results as low confidence', () => {
    const [item] = parseQuerySet([{ query: 'pizza', expect_no_results: true }]);
    const results = [chunk('x.md', 0.7)];
    expect(summarizeQuery({ item: item!, results, latencyMs: 1, flaggedLowConfidence: true }).pass).toBe(true);
    expect(summarizeQuery({ item: item!, results, latencyMs: 1, flaggedLowConfidence: false }).pass).toBe(false);
  });

  it('takes low confidence from the retriever\'s flag, whatever the top-1 score', () => {
    const [item] = parseQuerySet([{ query: 'x', expected: { file_paths: ['a.md'] } }]);
    // A fused or LSA score near 1 can still be flagged (the term rule); a low cosine may not be.
    expect(summarizeQuery({ item: item!, results: [chunk('a.md', 0.99)], latencyMs: 1, flaggedLowConfidence: true }).low_confidence).toBe(true);
    expect(summarizeQuery({ item: item!, results: [chunk('a.md', 0.1)], latencyMs: 1, flaggedLowConfidence: false }).low_confidence).toBe(false);
    expect(summarizeQuery({ item: item!, results: [chunk('a.md', 0.1)], latencyMs: 1 }).low_confidence).toBeNull();
    expect(summarizeQuery({ item: item!, results: [], latencyMs: 1, error: 'upstream_timeout', flaggedLowConfidence: true }).low_confidence).toBeNull();
  });

  it('fails a query whose retrieval errored and scores it 0', () => {
    const run = { ...fixtureRuns()[0]!, error: 'upstream_timeout' };
    const report = summarizeQuery(run);
    expect(report.pass).toBe(false);
    expect(report.p3).toBe(0);
    expect(report.error).toBe('upstream_timeout');
  });
});

describe('summarizeRuns', () => {
  it('computes the summary means by hand', () => {
    const { summary, queries } = summarizeRuns(fixtureRuns());
    expect(queries.map((q) => q.pass)).toEqual([true, true, false, true]);
    expect(summary).toMatchObject({ queries: 4, labelled: 3, expect_no_results: 1, passed: 3, failed: 1, errors: 0, low_confidence: 1 });
    // Labelled only: P@3 (1/3 + 1/3 + 0)/3 = 2/9; P@5 (0.2 + 0.2 + 0)/3; MRR (1 + 1/3 + 0)/3 = 4/9; nDCG (1 + 0.5 + 0)/3.
    expect(summary.mean_p3).toBeCloseTo(2 / 9, 12);
    expect(summary.mean_p5).toBeCloseTo(0.4 / 3, 12);
    expect(summary.mrr).toBeCloseTo(4 / 9, 12);
    expect(summary.mean_ndcg5).toBeCloseTo(0.5, 12);
    // Hit rate counts the expect_no_results query: 3 of 4 pass; labelled only: 2 of 3.
    expect(summary.hit_rate).toBe(0.75);
    expect(summary.labelled_hit_rate).toBeCloseTo(2 / 3, 12);
    // Top-1 of the three non-empty rankings: 0.9, 0.35, 0.6.
    expect(summary.top1_score?.min).toBe(0.35);
    expect(summary.top1_score?.max).toBe(0.9);
    expect(summary.top1_score?.mean).toBeCloseTo(1.85 / 3, 12);
    // Latencies 50, 100, 200, 300: p50 = 2nd (ceil 2.0), p95 = 4th (ceil 3.8).
    expect(summary.latency_ms).toEqual({ p50: 100, p95: 300 });
    // 7 results returned, the one in q3 has a blank title.
    expect(summary.results_checked).toBe(7);
    expect(summary.metadata_integrity).toBeCloseTo(6 / 7, 12);
  });

  it('counts as low-confidence the queries the retriever flagged, not those with a low top-1 score', () => {
    const runs = fixtureRuns().map((run) => ({ ...run, flaggedLowConfidence: run.item.id === 'q1' || run.item.id === 'q4' }));
    const { summary, queries } = summarizeRuns(runs);
    expect(queries.map((q) => q.low_confidence)).toEqual([true, false, false, true]);
    expect(summary.low_confidence).toBe(2);
  });

  it('fails every default criterion and lists actual vs required', () => {
    const report = summarizeRuns(fixtureRuns());
    expect(report.pass).toBe(false);
    expect(report.criteria.map((c) => [c.key, c.required, c.pass])).toEqual([
      ['minP3', 0.7, false],
      ['minHitRate', 0.8, false],
      ['minMetadata', 1, false],
    ]);
    expect(report.criteria[1]?.actual).toBe(0.75);
  });

  it('passes when the actual value equals the threshold, fails just above it', () => {
    const lenient = summarizeRuns(fixtureRuns(), { criteria: { minP3: 2 / 9, minHitRate: 0.75, minMetadata: 6 / 7 } });
    expect(lenient.pass).toBe(true);
    const strict = summarizeRuns(fixtureRuns(), { criteria: { minP3: 0.2, minHitRate: 0.76, minMetadata: 0.8 } });
    expect(strict.criteria.map((c) => c.pass)).toEqual([true, false, true]);
    expect(strict.pass).toBe(false);
  });

  it('skips the precision criterion when no query is labelled', () => {
    const runs = fixtureRuns().filter((r) => r.item.expect_no_results);
    const report = summarizeRuns(runs);
    expect(report.summary.mean_p3).toBeNull();
    expect(report.summary.metadata_integrity).toBeNull();
    expect(report.criteria[0]).toMatchObject({ actual: null, pass: true });
    expect(report.pass).toBe(true);
  });
});
