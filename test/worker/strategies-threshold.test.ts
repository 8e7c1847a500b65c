/**
 * Threshold, confidence and warnings end to end on both stores: edge cases of `threshold`
 * (0, 1, equality, invalid values), the all-dropped answer, `summary.confidence` statistics and
 * rating against the documented cut-offs, and the low-confidence / low-diversity warnings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tenant, type Tenant } from './support/harness';
import { seedBm25Collection } from './support/seed-bm25';
import { contextBlocks, FORMATS, METHODS, search, STORES } from './support/strategy-calls';
import { STRATEGY_DOCS } from './support/strategy-docs';

let t: Tenant;
beforeAll(async () => {
  t = tenant('threshold');
  await seedBm25Collection(t, STRATEGY_DOCS);
});

const codes = (summary: any) => summary.warnings.map((w: any) => w.code);

describe.each(STORES)('threshold ($store)', ({ env, q }) => {
  let plain: any[];
  beforeAll(async () => {
    plain = (await search(t, { q, k: 5 }, { env })).results;
    expect(plain).toHaveLength(5);
  });

  it('no threshold by default: all k returned', async () => {
    const answer = await search(t, { q, k: 5 }, { env });
    expect(answer.summary).toMatchObject({ threshold: null, filtered_below_threshold: 0, returned: 5 });
  });

  it('threshold=0 keeps all', async () => {
    const answer = await search(t, { q, k: 5, threshold: 0 }, { env });
    expect(answer.results.map((r) => r.id)).toEqual(plain.map((r) => r.id));
    expect(answer.summary).toMatchObject({ threshold: 0, filtered_below_threshold: 0 });
  });

  it('a score equal to the threshold is kept; the ones below are dropped and counted', async () => {
    const threshold = plain[2].score;
    const answer = await search(t, { q, k: 5, threshold: String(threshold) }, { env });
    const kept = plain.filter((r) => r.score >= threshold);
    expect(answer.results.map((r) => r.id)).toEqual(kept.map((r) => r.id));
    expect(answer.results.map((r) => r.id)).toContain(plain[2].id);
    expect(answer.summary.filtered_below_threshold).toBe(5 - kept.length);
    expect(codes(answer.summary)).not.toContain('all_below_threshold');
  });

  it.each(METHODS)('threshold=1 drops all (%s): empty 200, count, highest score and suggestions', async (method) => {
    const answer = await search(t, { q, k: 5, threshold: 1 }, { env, method });
    expect(answer.status).toBe(200);
    expect(answer.results).toEqual([]);
    expect(answer.summary).toMatchObject({ returned: 0, filtered_below_threshold: 5, threshold: 1 });
    expect(answer.summary.message).toMatch(/All 5 results scored below threshold 1/);
    const warning = answer.summary.warnings.find((w: any) => w.code === 'all_below_threshold');
    expect(warning.details).toMatchObject({ filtered: 5, highest_score: plain[0].score, threshold: 1 });
    const suggestions = warning.details.suggestions.join(' ');
    expect(suggestions).toContain(`threshold=${(Math.floor(plain[0].score * 100) / 100).toFixed(2)}`);
    expect(suggestions).toMatch(/mode=hybrid/);
    expect(suggestions).toMatch(/Broaden the query/);
    // The suggested threshold really keeps the best candidate.
    const retry = await search(t, { q, k: 5, threshold: Math.floor(plain[0].score * 100) / 100 }, { env });
    expect(retry.results[0].id).toBe(plain[0].id);
  });

  it.each(FORMATS)('all dropped in format %s', async (format) => {
    const answer = await search(t, { q, k: 3, threshold: 1 }, { env, format });
    expect(answer.status).toBe(200);
    if (format === 'context') {
      expect(contextBlocks(answer.text)).toEqual([]);
      expect(answer.text).toMatch(/^\[Note\]\nNo passage of the book was found for this question/);
      expect(answer.headers.get('x-results-returned')).toBe('0');
    } else {
      expect(answer.results).toEqual([]);
      expect(codes(answer.summary)).toContain('all_below_threshold');
    }
  });

  it('in hybrid mode the suggestions do not offer hybrid again', async () => {
    // Weights summing to 0.5 cap the fused score at 0.5.
    const answer = await search(t, { q, k: 3, mode: 'hybrid', semantic_weight: 0.35, keyword_weight: 0.15, threshold: 0.9 }, { env });
    expect(answer.results).toEqual([]);
    const warning = answer.summary.warnings.find((w: any) => w.code === 'all_below_threshold');
    expect(warning.details.highest_score).toBeLessThanOrEqual(0.5);
    expect(warning.details.suggestions.join(' ')).not.toMatch(/mode=hybrid/);
  });

  it.each([
    ['GET', '1.5'],
    ['GET', '-0.1'],
    ['GET', 'abc'],
    ['POST', 1.5],
    ['POST', -0.1],
    ['POST', 'abc'],
    ['POST', true],
  ] as const)('%s threshold=%s → 400', async (method, threshold) => {
    const answer = await search(t, { q, threshold }, { method, env });
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({ code: 'invalid_request' });
    expect(answer.error.params).toContain('threshold');
  });
});

describe.each(STORES)('summary.confidence ($store)', ({ env, q }) => {
  it('statistics of the returned scores, sources and modules, rated on the documented cut-offs', async () => {
    const answer = await search(t, { q, k: 5 }, { env });
    const scores: number[] = answer.results.map((r) => r.score);
    const avg = scores.reduce((a, b) => a + b, 0) / scores.length;
    const std = Math.sqrt(scores.reduce((a, s) => a + (s - avg) ** 2, 0) / scores.length);
    const c = answer.summary.confidence;
    expect(c.avg).toBeCloseTo(avg, 12);
    expect(c.std).toBeCloseTo(std, 12);
    expect([c.min, c.max]).toEqual([Math.min(...scores), Math.max(...scores)]);
    expect(c.unique_sources).toBe(new Set(answer.results.map((r) => r.metadata.file_path)).size);
    expect(c.unique_modules).toBe(new Set(answer.results.map((r) => r.module)).size);
    const top = Math.max(...scores);
    expect(c.rating).toBe(top >= 0.7 && avg >= 0.5 ? 'high' : top >= 0.4 ? 'medium' : 'low');
    expect(answer.summary).toMatchObject({ mode: 'semantic', rerank: 'none', total_candidates: 5 });
  });

  // The local (LSA) embedder is judged by the book's words, not by a cosine cut (see book-coverage.ts).
  it.runIf(env === STORES[0].env)('LOW_CONFIDENCE_SCORE: a Cohere top score under it flags low confidence with a warning', async () => {
    const strict = await search(t, { q, k: 3 }, { env: { ...env, LOW_CONFIDENCE_SCORE: '0.99' } });
    expect(strict.results[0].score).toBeLessThan(0.99);
    expect(strict.summary.confidence).toMatchObject({ rating: 'low', low_confidence: true });
    const warning = strict.summary.warnings.find((w: any) => w.code === 'low_confidence');
    expect(warning.message).toContain('0.99');
    const lax = await search(t, { q, k: 3 }, { env: { ...env, LOW_CONFIDENCE_SCORE: '0.01' } });
    expect(lax.summary.confidence.low_confidence).toBe(false);
    expect(codes(lax.summary)).not.toContain('low_confidence');
  });

  it('hybrid results are rated on their semantic (cosine) component', async () => {
    const answer = await search(t, { q, k: 5, mode: 'hybrid' }, { env });
    const cosines: number[] = answer.results.map((r) => r.scores.semantic).filter((s: unknown) => typeof s === 'number');
    const top = Math.max(...cosines);
    const avg = cosines.reduce((a, b) => a + b, 0) / cosines.length;
    expect(answer.summary.confidence).toMatchObject({ scale: 'fused', rated_on: 'semantic' });
    expect(answer.summary.confidence.rating).toBe(top >= 0.7 && avg >= 0.5 ? 'high' : top >= 0.4 ? 'medium' : 'low');
  });
});

describe('warnings', () => {
  it('default LOW_CONFIDENCE_SCORE 0.4: an off-topic query on the fake is flagged', async () => {
    const answer = await search(t, { q: 'quantum chromodynamics lattice', k: 3 });
    expect(answer.results[0].score).toBeLessThan(0.4);
    expect(codes(answer.summary)).toContain('low_confidence');
  });

  it('low diversity: all top results from one file', async () => {
    const one = tenant('one-file');
    await seedBm25Collection(one, STRATEGY_DOCS.slice(0, 4).map((d) => ({ ...d, payload: { ...d.payload, file_path: '01-ros2/all.md' } })));
    const answer = await search(one, { q: 'sensor data topics', k: 4 });
    const warning = answer.summary.warnings.find((w: any) => w.code === 'low_diversity');
    expect(warning.details).toMatchObject({ source: '01-ros2/all.md', count: 4 });
    expect(codes((await search(t, { q: 'sensor data topics', k: 4 })).summary)).not.toContain('low_diversity');
  });
});
