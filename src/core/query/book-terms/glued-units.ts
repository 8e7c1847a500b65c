/**
 * A number glued to its unit ("200mm", "3200K", "5kg"), as readers type it where books set the two
 * apart ("200 mm", "3200 K"). The tokenizer reads the glued form as one word the book never uses:
 * a photography book that writes "3200 K" answered "tungsten light 3200K" with "The book never
 * mentions "3200k"", and BM25 matched nothing of "200mm". Read apart, it is the book's own words.
 */
import { isStopword, stemWord } from '../../common/bm25/index';
import type { BookVocabulary } from '../ports';

// Digits, then a short run of letters: a unit's symbol or abbreviation (mm, K, kg, ms, GHz).
const GLUED = /^(\d+)(\p{L}{1,4})$/u;
// An ordinal's ending is no unit: "2nd" is not "2 ND" in a book about ND filters.
const ORDINAL = /^(?:st|nd|rd|th)$/;

/**
 * `word` (lowercased, as tokenized) as its number and unit apart, with the unit's stem, when it is a
 * number glued to a unit the book uses as a word; else null. A unit that is a stopword ("250s" of
 * "1/250s") is no word of the book's to find, and an ordinal ("2nd") has none.
 *
 * @example
 * unitApart('200mm', v); // { text: '200 mm', unitStem: 'mm' } (a book that writes "200 mm")
 * unitApart('nd8', v); // null: letters first, a name
 */
export function unitApart(word: string, v: BookVocabulary): { text: string; unitStem: string } | null {
  const glued = GLUED.exec(word);
  if (!glued) return null;
  const [, number, unit] = glued as unknown as [string, string, string];
  if (isStopword(unit) || ORDINAL.test(unit)) return null;
  const unitStem = stemWord(unit);
  return unitStem && v.df(unitStem) > 0 ? { text: `${number} ${unit}`, unitStem } : null;
}
