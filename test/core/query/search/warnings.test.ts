import { describe, expect, it } from 'vitest';
import { summarizeConfidence } from '../../../../src/core/query/search/confidence';
import { buildWarnings } from '../../../../src/core/query/search/warnings';

const r = (score: number, extra: Record<string, unknown> = {}) => ({ score, ...extra });

describe('buildWarnings', () => {
  it('explains an empty answer caused by the threshold, with suggestions', () => {
    const [w, ...rest] = buildWarnings({
      results: [],
      belowThreshold: { count: 12, highestScore: 0.3187, threshold: 0.5 },
      mode: 'semantic',
    });
    expect(rest).toEqual([]);
    expect(w!.code).toBe('all_below_threshold');
    expect(w!.message).toContain('12 candidates');
    expect(w!.message).toContain('0.3187');
    expect(w!.details).toMatchObject({ filtered: 12, highest_score: 0.3187, threshold: 0.5 });
    const suggestions = w!.details!.suggestions as string[];
    expect(suggestions[0]).toContain('threshold=0.31'); // rounded down, so it keeps 0.3187
    expect(suggestions.some((s) => s.includes('mode=hybrid'))).toBe(true);
    expect(suggestions.some((s) => /broaden/i.test(s))).toBe(true);
  });

  it('does not suggest hybrid when already hybrid; singular for one candidate', () => {
    const [w] = buildWarnings({ results: [], belowThreshold: { count: 1, highestScore: 0.2, threshold: 0.3 }, mode: 'hybrid' });
    expect(w!.message).toContain('All 1 candidate scored');
    expect((w!.details!.suggestions as string[]).some((s) => s.includes('hybrid'))).toBe(false);
  });

  it('warns about nothing for an empty list that nothing was filtered from', () => {
    expect(buildWarnings({ results: [] })).toEqual([]);
    expect(buildWarnings({ results: [], belowThreshold: { count: 0, highestScore: null, threshold: 0.5 } })).toEqual([]);
  });

  it('flags low confidence when the top score is under 0.4', () => {
    const warnings = buildWarnings({ results: [r(0.35, { file_path: 'a.md' }), r(0.3, { file_path: 'b.md' })] });
    expect(warnings.map((w) => w.code)).toEqual(['low_confidence']);
    expect(warnings[0]!.message).toContain('0.3500');
    expect(buildWarnings({ results: [r(0.45)] })).toEqual([]);
  });

  it('flags low diversity when ≥ 3 top results share one document', () => {
    const same = [r(0.9, { file_path: 'a.md' }), r(0.8, { file_path: 'a.md' }), r(0.7, { payload: { file_path: 'a.md' } })];
    const warnings = buildWarnings({ results: same });
    expect(warnings.map((w) => w.code)).toEqual(['low_diversity']);
    expect(warnings[0]!.details).toEqual({ source: 'a.md', count: 3 });
    expect(warnings[0]!.message).toContain('group_by=page or rerank=mmr, or add a filter');
    // Under a filter, adding one is not the advice.
    expect(buildWarnings({ results: same, filtered: true })[0]!.message).not.toContain('filter');
    expect(buildWarnings({ results: same.slice(0, 2) })).toEqual([]);
    expect(buildWarnings({ results: [...same.slice(0, 2), r(0.7, { file_path: 'b.md' })] })).toEqual([]);
    expect(buildWarnings({ results: [r(0.9), r(0.8), r(0.7)] })).toEqual([]); // unknown sources: no claim
  });

  it('looks at the top 5 only for diversity, and orders warnings by severity', () => {
    const results = [0.39, 0.38, 0.37, 0.36, 0.35].map((s) => r(s, { file_path: 'a.md' }));
    results.push(r(0.3, { file_path: 'b.md' }));
    expect(buildWarnings({ results }).map((w) => w.code)).toEqual(['low_confidence', 'low_diversity']);
  });

  it('uses the given summary (e.g. a fused list rated on cosines)', () => {
    const results = [r(1, { scores: { semantic: 0.31 } }), r(0.5, { scores: { semantic: 0.2 } })];
    const [w] = buildWarnings({ results, scale: 'fused' });
    expect(w!.code).toBe('low_confidence');
    expect(w!.details!.top_score).toBe(0.31);
    expect(summarizeConfidence(results, { scale: 'fused' }).low_confidence).toBe(true);
  });
});
