/**
 * Every exit status of `retrieve` (0, 1, 2, 3), in-process against the embedded default: what a
 * script calling it can rely on, and the line that says why.
 */
import { describe, expect, it } from 'vitest';
import type { SearchOutcome } from '../../../src/core/query/search/search-outcome';
import { runRetrieve } from '../../../src/cli/retrieve';
import { deadPort, retrieve } from './support';

const QUERY = 'How do QoS reliability and durability settings affect subscribers?';

async function json(argv: string[]): Promise<SearchOutcome> {
  const run = await retrieve([...argv, '--json']);
  expect(run.code).toBe(0);
  return JSON.parse(run.out) as SearchOutcome;
}

describe('exit codes', () => {
  it('2 for a negative -k or --threshold, naming the range rather than "argument is ambiguous"', async () => {
    const k = await retrieve([QUERY, '-k', '-1']);
    expect(k.code).toBe(2);
    expect(k.err).toContain('--top-k must be a positive integer, got "-1"');
    const threshold = await retrieve([QUERY, '--threshold', '-0.5']);
    expect(threshold.code).toBe(2);
    expect(threshold.err).not.toContain('ambiguous');
  });

  it('2 when DOCS_DIR names no folder, instead of answering from another book\'s index', async () => {
    const err: string[] = [];
    const code = await runRetrieve(['diacetyl rest'], { DOCS_DIR: '/nonexistent-book/docs' }, { stdout: () => {}, stderr: (text) => void err.push(text), cwd: process.cwd() });
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('DOCS_DIR /nonexistent-book/docs is not a folder');
  });

  it('0 with --help', async () => {
    const run = await retrieve(['--help']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Usage:/);
  });

  it('1 when every result falls under --threshold, with the best score in the hint', async () => {
    const top = (await json([QUERY, '-k', '1', '--mode', 'semantic'])).results[0]!.score;
    const run = await retrieve([QUERY, '--mode', 'semantic', '--threshold', '0.99']);
    expect(top).toBeLessThan(0.99);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/^0 results in/m);
    expect(run.err).toMatch(/^retrieve: no results: All \d+ results scored below threshold 0\.99/);
    expect(run.err).toContain(`hint: lower --threshold (the best candidate scored ${top.toFixed(4)})`);
  });

  it('1 for a keyword query whose words are not in the book, with --json still printing the document', async () => {
    const run = await retrieve(['zzqx flurble', '--mode', 'keyword', '--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.out).results).toEqual([]);
    expect(run.err).toMatch(/hint: rephrase the query or try --mode hybrid/);
    // Hybrid searched both lists already: it is not suggested again.
    const hybrid = await retrieve(['zzqx flurble', '--mode', 'hybrid']);
    expect(hybrid.code).toBe(1);
    expect(hybrid.err).toMatch(/hint: rephrase the query with the book's own words/);
    expect(hybrid.err).not.toMatch(/--mode hybrid/);
  });

  it('2 when QDRANT_API_KEY is set without QDRANT_URL, naming the missing variable', async () => {
    const run = await retrieve([QUERY], { QDRANT_API_KEY: 'secret-value' });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/QDRANT_URL/);
    expect(run.err).toMatch(/hint: set QDRANT_URL in the environment or \.dev\.vars/);
    expect(run.err).not.toContain('secret-value');
    expect(run.out).toBe('');
  });

  it('2 for an invalid configuration value, naming it', async () => {
    const run = await retrieve([QUERY], { TOP_K_DEFAULT: 'many' });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/TOP_K_DEFAULT/);
  });

  it('2 when the embedded index file is missing, pointing at npm run build:index', async () => {
    const run = await retrieve([QUERY, '--index', 'generated/does-not-exist.bin']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/does-not-exist\.bin does not exist/);
    expect(run.err).toMatch(/hint: run `npm run build:index`/);
  });

  it('2 for a bad flag, a bad parameter value or a malformed filter', async () => {
    for (const argv of [[QUERY, '--nope'], [QUERY, '--mode', 'fuzzy'], [QUERY, '--filter', '{not json'], [QUERY, '--threshold', '2']]) {
      const run = await retrieve(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).toMatch(/^retrieve: .+\n {2}hint: /);
    }
    const mode = await retrieve([QUERY, '--mode', 'fuzzy']);
    expect(mode.err).toMatch(/mode: must be one of semantic, keyword, hybrid/);
  });

  it('3 when Cohere and Qdrant cannot be reached', async () => {
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const run = await retrieve([QUERY], {
      COHERE_API_KEY: 'k', COHERE_BASE_URL: dead, QDRANT_URL: dead, REQUEST_BUDGET_MS: '2000', UPSTREAM_TIMEOUT_MS: '500',
    });
    expect(run.code).toBe(3);
    // Cohere is asked first (the query vector); nothing listens there, and the hint says where to look.
    expect(run.err).toMatch(/Cohere could not be reached: fetch failed \(ECONNREFUSED\)/);
    expect(run.err).toMatch(/hint: nothing answered at COHERE_BASE_URL/);
  });
});
