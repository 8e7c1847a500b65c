/**
 * bench/quality/typo-questions.ts (`bench:quality --typos`): one deterministic slip per answerable
 * question, in its rarest book word, never making another English or book word.
 */
import { describe, expect, it } from 'vitest';
import { stemWord } from '../../../src/core/common/bm25/index';
import type { BookVocabulary } from '../../../src/core/query/ports';
import { parseBookQueries } from '../../../bench/quality/book-queries';
import { withTypos } from '../../../bench/quality/typo-questions';

// A book in which "reliability" is rare and "policies" common.
const DF: Record<string, number> = { reliabl: 1, polici: 9, qualiti: 4, servic: 6, heater: 2, thermostat: 1 };
const ENGLISH = new Set(['thermostat'].map(stemWord));
const book: BookVocabulary = { n: 20, df: (stem) => DF[stem] ?? 0, isOrdinary: (stem) => ENGLISH.has(stem), bookStems: Object.keys(DF) };

const questions = parseBookQueries([
  { id: 'a', query: 'How do reliability policies work?', expected_files: ['qos.md'] },
  { id: 'b', query: 'Quality of service policies, explained', expected_files: ['qos.md'] },
  { id: 'c', query: 'the reliability of the heater', expected_files: ['heat.md'] },
  { id: 'd', query: 'why is the heater cold', expected_files: ['heat.md'] },
  { id: 'o', query: 'best reliability pizza', expected_files: [], expect_no_results: true },
  { id: 'x', query: 'is it hot', expected_files: ['heat.md'] },
]);

describe('withTypos', () => {
  it('slips the rarest book word of six letters or more, one kind of slip after another', () => {
    expect(withTypos(questions, book).map((q) => q.query)).toEqual([
      'How do reliaility policies work?', // a letter dropped, in the middle ("reliability" is rarer than "policies")
      'Qulaity of service policies, explained', // two letters swapped ("quality" is the rarest here)
      'the relianility of the heater', // a letter mistyped as the key beside it
      'why is the heatter cold', // a letter doubled
      'best reliability pizza', // off-topic: unchanged
      'is it hot', // no book word of six letters: unchanged
    ]);
  });

  it('passes over a slip that makes another English or book word, and slips the same way every run', () => {
    const thermostat = parseBookQueries([{ id: 't', query: 'set the thermostat', expected_files: ['heat.md'] }]);
    expect(withTypos(thermostat, book)[0]!.query).toBe('set the thermstat');
    expect(withTypos(thermostat, book)[0]!.query).toBe('set the thermstat');
    // Where "thermstat" were a word, the next kind of slip is used.
    const strict: BookVocabulary = { ...book, isOrdinary: (stem) => stem === stemWord('thermstat') || ENGLISH.has(stem) };
    expect(withTypos(thermostat, strict)[0]!.query).toBe('set the theromstat');
  });
});
