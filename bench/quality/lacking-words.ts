/**
 * The words of each labelled question that no chunk uses, counted as `retrieve --gaps` counts them
 * (a misspelt, clipped or prefixed book word is the book's). A top-3 miss with such a word is one a
 * synonyms file can reach; a miss without is ranking's to fix.
 */
import { vocabularyGaps } from '../../src/core/build-time/eval/vocabulary-gaps';
import type { BookVocabulary } from '../../src/core/query/ports';
import type { BookQuery } from './book-queries';

/**
 * Query id → the question's words no chunk uses; questions without any are left out.
 *
 * @example
 * lackingWords(vocabulary, [{ id: 'd18', query: 'shrink photos', … }]); // Map { 'd18' => ['shrink'] }
 */
export function lackingWords(vocabulary: BookVocabulary, queries: readonly BookQuery[]): Map<string, string[]> {
  const lacking = new Map<string, string[]>();
  for (const q of queries) {
    const words = vocabularyGaps(vocabulary, [q.query]).words.map((gap) => gap.word);
    if (words.length > 0) lacking.set(q.id, words);
  }
  return lacking;
}
