import { describe, expect, it } from 'vitest';
import { parseQuerySet } from '../../../../src/core/build-time/eval/query-set';
import { compareReports, formatReportText } from '../../../../src/core/build-time/eval/report-text';
import { summarizeRuns, type QueryRun } from '../../../../src/core/build-time/eval/summarize';

const FULL = { content: 'c', source_url: 'https://b.dev/p', section: 's', title: 't', chunk_index: 0, chapter: 'ros2' };

function runs(relevantFirst: boolean, latency: number): QueryRun[] {
  const items = parseQuerySet([
    { id: 'nodes', query: 'What is a node?', expected: { file_paths: ['a.md'] } },
    { id: 'neg', query: 'pizza', expect_no_results: true },
  ]);
  const a = { score: 0.8, payload: { ...FULL, file_path: 'a.md' } };
  const x = { score: 0.3, payload: { ...FULL, file_path: 'x.md' } };
  return [
    { item: items[0]!, results: relevantFirst ? [a, x] : [x, a, a], latencyMs: latency },
    { item: items[1]!, results: [], latencyMs: latency },
  ];
}

describe('formatReportText', () => {
  it('prints one line per query, the summary and a verdict per criterion', () => {
    const text = formatReportText(summarizeRuns(runs(false, 120)));
    const lines = text.split('\n');
    // P@3 = 1/3 (a.md at rank 2), hit rate 2/2, metadata complete.
    expect(lines.find((l) => l.startsWith('nodes'))).toMatch(/PASS\s+0\.33\s+0\.20\s+y@5\s+0\.50/);
    // a.md again at rank 3 is a duplicate (=), not a second relevant page.
    expect(text).toContain('top: 1  0.30 ros2 x.md | 2+ 0.80 ros2 a.md | 3= 0.80 ros2 a.md');
    expect(lines.find((l) => l.startsWith('neg'))).toMatch(/PASS .* none/);
    expect(text).toContain('FAIL  mean P@3: 0.333 (required >= 0.700)');
    expect(text).toContain('PASS  hit rate: 1.000 (required >= 0.800)');
    expect(text).toContain('PASS  metadata integrity: 1.000 (required >= 1.000)');
    expect(text).toContain('latency (ms)        p50 120 / p95 120');
    expect(lines.at(-1)).toBe('RESULT: FAIL');
  });
});

describe('compareReports', () => {
  it('puts the summaries side by side and stars the best value per row', () => {
    const table = compareReports([
      { name: 'dense', report: summarizeRuns(runs(false, 40)) },
      { name: 'hybrid+rerank', report: summarizeRuns(runs(true, 90)) },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^metric\s+dense\s+hybrid\+rerank$/);
    // P@3: dense 1/3, reranked 1/3 (one distinct relevant page either way) → tie, both starred.
    expect(lines.find((l) => l.startsWith('mean P@3'))).toMatch(/0\.333\*\s+0\.333\*$/);
    // MRR: 0.5 vs 1 → the reranked one wins.
    expect(lines.find((l) => l.startsWith('MRR'))).toMatch(/0\.500\s+1\.000\*$/);
    // Lower latency is better.
    expect(lines.find((l) => l.startsWith('latency p50'))).toMatch(/40\*\s+90$/);
    // Top-1 scores differ in scale from run to run (BM25, cosine, fused): no best to star.
    expect(lines.find((l) => l.startsWith('top-1 score mean'))).not.toContain('*');
    expect(lines.find((l) => l.startsWith('verdict'))).toMatch(/FAIL\s+FAIL$/);
    expect(lines.find((l) => l.startsWith('passed'))).toMatch(/2\/2\s+2\/2$/);
  });
});
