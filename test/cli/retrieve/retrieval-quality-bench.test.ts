/**
 * bench/retrieval-quality.ts: per-mode figures equal a `retrieve --validate` of the same mode,
 * ratios are against the keyword run of the same benchmark, and a drop below the recorded
 * baseline is reported.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRetrievalQuality } from '../../../bench/retrieval-quality';
import type { ValidationReport } from '../../../src/core/build-time/eval/validation-report';
import { TEST_INDEX } from '../../support/test-index';
import { retrieve, SAMPLE_QUERIES, SMALL_QUERIES } from './support';

describe('runRetrievalQuality', () => {
  it('puts keyword first, matches --validate per mode, and divides by the keyword figures', async () => {
    const result = await runRetrievalQuality({ queriesPath: SMALL_QUERIES, runs: ['hybrid'], baselinePath: null, indexPath: TEST_INDEX });
    expect(result.queries).toBe(5);
    expect(result.rows.map((r) => r.name)).toEqual(['keyword', 'hybrid']);
    const [keyword, hybrid] = result.rows as [(typeof result.rows)[0], (typeof result.rows)[0]];
    const cli = JSON.parse((await retrieve(['--validate', SMALL_QUERIES, '--mode', 'hybrid', '--json'])).out) as ValidationReport;
    expect([hybrid.mean_p3, hybrid.mean_p5, hybrid.mrr, hybrid.mean_ndcg5, hybrid.hit_rate]).toEqual([
      cli.summary.mean_p3, cli.summary.mean_p5, cli.summary.mrr, cli.summary.mean_ndcg5, cli.summary.hit_rate,
    ]);
    for (const metric of ['mean_p3', 'mean_p5', 'mrr', 'mean_ndcg5', 'hit_rate'] as const) {
      expect(keyword.vs_keyword[metric]).toBe(1);
      expect(hybrid.vs_keyword[metric]).toBeCloseTo(hybrid[metric]! / keyword[metric]!, 12);
    }
    expect(result.text).toMatch(/^keyword +\d\.\d{3} .* 1\.00x +1\.00x +1\.00x$/m);
    expect(result.regressions).toEqual([]);
  });

  it('tracks passage MRR where the set names sections, as --validate computes it (null where it names none)', async () => {
    const result = await runRetrievalQuality({ queriesPath: SAMPLE_QUERIES, runs: ['hybrid'], baselinePath: null, indexPath: TEST_INDEX });
    const hybrid = result.rows[1]!;
    const cli = JSON.parse((await retrieve(['--validate', SAMPLE_QUERIES, '--mode', 'hybrid', '--json'])).out) as ValidationReport;
    expect(cli.summary.passages?.queries).toBeGreaterThan(30);
    expect(hybrid.passage_mrr).toBe(cli.summary.passages?.mrr);
    // A passage hit is stricter than a page hit.
    expect(hybrid.passage_mrr!).toBeLessThanOrEqual(hybrid.mrr!);
    expect(result.text).toMatch(/passage MRR/);
    const small = await runRetrievalQuality({ queriesPath: SMALL_QUERIES, runs: [], baselinePath: null, indexPath: TEST_INDEX });
    expect(small.rows[0]!.passage_mrr).toBeNull();
  });

  it('reports a metric that fell below the baseline, and only that one', async () => {
    const result = await runRetrievalQuality({
      queriesPath: SMALL_QUERIES,
      runs: ['hybrid'],
      baselinePath: resolve(__dirname, 'fixtures/impossible-baseline.json'),
      indexPath: TEST_INDEX,
    });
    expect(result.regressions).toHaveLength(1);
    expect(result.regressions[0]).toMatch(/^keyword mean_p3 \d\.\d{3} < baseline 1\.010$/);
    expect(result.text).toMatch(/REGRESSIONS vs baseline:/);
  });
});
