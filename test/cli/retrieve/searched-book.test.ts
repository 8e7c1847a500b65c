/**
 * `retrieve` names the book it searches when nobody chose one: without DOCS_DIR, --index, --url or
 * Qdrant it is the bundled sample book, and a newcomer's own questions would run against it unawares.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchedBook } from '../../../src/cli/retrieve/searched-book';
import { retrieveIn } from './support';

const TINY = resolve(__dirname, '../../fixtures/books/tiny');
let cwd: string;

const run = (argv: string[], env: Record<string, string> = {}) => retrieveIn(cwd, argv, env);

beforeAll(() => {
  // A stand-in for the checkout: the tiny book where the sample book lives, and a copy elsewhere.
  cwd = mkdtempSync(join(tmpdir(), 'searched-book-'));
  cpSync(TINY, join(cwd, 'sample-book/docs'), { recursive: true });
  cpSync(TINY, join(cwd, 'mine'), { recursive: true });
  writeFileSync(join(cwd, 'brewing.json'), JSON.stringify([{ id: 'b1', query: 'how hot is the strike water', expected: { file_paths: ['02-brew-day/mashing.md'] } }]));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('searchedBook', () => {
  it('names the bundled sample book as not chosen, and what DOCS_DIR, --index, --url or Qdrant name as chosen', () => {
    const none = { url: null, index: null };
    expect(searchedBook(none, {}, cwd)).toEqual({ name: 'the bundled sample book (sample-book/docs)', chosen: false });
    expect(searchedBook(none, { DOCS_DIR: 'mine' }, cwd)).toEqual({ name: 'the book mine (DOCS_DIR)', chosen: true });
    expect(searchedBook({ url: null, index: 'book.bin' }, {}, cwd)).toEqual({ name: 'the index book.bin', chosen: true });
    expect(searchedBook({ url: 'http://127.0.0.1:8941', index: null }, {}, cwd).chosen).toBe(true);
    expect(searchedBook(none, { QDRANT_URL: 'http://127.0.0.1:8942', COHERE_API_KEY: 'k' }, cwd).name).toBe('the Qdrant collection "textbook_chunks"');
  });
});

describe('retrieve and --validate say which book they search', () => {
  it('validate: labels that name no page are said with the book searched and how to choose another', async () => {
    const result = await run(['--validate', 'brewing.json']);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/1 page label names no page of the book/);
    expect(result.err).toMatch(/searched the bundled sample book \(sample-book\/docs\): is it the book these questions are about\? To search yours, set DOCS_DIR=path\/to\/docs, or pass --index FILE/);
    expect(result.out).toMatch(/^Validating 1 queries from brewing\.json on the bundled sample book \(sample-book\/docs\)/);
  });

  it('a search of the sample book nobody chose says so on stderr; one of DOCS_DIR\'s book does not', async () => {
    const sample = await run(['pump', '--json']);
    expect(sample.err).toMatch(/^retrieve: searching the bundled sample book \(sample-book\/docs\); to search your book, set DOCS_DIR=/m);
    expect(JSON.parse(sample.out).results.length).toBeGreaterThan(0); // stdout stays the JSON document
    const mine = await run(['pump', '--json'], { DOCS_DIR: 'mine' });
    expect(mine.err).not.toMatch(/searching/);
  });
});
