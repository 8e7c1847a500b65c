import { describe, expect, it } from 'vitest';
import { RetrieverError } from '../../../../src/core/common/errors';
import {
  hitAtK,
  idealRelevantCount,
  metadataCompleteness,
  missingMetadata,
  ndcgAtK,
  noResultsPass,
  precisionAtK,
  reciprocalRank,
} from '../../../../src/core/build-time/eval/metrics';
import type { EvalResult } from '../../../../src/core/build-time/eval/relevance';

/** A chunk of page `file` (chapter defaults to "other" so it matches no chapter label by accident). */
function chunk(file: string, extra: Record<string, unknown> = {}, score = 0.5): EvalResult {
  return { score, payload: { file_path: file, chapter: 'other', ...extra } };
}

describe('precision, hit, reciprocal rank', () => {
  it('counts each distinct chunk of a relevant page', () => {
    const results = [1, 2, 3, 4, 5].map((i) => chunk('docs/a.md', { chunk_index: i }));
    const labels = { file_paths: ['docs/a.md'] };
    // Five different chunks of the relevant page are five relevant results: P@5 = 5/5, P@3 = 3/3.
    expect(precisionAtK(results, labels, 5)).toBe(1);
    expect(precisionAtK(results, labels, 3)).toBe(1);
    expect(hitAtK(results, labels, 5)).toBe(true);
    expect(reciprocalRank(results, labels)).toBe(1);
    // Five relevant found, so the ideal has five gains at the top; DCG = IDCG.
    expect(ndcgAtK(results, labels, 5)).toBeCloseTo(1, 12);
  });

  it('credits the same chunk returned twice only once', () => {
    const same = { score: 0.5, id: 7, payload: { file_path: 'a.md', chapter: 'other' } };
    const results = [same, { ...same }, chunk('b.md'), chunk('x.md')];
    // Credited at ranks 1 and 3 (rank 2 repeats point 7) → P@3 = 2/3; P@5 = 2/5 (4 results, still ÷5).
    expect(precisionAtK(results, { file_paths: ['a.md', 'b.md'] }, 3)).toBeCloseTo(2 / 3, 12);
    expect(precisionAtK(results, { file_paths: ['a.md', 'b.md'] }, 5)).toBeCloseTo(2 / 5, 12);
  });

  it('judges by the most specific labels: a page label beats a module label', () => {
    const results = [chunk('m/a.md', { module: 'm' }), chunk('m/b.md', { module: 'm' }), chunk('m/c.md', { module: 'm' })];
    // Only m/b.md answers the query; the module label alone would call all three relevant.
    expect(precisionAtK(results, { file_paths: ['m/b.md'], modules: ['m'] }, 3)).toBeCloseTo(1 / 3, 12);
    expect(precisionAtK(results, { modules: ['m'] }, 3)).toBe(1);
    expect(reciprocalRank(results, { file_paths: ['m/b.md'], modules: ['m'] })).toBeCloseTo(1 / 2, 12);
  });

  it('scores an empty ranking as zero everywhere', () => {
    const labels = { chapters: ['ros2'] };
    expect(precisionAtK([], labels, 3)).toBe(0);
    expect(hitAtK([], labels, 5)).toBe(false);
    expect(reciprocalRank([], labels)).toBe(0);
    expect(ndcgAtK([], labels, 5)).toBe(0);
  });

  it('relevant at rank 3 only: RR = 1/3, hit@2 false, hit@3 true', () => {
    const results = [chunk('x.md'), chunk('y.md'), chunk('b.md')];
    const labels = { file_paths: ['b.md'] };
    expect(reciprocalRank(results, labels)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRank(results, labels, 2)).toBe(0);
    expect(hitAtK(results, labels, 2)).toBe(false);
    expect(hitAtK(results, labels, 3)).toBe(true);
    expect(precisionAtK(results, labels, 3)).toBeCloseTo(1 / 3, 12);
    expect(precisionAtK(results, labels, 5)).toBeCloseTo(1 / 5, 12);
    // DCG = 1/log2(3+1) = 0.5, ideal = one page at rank 1 = 1.
    expect(ndcgAtK(results, labels, 5)).toBeCloseTo(0.5, 12);
  });

  it('rejects a k that is not a positive integer', () => {
    expect(() => precisionAtK([], { chapters: ['a'] }, 0)).toThrow(RetrieverError);
    expect(() => hitAtK([], { chapters: ['a'] }, 1.5)).toThrow(/positive integer/);
  });
});

describe('ndcgAtK', () => {
  it('matches a hand computation with a repeated chunk and an unretrieved labelled page', () => {
    // ranks: x (irrelevant), b#1 (credited), b#1 again (repeat → gain 0), c (credited), d (irrelevant)
    const b1 = chunk('b.md', { chunk_id: 'b.md#1' });
    const results = [chunk('x.md'), b1, { ...b1 }, chunk('c.md'), chunk('d.md')];
    const labels = { file_paths: ['b.md', 'c.md', 'e.md'] };
    // DCG  = 1/log2(3) + 1/log2(5)           = 0.63093 + 0.43068 = 1.06161
    // IDCG = 1/log2(2) + 1/log2(3) + 1/log2(4) = 1 + 0.63093 + 0.5 = 2.13093 (three labelled pages)
    const dcg = 1 / Math.log2(3) + 1 / Math.log2(5);
    const idcg = 1 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(idealRelevantCount(results, labels)).toBe(3);
    expect(ndcgAtK(results, labels, 5)).toBeCloseTo(dcg / idcg, 12);
    expect(ndcgAtK(results, labels, 5)).toBeCloseTo(0.498189, 5);
  });

  it('uses the relevant chunks found when there are more than labelled pages (stays ≤ 1)', () => {
    const results = [chunk('a.md', { chunk_index: 0 }), chunk('a.md', { chunk_index: 1 }), chunk('x.md')];
    const labels = { file_paths: ['a.md'] };
    // Two relevant chunks found > one labelled page → ideal 2, and they are at ranks 1–2.
    expect(idealRelevantCount(results, labels)).toBe(2);
    expect(ndcgAtK(results, labels, 5)).toBeCloseTo(1, 12);
  });

  it('counts relevant pages found below k in the ideal (chapter labels only)', () => {
    const results = [
      chunk('a.md', { chapter: 'ros2' }),
      chunk('p.md'), chunk('q.md'), chunk('r.md'), chunk('s.md'),
      chunk('b.md', { chapter: 'ros2' }),
    ];
    // DCG@5 = 1 (rank 1); ideal would hold both ros2 pages: IDCG = 1 + 1/log2(3) → 0.61315
    expect(ndcgAtK(results, { chapters: ['ros2'] }, 5)).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 12);
    expect(ndcgAtK(results, { chapters: ['ros2'] }, 5)).toBeCloseTo(0.613147, 5);
  });
});

describe('labels', () => {
  it('matches URLs ignoring trailing slash and #fragment', () => {
    const labels = { urls: ['https://book.dev/docs/ros2/'] };
    const a = { score: 0.9, payload: { source_url: 'https://book.dev/docs/ros2#nodes' } };
    const b = { score: 0.8, payload: { source_url: 'https://book.dev/docs/ros2/#topics' } };
    const other = { score: 0.7, payload: { url: 'https://book.dev/docs/ros2-advanced' } };
    const viaUrlField = { score: 0.6, payload: { url: 'https://book.dev/docs/ros2' } };
    expect(hitAtK([a], labels, 1)).toBe(true);
    expect(hitAtK([other], labels, 1)).toBe(false);
    expect(hitAtK([viaUrlField], labels, 1)).toBe(true);
    // a and b are two chunks of the labelled page: both relevant, P@2 = 2/2.
    expect(precisionAtK([a, b], labels, 2)).toBe(1);
    expect(precisionAtK([a, other], labels, 2)).toBe(0.5);
  });

  it('matches file paths as pages: case counts, a leading ./ and the .md/.mdx extension do not', () => {
    const labels = { file_paths: ['docs/01-ros2/index.md'] };
    expect(hitAtK([chunk('docs/01-ros2/index.md')], labels, 1)).toBe(true);
    expect(hitAtK([chunk('./docs/01-ros2/index.mdx')], labels, 1)).toBe(true);
    expect(hitAtK([chunk('Docs/01-ros2/index.md')], labels, 1)).toBe(false);
    expect(hitAtK([chunk('docs/01-ros2/index2.md')], labels, 1)).toBe(false);
  });

  it('matches chapter and module labels case-insensitively, reading flattened results too', () => {
    expect(hitAtK([chunk('a.md', { module: 'Module 1' })], { modules: ['module 1'] }, 1)).toBe(true);
    expect(hitAtK([chunk('a.md', { module: 'Module 2' })], { modules: ['module 1'] }, 1)).toBe(false);
    expect(hitAtK([{ score: 1, chapter: 'ROS2', file_path: 'a.md' }], { chapters: ['ros2'] }, 1)).toBe(true);
    // Any label suffices: the module misses, the file path hits.
    expect(hitAtK([chunk('a.md', { module: 'M2' })], { modules: ['M1'], file_paths: ['a.md'] }, 1)).toBe(true);
  });
});

describe('metadata', () => {
  const full = {
    content: 'A node is…', source_url: 'https://b.dev/a', chapter: 'ros2', section: 'Nodes', title: 'Architecture', chunk_index: 0,
  };

  it('is 1 for a full payload (chunk_index 0 counts as present)', () => {
    expect(metadataCompleteness({ score: 1, payload: full })).toBe(1);
    expect(missingMetadata({ score: 1, payload: full })).toEqual([]);
  });

  it('counts missing, null and blank fields', () => {
    const payload = { ...full, section: null, title: '   ', chunk_index: undefined };
    // 3 of 6 required fields left.
    expect(metadataCompleteness({ score: 1, payload })).toBe(3 / 6);
    expect(missingMetadata({ score: 1, payload })).toEqual(['section', 'title', 'chunk_index']);
    expect(metadataCompleteness({ score: 1 })).toBe(0);
  });

  it('accepts the aliases other pipelines use, and custom field lists', () => {
    const aliased = { text: 'x', url: 'https://b.dev/a', chapter: 'c', section_title: 's', page_title: 't', chunk_index: 2 };
    expect(metadataCompleteness({ score: 1, payload: aliased })).toBe(1);
    const fields = { content: ['content'], file_path: ['file_path'] };
    expect(metadataCompleteness({ score: 1, payload: full }, fields)).toBe(1 / 2);
  });
});

describe('noResultsPass', () => {
  it('passes on an empty list, or with a threshold when every score is below it', () => {
    expect(noResultsPass([])).toBe(true);
    expect(noResultsPass([chunk('a.md', {}, 0.2)])).toBe(false);
    expect(noResultsPass([chunk('a.md', {}, 0.2), chunk('b.md', {}, 0.29)], 0.3)).toBe(true);
    expect(noResultsPass([chunk('a.md', {}, 0.2), chunk('b.md', {}, 0.3)], 0.3)).toBe(false);
  });
});
