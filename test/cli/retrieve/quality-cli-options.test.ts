/**
 * bench/quality/cli-options.ts: the command line of `npm run bench:quality` is checked before any
 * index is built, and each mistake is a UsageError naming the option.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseQualityArgs, QUALITY_USAGE, UsageError } from '../../../bench/quality/cli-options';

const MINI = resolve(__dirname, '../../fixtures/books/mini');
const QUERIES = resolve(__dirname, '../../../sample-book/queries.json');

describe('parseQualityArgs', () => {
  it('reads every option into a typed object', () => {
    const args = parseQualityArgs(['--docs', MINI, '--queries', QUERIES, '--runs', 'default, keyword,hybrid:rrf?rrf_k=10', '--subset', 'q1..q3', '--dims', '64', '--seed', '1,2', '--typos', '--lenient', '-v']);
    expect(args).toMatchObject({
      help: false, docs: MINI, queries: [QUERIES], runs: ['default', 'keyword', 'hybrid:rrf?rrf_k=10'], subsets: ['q1..q3'],
      dims: 64, seeds: [1, 2], typos: true, lenient: true, verbose: true, books: [],
    });
    expect(parseQualityArgs([])).toMatchObject({ runs: undefined, dims: null, seeds: [], queries: [] });
    expect(parseQualityArgs(['--book', `${MINI}=${QUERIES}`]).books).toEqual([{ docs: MINI, queries: QUERIES }]);
  });

  it('takes the baseline\'s name from the tables as a run it measures anyway', () => {
    expect(parseQualityArgs(['--runs', 'default,bm25-windows']).runs).toEqual(['default']);
    expect(parseQualityArgs(['--runs', 'bm25-windows']).runs).toEqual([]);
    expect(QUALITY_USAGE).toContain('bm25-windows');
  });

  it('asks for help without checking anything else', () => {
    expect(parseQualityArgs(['-h', '--docs', '/nowhere']).help).toBe(true);
    expect(QUALITY_USAGE).toContain('--runs');
  });

  it.each([
    [['--run', 'default'], /^unknown option --run \(did you mean --runs\?\)$/],
    [['--runs', 'fast'], /"fast" is not a valid run .*mode: must be one of/],
    [['--runs', 'hybrid:rff'], /"hybrid:rff" is not a valid run .*fusion/],
    [['--runs', ','], /names no run/],
    [['--dims', '0'], /--dims takes a positive integer/],
    [['--seed', '1,x'], /--seed takes non-negative integers/],
    [['--book', 'docs'], /--book takes DIR=QUERIES.json/],
    [['--book', `${MINI}=${QUERIES}`, '--docs', MINI], /do not go together/],
    [['--docs', '/no/such/folder', '--queries', QUERIES], /--docs: no folder at \/no\/such\/folder/],
    [['--docs', MINI], /--docs needs --queries FILE, the labelled questions of that book/],
    [['--queries', '/no/such.json'], /--queries: no file at/],
    [['--book', `${MINI}=/no/such.json`], /--book: no file at/],
    [['--synonyms', '/no/such.txt'], /--synonyms: no file at/],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseQualityArgs(argv)).toThrow(UsageError);
    expect(() => parseQualityArgs(argv)).toThrow(message);
  });
});
