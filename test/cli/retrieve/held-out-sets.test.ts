/**
 * The held-out books in bench/held-out/ are measured by hand (`sh bench/held-out/measure.sh`, after
 * fetch.sh builds them from Debian packages), never in CI — so CI at least keeps their data sound:
 * every question set loads as bench:quality reads it, and every rebuild script parses.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBookQueries } from '../../../bench/quality/book-queries';

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
