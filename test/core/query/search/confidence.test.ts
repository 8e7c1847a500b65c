import { describe, expect, it } from 'vitest';
import { summarizeConfidence } from '../../../../src/core/query/search/confidence';

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
