/**
 * A reader's unit names against a book's unit symbols, at ingest: "grams of protein per kilogram"
 * finds the page that writes "1.6 g/kg", in keyword and semantic search of the embedded index, is
 * not said to be outside the book, and `--gaps` does not list the names, with no query rewriting.
 */
import { describe, expect, it } from 'vitest';
import { inProcessSearcher } from '../../../src/cli/retrieve/run-query';
import { vocabularyGaps } from '../../../src/core/build-time/eval/vocabulary-gaps';
import { indexedPages } from './ingest-harness';

const PAGES: Record<string, string> = {
  'protein.md': '# How much to eat\n\nAim for 1.6 g/kg of protein a day, spread over three or four meals.\n',
  'sources.md': '# Protein sources\n\nProtein comes from eggs, fish, beans and dairy; plant protein needs variety.\n',
  'rest.md': '# Rest between sets\n\nRest 3 min between heavy sets and 90 s between light ones.\n',
  'warm-up.md': '# Warming up\n\nA warm-up raises body temperature before heavy sets: walk, then lift an empty bar.\n',
  'grip.md': '# Grip\n\nHold the bar with a double overhand grip; chalk keeps the hands dry.\n',
};

const indexPath = indexedPages('unit-names-', PAGES);
const fileOf = (result: { metadata?: Record<string, unknown>; file_path?: unknown } | undefined): string => String(result?.metadata?.file_path ?? result?.file_path);

describe('unit names at ingest', () => {
  it.each(['keyword', 'semantic'] as const)('a unit name finds the page that writes its symbol first in %s mode', async (mode) => {
    const searcher = inProcessSearcher({ env: {}, indexPath: indexPath() });
    expect(fileOf((await searcher.search({ q: 'grams of protein per kilogram', k: 3, mode })).results[0])).toMatch(/protein\.md$/);
    expect(fileOf((await searcher.search({ q: 'how many grams per kilogram', k: 3, mode })).results[0])).toMatch(/protein\.md$/);
    expect(fileOf((await searcher.search({ q: 'how many minutes between heavy sets', k: 3, mode })).results[0])).toMatch(/rest\.md$/);
  });

  it('counts a unit name as a book word for the term rule and for --gaps', async () => {
    const searcher = inProcessSearcher({ env: {}, indexPath: indexPath() });
    const doc = await searcher.search({ q: 'how many grams per kilogram', k: 3, mode: 'hybrid' });
    expect(doc.summary.warnings?.map((w: { code: string }) => w.code) ?? []).not.toContain('no_match');
    expect(fileOf(doc.results[0])).toMatch(/protein\.md$/);
    const gaps = vocabularyGaps((await searcher.bookVocabulary())!, ['how many grams of protein per kilogram', 'how many minutes of rest', 'how many seconds of rest']);
    expect(gaps.words.map((gap) => gap.word)).toEqual([]);
  });
});
