/**
 * bench/book-quality.ts: both query formats, page-level scoring (extension ignored, needs-all,
 * off-topic), run specs, the BM25-window baseline and the means across books. A whole measured
 * run over the mini fixture book is in book-quality-measure.test.ts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runParams } from '../../../bench/quality/run-spec';
import { buildWindowIndex, searchWindows } from '../../../bench/quality/bm25-windows';
import { loadBookQueries, parseBookQueries, QuestionFileError } from '../../../bench/quality/book-queries';
import { aggregate, formatMisses, scoreAnswer, type RunScore } from '../../../bench/quality/page-score';
import { formatMeans, formatSeedBand } from '../../../bench/quality/across-books';

describe('parseBookQueries', () => {
  it('reads the project format and the page-list format into page keys without extensions', () => {
    const [a, b, c] = parseBookQueries([
      { id: 'a', query: 'x', expected: { file_paths: ['01-m/02-p.mdx'], modules: ['01-m'] } },
      { id: 'b', query: 'y', expected_files: ['03-git.md', '04-x.md'], also_relevant: ['05-y.md'], needs_all_files: true },
      { id: 'c', query: 'z', expected_files: [], expect_no_results: true },
    ]);
    expect(a).toMatchObject({ expected: ['01-m/02-p'], modules: ['01-m'], offTopic: false });
    expect(b).toMatchObject({ expected: ['03-git', '04-x'], alsoRelevant: ['05-y'], needsAll: true });
    expect(c).toMatchObject({ expected: [], offTopic: true });
    expect(() => parseBookQueries([{ query: 'no labels' }])).toThrow(/needs `expected` labels/);
  });

  it("refuses what --validate refuses (a misspelt field, a repeated id), and labels it cannot score by page", () => {
    expect(() => parseBookQueries([{ id: 'a', query: 'x', expected_file: ['p.md'] }])).toThrow(/item 0.*unknown field\(s\) "expected_file"/);
    expect(() => parseBookQueries([{ id: 'a', query: 'x', expected_files: ['p.md'] }, { id: 'a', query: 'y', expected_files: ['q.md'] }])).toThrow(/duplicate id "a"/);
    expect(() => parseBookQueries([{ id: 'a', query: 'x', expected: { chapters: ['ros2'] } }])).toThrow(/item 0 has no page labels/);
  });

  it('names the file it cannot read or parse (a QuestionFileError, reported without a stack)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'queries-'));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{not json');
    expect(() => loadBookQueries(broken)).toThrow(QuestionFileError);
    expect(() => loadBookQueries(broken)).toThrow(`${broken}: `);
    expect(() => loadBookQueries(join(dir, 'missing.json'))).toThrow(/missing\.json: ENOENT/);
    // A byte-order mark is read past, as --validate does.
    const bom = join(dir, 'bom.json');
    writeFileSync(bom, '\uFEFF[{"query": "x", "expected_files": ["a.md"]}]');
    expect(loadBookQueries(bom)[0]).toMatchObject({ id: 'q1', expected: ['a'] });
  });
});

describe('scoreAnswer / aggregate', () => {
  const [page, both, off] = parseBookQueries([
    { id: 'p', query: 'x', expected_files: ['b.md'] },
    { id: 'n', query: 'y', expected_files: ['a.md', 'c.md'], needs_all_files: true },
    { id: 'o', query: 'z', expected_files: [], expect_no_results: true },
  ]) as [never, never, never];

  it('ranks by the first expected page, credits needs-all pages in the top 3, passes flagged off-topic', () => {
    expect(scoreAnswer(page, { pages: ['a', 'a', 'b'], flagged: false })).toMatchObject({ rank: 3, flagged: false });
    expect(scoreAnswer(page, { pages: ['a'], flagged: true })).toMatchObject({ rank: null, flagged: true });
    expect(scoreAnswer(both, { pages: ['c', 'x', 'a'], flagged: false })).toMatchObject({ rank: 1, p3All: 1 });
    expect(scoreAnswer(off, { pages: [], flagged: false })).toMatchObject({ rank: null, flagged: true });
    const run = aggregate([
      scoreAnswer(page, { pages: ['b'], flagged: false }),
      scoreAnswer(both, { pages: ['x', 'y', 'z', 'c'], flagged: true }),
      scoreAnswer(off, { pages: ['a'], flagged: false }),
    ]);
    expect(run).toEqual({
      answerable: 2, offTopic: 1, hit1: 0.5, hit3: 0.5, mrr: (1 + 1 / 4) / 2, offTopicFlagged: 0, answerableFlagged: 1, answerableFlaggedInTop3: 0, passage: null,
      misses: 1, missesLackingWord: 0,
    });
    // A flag on a question answered in the top 3 is counted apart: it hid a good answer.
    const hidden = aggregate([scoreAnswer(page, { pages: ['x', 'b'], flagged: true }), scoreAnswer(both, { pages: ['z'], flagged: true })]);
    expect(hidden).toMatchObject({ answerableFlagged: 2, answerableFlaggedInTop3: 1 });
  });
});

describe('top-3 misses split by a word the book lacks', () => {
  const [page, other, off] = parseBookQueries([
    { id: 'p', query: 'x', expected_files: ['b.md'] },
    { id: 'q', query: 'y', expected_files: ['c.md'] },
    { id: 'o', query: 'z', expected_files: [], expect_no_results: true },
  ]) as [never, never, never];

  it('counts answerable questions out of the top 3, and those of them that use a word the book lacks', () => {
    const run = aggregate([
      scoreAnswer(page, { pages: ['a', 'a', 'a', 'b'], flagged: false }, false, true), // rank 4, lacks a word
      scoreAnswer(other, { pages: ['x'], flagged: false }), // not returned, only book words
      scoreAnswer(page, { pages: ['b'], flagged: false }, false, true), // a hit: not a miss, whatever its words
      scoreAnswer(off, { pages: [], flagged: true }, false, true), // off-topic questions are never misses
    ]);
    expect(run).toMatchObject({ misses: 2, missesLackingWord: 1 });
    expect(formatMisses(run.misses, run.missesLackingWord)).toBe('2 (1)');
  });
});

describe('passage figures (questions that name their sections)', () => {
  const [named, plain] = parseBookQueries([
    { id: 's', query: 'x', expected: { file_paths: ['b.md'], sections: ['Tuning the gains'] } },
    { id: 'p', query: 'y', expected_files: ['b.md'] },
  ]) as [never, never];

  it('ranks the first result of an expected page under a named heading; a page hit elsewhere on it is not one', () => {
    const answer = { pages: ['b', 'a', 'b'], flagged: false, headings: [['PID', 'Intro'], ['Tuning the gains'], ['PID', 'tuning  the `gains`']] };
    expect(scoreAnswer(named, answer)).toMatchObject({ rank: 1, passageRank: 3 });
    expect(scoreAnswer(named, { ...answer, pages: ['b', 'a'] }).passageRank).toBeNull();
    // No sections named, or no headings reported (BM25 windows): no passage verdict.
    expect(scoreAnswer(plain, answer).passageRank).toBeUndefined();
    expect(scoreAnswer(named, { pages: ['b'], flagged: false }).passageRank).toBeUndefined();
    const run = aggregate([scoreAnswer(named, answer), scoreAnswer(named, { ...answer, pages: ['b'], headings: [['Tuning the gains']] }), scoreAnswer(plain, answer)]);
    expect(run.passage).toEqual({ queries: 2, hit_at_1: 0.5, hit_at_3: 1, mrr: (1 / 3 + 1) / 2 });
  });
});

describe('run specs', () => {
  it('turns MODE[:FUSION][+RERANK][@W][?params] into search parameters; @W means weighted fusion', () => {
    expect(runParams('default')).toEqual({});
    expect(runParams('keyword')).toEqual({ mode: 'keyword' });
    expect(runParams('hybrid:rrf+mmr')).toEqual({ mode: 'hybrid', fusion: 'rrf', rerank: 'mmr' });
    expect(runParams('hybrid@0.75')).toEqual({ mode: 'hybrid', fusion: 'weighted', semantic_weight: '0.75', keyword_weight: '0.25' });
    expect(runParams('hybrid:rrf?rrf_k=10')).toEqual({ mode: 'hybrid', fusion: 'rrf', rrf_k: '10' });
    expect(runParams('default?diversity=none')).toEqual({ diversity: 'none' });
  });
});

describe('BM25 windows baseline', () => {
  it('splits pages into windows and ranks the window that holds the rare term first', () => {
    const filler = Array.from({ length: 300 }, (_, i) => `word${i % 7}`).join(' ');
    const index = buildWindowIndex([
      { path: 'a.md', text: `${filler} gasket gasket` },
      { path: 'b.mdx', text: `gasket ${filler}` },
    ]);
    expect(index.windows).toHaveLength(4);
    expect(searchWindows(index, 'replace the gasket', 10)).toEqual(['a', 'b']);
    expect(searchWindows(index, 'nothing matches', 10)).toEqual([]);
  });
});

describe('formatMeans (several books)', () => {
  const score = (hit1: number, mrr: number, off: [number, number], ans: [number, number, number?]): RunScore => ({
    answerable: ans[1], offTopic: off[1], hit1, hit3: hit1, mrr, offTopicFlagged: off[0], answerableFlagged: ans[0], answerableFlaggedInTop3: ans[2] ?? 0, passage: null,
    misses: Math.round(ans[1] * (1 - hit1)), missesLackingWord: Math.round(ans[1] * (1 - hit1) / 2),
  });

  it('weighs every set the same, sums the flagged counts and leaves subset rows out', () => {
    const text = formatMeans([
      { set: 'a (10)', run: 'default', score: score(0.5, 0.6, [1, 2], [0, 8]) },
      { set: 'b (40)', run: 'default', score: score(1, 1, [3, 4], [1, 36, 1]) },
      { set: 'b d1..d5 (5)', run: 'default', score: score(0, 0, [0, 0], [0, 5]) },
      { set: 'a (10)', run: 'keyword', score: score(0.2, 0.3, [0, 2], [0, 8]) },
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^Mean over 2 query sets/);
    // Misses summed over the whole sets: a misses 4 (2 lacking a word), b 0; the subset row left out.
    expect(lines[2]!.split(/\s{2,}/)).toEqual(['default', '0.750', '0.750', '0.800', '4/6', '1/44 (1 in top 3)', '4 (2)']);
    expect(lines[3]!.split(/\s{2,}/)).toEqual(['keyword', '0.200', '0.200', '0.300', '0/2', '0/8', '6 (3)']);
  });

  it('adds the mean passage figures of the sets that have them, and says over how many', () => {
    const passage = (hit1: number, mrr: number, queries: number) => ({ queries, hit_at_1: hit1, hit_at_3: hit1, mrr });
    const text = formatMeans([
      { set: 'a (10)', run: 'default', score: { ...score(0.5, 0.6, [1, 2], [0, 8]), passage: passage(0.5, 0.5, 8) } },
      { set: 'b (40)', run: 'default', score: { ...score(1, 1, [3, 4], [1, 36, 1]), passage: passage(0.25, 0.4, 30) } },
      { set: 'c (5)', run: 'default', score: score(1, 1, [0, 0], [0, 5]) },
      { set: 'a (10)', run: 'bm25-windows', score: score(0.2, 0.3, [0, 2], [0, 8]) },
    ]);
    const lines = text.split('\n');
    expect(lines[1]).toMatch(/passage hit@1\/hit@3\/MRR$/);
    // Sets a and b have passage figures (c names no sections): their plain mean, 2 sets, 38 questions.
    expect(lines[2]!.split(/\s{2,}/).at(-1)).toBe('0.375 / 0.375 / 0.450 (2 sets, 38)');
    expect(lines[3]!.split(/\s{2,}/).at(-1)).toBe('n/a');
  });

  it('over several seeds: the mean of each seed\'s set-mean, and the MRR spread between seeds', () => {
    const text = formatSeedBand(new Map([
      [1, [
        { set: 'a (10)', run: 'default', score: score(0.5, 0.6, [0, 2], [0, 8]) },
        { set: 'b (40)', run: 'default', score: score(1, 0.8, [0, 4], [0, 36]) },
        { set: 'b d1..d5 (5)', run: 'default', score: score(0, 0, [0, 0], [0, 5]) },
      ]],
      [2, [
        { set: 'a (10)', run: 'default', score: score(0.5, 0.8, [0, 2], [0, 8]) },
        { set: 'b (40)', run: 'default', score: score(0.5, 1, [0, 4], [0, 36]) },
      ]],
    ]));
    const lines = text.split('\n');
    expect(lines[0]).toBe("Over 2 seeds (1, 2): mean of each seed's mean over 2 query sets");
    // Seed means: MRR .7 and .9 (hit@1 .75 and .5); their mean .8, spread .7–.9, sample sd .141.
    expect(lines[2]!.split(/\s{2,}/)).toEqual(['default', '0.625', '0.625', '0.800', '0.700–0.900', '0.141']);
  });

  it('adds the passage MRR band when some set names its sections', () => {
    const withPassage = (mrr: number, passageMrr: number | null): RunScore => ({
      ...score(0.5, mrr, [0, 0], [0, 10]),
      passage: passageMrr === null ? null : { queries: 10, hit_at_1: 0.5, hit_at_3: 0.5, mrr: passageMrr },
    });
    const text = formatSeedBand(new Map([
      [1, [{ set: 'a (10)', run: 'default', score: withPassage(0.8, 0.6) }, { set: 'b (10)', run: 'default', score: withPassage(0.8, null) }]],
      [2, [{ set: 'a (10)', run: 'default', score: withPassage(0.8, 0.4) }, { set: 'b (10)', run: 'default', score: withPassage(0.8, null) }]],
    ]));
    const lines = text.split('\n');
    expect(lines[1]).toMatch(/passage MRR \(min–max\)$/);
    // Only set a has passages: seed means .6 and .4, their mean .5.
    expect(lines[2]!.split(/\s{2,}/).at(-1)).toBe('0.500 (0.400–0.600)');
  });
});
