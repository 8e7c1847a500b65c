/**
 * The held-out books in bench/held-out/ are measured by hand (`sh bench/held-out/measure.sh`, after
 * fetch.sh builds them from Debian packages), never in CI — so CI at least keeps their data sound:
 * every question set loads as bench:quality reads it, and every rebuild script parses.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBookQueries } from '../../../bench/quality/book-queries';
import { heldOutBooks, ratiosToBaseline } from '../../../bench/quality/held-out-books';
import type { RunScore } from '../../../bench/quality/page-score';

const HELD_OUT = resolve(__dirname, '../../../bench/held-out');
const books = readdirSync(HELD_OUT, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

describe('bench/held-out', () => {
  it('has books', () => {
    expect(books.length).toBeGreaterThanOrEqual(6);
  });

  it.each(books)('%s: 36 questions with unique ids, 28 answerable with page labels, 8 off-topic; provenance recorded', (book) => {
    const queries = loadBookQueries(join(HELD_OUT, book, 'queries.json'));
    expect(queries).toHaveLength(36);
    expect(new Set(queries.map((q) => q.id)).size).toBe(36);
    expect(queries.filter((q) => q.offTopic)).toHaveLength(8);
    for (const q of queries.filter((q) => !q.offTopic)) expect(q.expected.length).toBeGreaterThan(0);
    expect(existsSync(join(HELD_OUT, book, 'SOURCE'))).toBe(true);
  });

  it('ensure-packages.sh, which every rebuild calls, parses', () => {
    expect(() => execFileSync('sh', ['-n', join(HELD_OUT, 'ensure-packages.sh')])).not.toThrow();
  });

  it.each(books)('%s: rebuild/rebuild.sh parses, and is executable (fetch.sh runs it directly)', (book) => {
    const script = join(HELD_OUT, book, 'rebuild', 'rebuild.sh');
    const shell = /^#!.*bash/.test(readFileSync(script, 'utf8')) ? 'bash' : 'sh';
    expect(() => execFileSync(shell, ['-n', script])).not.toThrow();
    expect(() => accessSync(script, constants.X_OK)).not.toThrow();
  });
});

describe('npm run bench: the held-out books built here', () => {
  it('lists the books whose questions are in the repository and whose pages are built, and only those', () => {
    const root = mkdtempSync(join(tmpdir(), 'held-out-'));
    try {
      for (const name of ['b-built', 'a-built', 'c-unbuilt']) {
        mkdirSync(join(root, 'bench/held-out', name), { recursive: true });
        writeFileSync(join(root, 'bench/held-out', name, 'queries.json'), '[]');
      }
      mkdirSync(join(root, 'bench/held-out', 'no-questions'), { recursive: true });
      for (const name of ['a-built', 'b-built', 'no-questions']) mkdirSync(join(root, 'built', name, 'docs'), { recursive: true });
      const books = heldOutBooks(root, join(root, 'built'));
      expect(books.map((b) => b.name)).toEqual(['a-built', 'b-built']);
      expect(books[0]).toEqual({ name: 'a-built', docs: join(root, 'built/a-built/docs'), queries: join(root, 'bench/held-out/a-built/queries.json') });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("gives each run's mean hit@3 and MRR as ratios of the baseline's", () => {
    const row = (set: string, run: string, hit3: number, mrr: number) => ({ set, run, score: { hit3, mrr } as RunScore });
    const rows = [row('x', 'base', 0.5, 0.4), row('y', 'base', 1, 0.8), row('x', 'default', 0.75, 0.6), row('y', 'default', 1.5, 0.6)];
    expect(ratiosToBaseline(rows, 'base')).toEqual(['default: hit@3 1.50×, MRR 1.00× (2 sets)']);
  });
});
