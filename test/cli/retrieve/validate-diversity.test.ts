/**
 * `--validate` when the P@3 bar fails under page diversity (the default): the same questions are run
 * again with `diversity=none`, and the report says what P@3 they reach there, so "FAIL" over questions
 * that all found their page is explained, not left to be read as a bad ranking.
 */
import { describe, expect, it } from 'vitest';
import { parseQuerySet } from '../../../src/core/build-time/eval/query-set';
import type { EvalResult } from '../../../src/core/build-time/eval/relevance';
import { formatReportText } from '../../../src/core/build-time/eval/report-text';
import { summarizeRuns, type QueryRun } from '../../../src/core/build-time/eval/summarize';
import type { ValidationReport } from '../../../src/core/build-time/eval/validation-report';
import { retrieve, SAMPLE_QUERIES } from './support';

describe('retrieve --validate: a P@3 bar missed under page diversity', () => {
  it('runs the questions again without diversity and reports their P@3 there', async () => {
    // A bar the sample book misses with diversity and without it: the note says diversity is part of why.
    const run = await retrieve(['--validate', SAMPLE_QUERIES, '--min-p3', '0.95', '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.out) as ValidationReport;
    const p3 = report.criteria.find((c) => c.key === 'minP3')!;
    expect(p3.pass).toBe(false);
    expect(p3.without_diversity).toBeDefined();
    // On the sample book a page's neighbours keep their places in the top 3 without diversity: P@3 is no lower.
    expect(p3.without_diversity!.mean_p3!).toBeGreaterThanOrEqual(report.summary.mean_p3!);
    const text = await retrieve(['--validate', SAMPLE_QUERIES, '--min-p3', '0.95']);
    expect(text.out).toContain(`with diversity=none the same questions reach mean P@3 ${p3.without_diversity!.mean_p3!.toFixed(3)}`);
    expect(text.out).toContain('page diversity (the default) is part of why');
    expect(text.out).toMatch(/--min-p3 0\.\d$/m);
  });

  it('says nothing more when the run already had no diversity, or the bar is met', async () => {
    const plain = JSON.parse((await retrieve(['--validate', SAMPLE_QUERIES, '--min-p3', '0.95', '--diversity', 'none', '--json'])).out) as ValidationReport;
    expect(plain.criteria.find((c) => c.key === 'minP3')!.without_diversity).toBeUndefined();
    const met = JSON.parse((await retrieve(['--validate', SAMPLE_QUERIES, '--json'])).out) as ValidationReport;
    expect(met.criteria.find((c) => c.key === 'minP3')).toMatchObject({ pass: true });
    expect(met.criteria.find((c) => c.key === 'minP3')!.without_diversity).toBeUndefined();
  });
});

describe('the note', () => {
  const FULL = { content: 'c', source_url: 'https://b.dev/p', section: 's', title: 't', chapter: 'ch' };
  const chunk = (page: string, index: number): EvalResult => ({ id: `${page}#${index}`, score: 0.5, payload: { ...FULL, file_path: `${page}.md`, chunk_index: index } });
  // Each question's page first, then two other pages' chunks: P@3 1/3, under the 0.7 bar.
  const items = parseQuerySet(['a', 'b'].map((page, i) => ({ id: `q${i + 1}`, query: `about ${page}`, expected: { file_paths: [`${page}.md`] } })));
  const runs: QueryRun[] = items.map((item, i) => ({ item, results: [chunk(i ? 'b' : 'a', 0), chunk('x', 0), chunk('y', 0)], latencyMs: 1, flaggedLowConfidence: false }));
  const report = (withoutP3: number): ValidationReport => {
    const summarized = summarizeRuns(runs);
    summarized.criteria.find((c) => c.key === 'minP3')!.without_diversity = { mean_p3: withoutP3, hit_rate: 1 };
    return summarized;
  };

  it('names diversity as the cause when the bar is met without it, and as part of it when not', () => {
    expect(formatReportText(report(0.7))).toContain('page diversity (the default) is why');
    expect(formatReportText(report(0.66))).toContain('page diversity (the default) is part of why');
    expect(formatReportText(report(0.7))).toMatch(/set a bar it can reach: --min-p3 0\.3$/m);
  });

  it('does not blame diversity when the questions reach no higher without it', () => {
    // Diversity can raise P@3 (a second labelled page moves into the top 3): the same or less without it.
    for (const text of [formatReportText(report(1 / 3)), formatReportText(report(0.25))]) {
      expect(text).not.toContain('page diversity (the default) is');
      expect(text).toContain('page diversity is not why');
      expect(text).not.toContain('--diversity none');
    }
  });
});
