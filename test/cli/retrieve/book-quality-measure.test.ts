/**
 * bench/book-quality.ts measured over the mini fixture book: a whole run (baseline, every run, per
 * set and subset, the -v detail) and lenient scoring of pages that answer in part.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBook } from '../../../bench/book-quality';
import { formatDetail } from '../../../bench/quality/book-report';

const MINI = resolve(__dirname, '../../fixtures/books/mini');

describe('lenient scoring', () => {
  it('counts a page that answers in part only when asked to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bq-'));
    const path = join(dir, 'q.json');
    // The labelled page is one the search cannot rank first; the page listed as answering in part is.
    writeFileSync(path, JSON.stringify([
      { id: 'l1', query: 'lidar point cloud downsampling', expected_files: ['02-control/01-pid-control.mdx'], also_relevant: ['01-sensing/02-lidar-processing.md'] },
    ]));
    const strict = await measureBook({ docsDir: MINI, sets: [{ name: 'l', path }], runs: ['keyword'] });
    const lenient = await measureBook({ docsDir: MINI, sets: [{ name: 'l', path }], runs: ['keyword'], lenient: true });
    expect(strict.rows[1]!.score.hit1).toBe(0);
    expect(lenient.rows[1]!.score.hit1).toBe(1);
    expect(lenient.text).toContain('lenient: pages that answer in part count');
    expect(strict.text).not.toContain('lenient');
  });
});

describe('measureBook', () => {
  it('builds a temp index of the docs and reports the baseline and every run per set and subset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bq-'));
    const path = join(dir, 'q.json');
    writeFileSync(path, JSON.stringify([
      { id: 'm1', query: 'PID controller integral windup', expected: { file_paths: ['02-control/01-pid-control.mdx'], sections: ['No such heading'] } },
      { id: 'm2', query: 'lidar point cloud downsampling', expected_files: ['01-sensing/02-lidar-processing.md'] },
      { id: 'm3', query: 'best pizza recipe in Naples', expected_files: [], expect_no_results: true },
      // Labelled with a page, but in words no page uses: a top-3 miss that lacks a word.
      { id: 'm4', query: 'zorblaxes quendified', expected_files: ['02-control/01-pid-control.mdx'] },
    ]));
    const result = await measureBook({ docsDir: MINI, sets: [{ name: 'mini', path }], runs: ['keyword', 'hybrid'], subsets: ['m2..m3'] });
    expect(result.rows.map((r) => `${r.set}|${r.run}`)).toEqual([
      'mini (4)|bm25-windows', 'mini (4)|keyword', 'mini (4)|hybrid',
      'mini m2..m3 (2)|bm25-windows', 'mini m2..m3 (2)|keyword', 'mini m2..m3 (2)|hybrid',
    ]);
    const keyword = result.rows[1]!.score;
    expect(keyword).toMatchObject({ answerable: 3, offTopic: 1, hit3: 2 / 3, misses: 1, missesLackingWord: 1 });
    expect(result.text).toMatch(/^mini \(4\) +bm25-windows +\d\.\d{3} +0\.667 /m);
    expect(result.text).toMatch(/top-3 misses \(lacking a word\)/);
    expect(result.text).toMatch(/^mini \(4\) +keyword .* 1 \(1\) /m);
    // -v: each question's ranks, and the words no chunk uses after the questions that have some.
    const detail = formatDetail(result, ['keyword', 'hybrid'], [{ name: 'mini', path }]).split('\n');
    expect(detail.find((line) => line.startsWith('m4 '))).toMatch(/^m4 +-F +-F +-F +zorblaxes quendified +lacks: zorblaxes, quendified$/);
    expect(detail.find((line) => line.startsWith('m2 '))).not.toMatch(/lacks:/);
    // m1 names a section: each run's cell adds the rank of the first chunk under it (none: "/-"), the windows' cell does not.
    expect(detail.find((line) => line.startsWith('m1 '))).toMatch(/^m1 +\d+ +\d+\/- +\d+\/- +PID/);
    // m1 names a section no chunk lies under: passage figures over that one question, 0 for every run; n/a for the windows.
    expect(keyword.passage).toEqual({ queries: 1, hit_at_1: 0, hit_at_3: 0, mrr: 0 });
    expect(result.rows[0]!.score.passage).toBeNull();
    expect(result.text).toMatch(/passage hit@1\/hit@3\/MRR/);
  });
});
