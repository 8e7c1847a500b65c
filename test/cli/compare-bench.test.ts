/**
 * bench/compare: its command line and its tables. Only the pure helpers are tested: the frameworks
 * it measures live in bench/compare's own install, which `npm ci` at the root never makes.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookSetName, parseCompareArgs } from '../../bench/compare/compare-args';
import { formatBookTable, formatCompareMeans, meanScore } from '../../bench/compare/compare-table';
import { UsageError } from '../../bench/quality/cli-options';
import type { RunScore } from '../../bench/quality/page-score';

const DOCS = resolve(__dirname, '../../sample-book/docs');
const QUERIES = resolve(__dirname, '../../sample-book/queries.json');

const score = (hit1: number, hit3: number, mrr: number, offTopicFlagged = 0): RunScore => ({
  answerable: 10, offTopic: 2, hit1, hit3, mrr, offTopicFlagged, answerableFlagged: 0, answerableFlaggedInTop3: 0, passage: null, misses: 0, missesLackingWord: 0,
});

describe('parseCompareArgs', () => {
  it('reads --book pairs as absolute paths, and none as the sample book', () => {
    expect(parseCompareArgs([]).books).toEqual([]);
    expect(parseCompareArgs(['--book', `sample-book/docs=sample-book/queries.json`]).books).toEqual([{ docs: resolve('sample-book/docs'), queries: resolve('sample-book/queries.json') }]);
    expect(parseCompareArgs(['-h', '--book', '/nowhere=/none.json']).help).toBe(true);
  });

  it.each([
    [['--runs', 'default'], /^unknown option --runs$/],
    [['--book', DOCS], /--book takes DIR=QUERIES.json/],
    [['--book', `/no/such/docs=${QUERIES}`], /--book: no folder at \/no\/such\/docs/],
    [['--book', `${DOCS}=/no/such.json`], /--book: no file at \/no\/such.json/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseCompareArgs(argv)).toThrow(UsageError);
    expect(() => parseCompareArgs(argv)).toThrow(message);
  });

  it('names a set as bench:quality does: the book folder, then the question file', () => {
    expect(bookSetName({ docs: '/x/.held-out/r-intro/docs', queries: '/repo/bench/held-out/r-intro/queries.json' })).toBe('r-intro/queries');
  });
});

describe('compare tables', () => {
  const rows = [
    { set: 'a (12)', run: 'default', score: score(0.8, 0.9, 0.85, 2) },
    { set: 'a (12)', run: 'lc-md-bm25', score: score(0.4, 0.45, 0.425) },
    { set: 'b (12)', run: 'default', score: score(0.6, 0.7, 0.65, 1) },
    { set: 'b (12)', run: 'lc-md-bm25', score: score(0.6, 0.7, 0.65) },
  ];

  it('gives each run of a book its chunks and its hit@3 and MRR as ratios of the default on the same set', () => {
    const table = formatBookTable('book', rows, new Map([['default', 100], ['lc-md-bm25', 40]])).split('\n');
    expect(table[0]).toBe('book');
    expect(table[1]).toMatch(/^set\s+run\s+chunks\s+hit@1\s+hit@3\s+MRR\s+off-topic flagged\s+answerable flagged\s+hit@3 vs default\s+MRR vs default$/);
    expect(table[2]).toMatch(/^a \(12\)\s+default\s+100\s+0\.800\s+0\.900\s+0\.850\s+2\/2\s+0\/10\s+1\.00x\s+1\.00x$/);
    expect(table[3]).toMatch(/^a \(12\)\s+lc-md-bm25\s+40\s+0\.400\s+0\.450\s+0\.425\s+0\/2\s+0\/10\s+0\.50x\s+0\.50x$/);
  });

  it('means weigh every set the same, sum the counts, and take the ratios between means', () => {
    expect(meanScore([score(0.8, 0.9, 0.85, 2), score(0.6, 0.7, 0.65, 1)])).toMatchObject({ hit1: 0.7, hit3: 0.8, mrr: 0.75, offTopicFlagged: 3, offTopic: 4, answerable: 20 });
    const means = formatCompareMeans(rows).split('\n');
    expect(means[0]).toMatch(/^Mean over 2 query sets/);
    // lc-md-bm25: hit@3 (0.45 + 0.7) / 2 = 0.575 against 0.8; MRR 0.5375 against 0.75.
    expect(means[3]).toMatch(/^lc-md-bm25\s+0\.500\s+0\.575\s+0\.537\s+0\/4\s+0\/20\s+0\.72x\s+0\.72x$/);
  });

  it('refuses to average runs measured on different sets', () => {
    expect(() => formatCompareMeans(rows.slice(0, 3))).toThrow(/lc-md-bm25 was measured on 1 of the 2 query sets/);
  });
});
