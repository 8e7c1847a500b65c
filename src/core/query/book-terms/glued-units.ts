/**
 * A number glued to its unit ("200mm", "3200K", "5kg"), as readers type it where books set the two
 * apart ("200 mm", "3200 K"). The tokenizer reads the glued form as one word the book never uses:
 * a photography book that writes "3200 K" answered "tungsten light 3200K" with "The book never
 * mentions "3200k"", and BM25 matched nothing of "200mm". Read apart, it is the book's own words.
 * Likewise a multiplication typed with the letter x ("10x50", "300x"), where books print a times
 * sign ("10×50", "300×") that the tokenizer reads as a space.
 */
import { isStopword, stemWord } from '../../common/bm25/index';
import type { BookVocabulary } from '../ports';

// Digits, then a short run of letters: a unit's symbol or abbreviation (mm, K, kg, ms, GHz).
const GLUED = /^(\d+)(\p{L}{1,4})$/u;
// Numbers multiplied with the letter x: "10x50" binoculars, "300x" power, "1920x1080" pixels. Not
// "0x50": a hexadecimal number is a name.
const TIMES = /^([1-9]\d*)x(\d*)$/;
// An ordinal's ending is no unit: "2nd" is not "2 ND" in a book about ND filters.
const ORDINAL = /^(?:st|nd|rd|th)$/;

/**
 * `word` (lowercased, as tokenized) as its number and unit apart, with the unit's stem, when it is a
 * number glued to a unit the book uses as a word (a one-letter unit: with a number the book uses
 * too); else null. A unit that is a stopword ("250s" of "1/250s") is no word of the book's to find,
 * and an ordinal ("2nd") has none.
 *
 * @example
 * unitApart('200mm', v); // { text: '200 mm', unitStem: 'mm' } (a book that writes "200 mm")
 * unitApart('nd8', v); // null: letters first, a name
 */
export function unitApart(word: string, v: BookVocabulary): { text: string; unitStem: string } | null {
  const glued = GLUED.exec(word);
  // Numbers joined by an x are a multiplication ({@link timesApart}), never a unit "x": else a book
  // that writes "x" (an axis) searched "300x" as "300 x" while the term rule weighed it as numbers.
  if (!glued || TIMES.test(word)) return null;
  const [, number, unit] = glued as unknown as [string, string, string];
  if (isStopword(unit) || ORDINAL.test(unit)) return null;
  // A single letter is as often a variable as a unit ("p" of p-values, "k" groups): read apart only
  // when the book writes that number too. Else "1080p" and "401k" asked of a statistics book were its
  // words, and such off-topic questions went unflagged.
  if (unit.length === 1 && !(v.df(stemWord(number)) > 0)) return null;
  const unitStem = stemWord(unit);
  return unitStem && v.df(unitStem) > 0 ? { text: `${number} ${unit}`, unitStem } : null;
}

/**
 * `word` (lowercased, as tokenized) as the numbers it multiplies, with the times sign books print,
 * when it is numbers joined by the letter x; else null. Readers type "10x50" and "300x" where a book
 * prints "10×50" and "300×": the glued form was a word the book never uses, so an astronomy book
 * answered "what do the numbers 10x50 on binoculars mean" with "The book never mentions "10x50"".
 * Apart, it is numbers, which weigh nothing for the term rule and match the book's in BM25.
 *
 * @example
 * timesApart('10x50'); // '10 × 50'
 * timesApart('300x'); // '300 ×'
 * timesApart('0x1f'); // null: hexadecimal
 */
export function timesApart(word: string): string | null {
  const times = TIMES.exec(word);
  if (!times) return null;
  const [, left, right] = times as unknown as [string, string, string];
  return right ? `${left} × ${right}` : `${left} ×`;
}
