import { describe, expect, it } from 'vitest';
import { buildWarnings, summarizeConfidence } from '../../../../src/core/query/search/confidence';

const r = (score: number, extra: Record<string, unknown> = {}) => ({ score, ...extra });

describe('summarizeConfidence (cosine)', () => {
  it('computes avg / min / max / population std and rates high', () => {
    // avg (0.8 + 0.6) / 2 = 0.7; std sqrt((0.1² + 0.1²) / 2) = 0.1; top 0.8 ≥ 0.7 and avg ≥ 0.5 → high
    const s = summarizeConfidence([r(0.8), r(0.6)]);
    expect(s.avg).toBeCloseTo(0.7, 12);
    expect(s.min).toBe(0.6);
    expect(s.max).toBe(0.8);
    expect(s.std).toBeCloseTo(0.1, 12);
    expect(s.rating).toBe('high');
    expect(s.low_confidence).toBe(false);
    expect(s.rated_on).toBe('score');
  });

  it('rates medium when the top passes 0.4 but the average is low', () => {
    // avg = 1.25 / 3 ≈ 0.4167 < 0.5 → not high; top 0.75 ≥ 0.4 → medium
    const s = summarizeConfidence([r(0.75), r(0.3), r(0.2)]);
    const avg = 1.25 / 3;
    expect(s.std).toBeCloseTo(Math.sqrt(((0.75 - avg) ** 2 + (0.3 - avg) ** 2 + (0.2 - avg) ** 2) / 3), 12);
    expect(s.rating).toBe('medium');
  });

  it('rates low below lowConfidenceScore, which is configurable', () => {
    expect(summarizeConfidence([r(0.35), r(0.2)])).toMatchObject({ rating: 'low', low_confidence: true });
    expect(summarizeConfidence([r(0.35), r(0.2)], { lowConfidenceScore: 0.3 })).toMatchObject({
      rating: 'medium',
      low_confidence: false,
    });
  });

  it("is 'none' with null statistics for no results", () => {
    expect(summarizeConfidence([])).toEqual({
      avg: null,
      min: null,
      max: null,
      std: null,
      unique_sources: 0,
      unique_modules: 0,
      rating: 'none',
      low_confidence: true,
      scale: 'cosine',
      rated_on: null,
    });
  });

  it('counts distinct documents (file_path, else source_url without #fragment) and modules', () => {
    const s = summarizeConfidence([
      r(0.9, { source_url: 'https://b.dev/a#one', module: 'm1' }),
      r(0.8, { source_url: 'https://b.dev/a#two', payload: { module: 'm1' } }),
      r(0.7, { payload: { file_path: 'docs/b.md', source_url: 'https://b.dev/b', module: 'm2' } }),
      r(0.6, {}),
    ]);
    expect(s.unique_sources).toBe(2);
    expect(s.unique_modules).toBe(2);
  });
});

describe('summarizeConfidence (fused, bm25)', () => {
  it('rates fused results on their raw semantic cosine', () => {
    // fused scores look great (1, 0.6) but the cosines are 0.3 and 0.25 → low
    const results = [r(1, { scores: { semantic: 0.3 } }), r(0.6, { scores: { semantic: 0.25 } }), r(0.5, { scores: { semantic: null } })];
    expect(summarizeConfidence(results, { scale: 'fused' })).toMatchObject({ rating: 'low', rated_on: 'semantic', max: 1 });
    expect(summarizeConfidence(results, { scale: 'cosine' }).rating).toBe('high');
  });

  it('falls back to the relative gap for fused results without cosines', () => {
    // runners-up median (0.02 + 0.01) / 2 = 0.015; gap (0.033 − 0.015) / 0.033 ≈ 0.545 → high
    expect(summarizeConfidence([r(0.033), r(0.02), r(0.01)], { scale: 'fused' })).toMatchObject({
      rating: 'high',
      rated_on: 'relative_gap',
    });
  });

  it('rates bm25 by the gap between the top and the median of the others', () => {
    const rate = (scores: number[]) => summarizeConfidence(scores.map((s) => r(s)), { scale: 'bm25' }).rating;
    expect(rate([10, 4, 3])).toBe('high'); // median 3.5 → gap 0.65
    expect(rate([10, 8, 7])).toBe('medium'); // median 7.5 → gap 0.25
    expect(rate([10, 9.5, 9])).toBe('low'); // median 9.25 → gap 0.075
    expect(rate([10, 6, 5.9, 1])).toBe('medium'); // median of [6, 5.9, 1] = 5.9 → gap 0.41
    expect(rate([5])).toBe('medium');
    expect(rate([0, 0])).toBe('low');
  });
});

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
