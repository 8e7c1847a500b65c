/**
 * A number glued to its unit ("200mm", "3200K", "5kg"), as readers type it where books set the two
 * apart ("200 mm", "3200 K"). The tokenizer reads the glued form as one word the book never uses:
 * a photography book that writes "3200 K" answered "tungsten light 3200K" with "The book never
 * mentions "3200k"", and BM25 matched nothing of "200mm". Read apart, it is the book's own words.
 * Likewise a multiplication typed with the letter x ("10x50", "300x"), where books print a times
 * sign ("10×50", "300×") that the tokenizer reads as a space. And a time of day typed "4am" or
 * "6pm", where books print "4 a.m." or "6 p.m." (the tokenizer keeps the number and drops the letters).
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
// A clock's hour, or the minutes of "4:30pm" (the colon splits them off), glued to am or pm.
const CLOCK = /^([0-5]?\d)(am|pm)$/;

/**
 * `word` (lowercased, as tokenized) as its number and unit apart, with the unit's stem, when it is a
 * number glued to a unit the book uses as a word (a one-letter unit: with a number the book uses
 * too); else null. A unit that is a stopword ("250s" of "1/250s") is no word of the book's to find
 * ({@link stopwordUnitApart} reads its number), and an ordinal ("2nd") has none.
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

// Letters, then digits: a name and its number typed glued ("wd40", "covid19"). Two letters at
// least: one letter and a number is a variable or a code ("x86", "t25") as often as a name.
const NAME_NUMBER = /^(\p{L}{2,})(\d+)$/u;
// A code's numbers and letters typed glued, where the book punctuates them: the reader's "501c3" for
// the book's "501(c)(3)" (the tokenizer reads "501", "c", "3"). Numbers on both sides make it a code,
// not a variable, so one letter is enough ("x86" stays a word). Not a first digit 0: "0x50" and
// "0b101" are hexadecimal and binary numbers, names, as TIMES reads them.
const CODE = /^([1-9]\d*)(\p{L}{1,3})(\d+)$/u;

/**
 * `word` (lowercased, as tokenized) as its name and number apart, with the name's stem, when it is
 * letters glued to digits ("wd40") in a book that writes both apart or hyphenated ("WD-40", which
 * the tokenizer reads as "wd" and "40") and never glued; else null. A bicycle book with a warning
 * on WD-40 answered "is WD40 ok for a chain" with "The book never mentions "WD40"". A book that
 * never writes the name, or never the number, keeps the glued word as one it never uses. Likewise a
 * code of digits, letters and digits ("501c3") in a book that writes each part: a grant-writing book
 * on "501(c)(3) status" answered "we don't have our own 501c3 yet" with "The book never mentions
 * "501c3"" and ranked its fiscal-sponsorship page 8th.
 *
 * @example
 * nameNumberApart('wd40', v); // { text: 'wd 40', nameStem: 'wd' } (a book that writes "WD-40")
 * nameNumberApart('501c3', v); // { text: '501 c 3', nameStem: 'c' } (a book that writes "501(c)(3)")
 * nameNumberApart('ps5', v); // null: a book that never writes "PS"
 */
export function nameNumberApart(word: string, v: BookVocabulary): { text: string; nameStem: string } | null {
  const parts = (NAME_NUMBER.exec(word) ?? CODE.exec(word))?.slice(1);
  if (!parts) return null;
  // The letters: first of a name and its number, second of a code.
  const name = parts[parts.length - 2]!;
  if (isStopword(name)) return null;
  const nameStem = stemWord(name);
  if (!nameStem || parts.some((part) => !(v.df(stemWord(part)) > 0))) return null;
  return { text: parts.join(' '), nameStem };
}

/**
 * `word` (lowercased, as tokenized) as its number and unit apart, when it is a number the book writes
 * glued to a one-letter unit that is a stopword ("14m", "30s"); else null. Qdrant's list drops "m",
 * "s", "t" and "d" (of "I'm", "it's", "don't", "I'd"), so the book's "11–14 m" is the number alone
 * to the analyzer and {@link unitApart} finds no unit word to weigh; but the reader's "14m" was then a
 * word the book never uses, and a skiing book answered "what does the 14m written on my skis mean"
 * (its turn-radius table, 2nd) with "The book never mentions "14m"". Apart, it is a number, which
 * weighs nothing for the term rule and matches the book's in BM25. Only with a number the book writes,
 * as for a one-letter unit that is a word: "250s" of a book that never writes 250 stays unknown.
 *
 * @example
 * stopwordUnitApart('14m', v); // '14 m' (a book that writes "11–14 m")
 * stopwordUnitApart('250s', v); // null: a book that never writes 250
 */
export function stopwordUnitApart(word: string, v: BookVocabulary): string | null {
  const glued = GLUED.exec(word);
  if (!glued || glued[2]!.length > 1 || !isStopword(glued[2]!) || !(v.df(stemWord(glued[1]!)) > 0)) return null;
  return `${glued[1]} ${glued[2]}`;
}

/**
 * `word` (lowercased, as tokenized) as its number and marker apart, when it is a time of day glued
 * to am or pm ("4am", "6pm", the "30pm" of "4:30pm"); else null. Books print "4 a.m.", "6 p.m." or
 * "4 AM", which the tokenizer reads as the number (the letters are stopwords or stray letters), so
 * "4am" was a word the book never uses: a cat-care book that writes "A cat that wakes you at 4 a.m."
 * answered "my cat wakes me up at 4am" with "The book never mentions "4am"". Apart, it is a number,
 * which weighs nothing for the term rule and matches the book's in BM25.
 *
 * @example
 * clockApart('4am'); // '4 am'
 * clockApart('30pm'); // '30 pm'
 * clockApart('75pm'); // null: no hour or minute
 */
export function clockApart(word: string): string | null {
  const clock = CLOCK.exec(word);
  if (!clock) return null;
  const [, number, marker] = clock as unknown as [string, string, string];
  return `${number} ${marker}`;
}

// A count of thousands typed with k: "35k", "250k". Up to three digits, as "35,000" groups them.
const THOUSANDS = /^([1-9]\d{0,2})k$/;

/**
 * `word` (lowercased, as tokenized) as the book writes thousands, when it is a count of thousands
 * typed with k ("35k", "250k") in a book that groups thousands with a separator ("£35,000", which
 * the tokenizer reads as "35" and "000"), never writes "k" as a word, and writes that number; else
 * null. A home-buying book that writes "If you earn £35,000 a year" answered "how much can I borrow
 * on a 35k salary" with "The book never mentions "35k"". Apart, it is numbers, which weigh nothing
 * for the term rule and match the book's in BM25. A book that writes "k" (a "5K race", "k groups")
 * is left to {@link unitApart}; a number the book never writes ("401k" of a book with no 401) stays
 * a word the book never uses.
 *
 * @example
 * thousandsApart('35k', v); // '35 000' (a book that writes "£35,000")
 * thousandsApart('401k', v); // null: the book never writes 401
 */
export function thousandsApart(word: string, v: BookVocabulary): string | null {
  const thousands = THOUSANDS.exec(word);
  if (!thousands) return null;
  const number = thousands[1] as string;
  if (v.df(stemWord('k')) > 0 || !(v.df(stemWord('000')) > 0) || !(v.df(stemWord(number)) > 0)) return null;
  return `${number} 000`;
}

// Five to nine digits typed without a separator: never a year or a four-digit code ("2024", "1080").
const UNGROUPED = /^[1-9]\d{4,8}$/;

/**
 * `word` as the book writes a number of thousands, when it is five to nine digits typed whole
 * ("10000", "250000") in a book that groups thousands with a separator ("10,000 yen", which the
 * tokenizer reads as "10" and "000"), does not write the number whole, and writes its leading group;
 * else null. A beginner's Japanese book that writes "10,000 yen" was asked "how to say 10000 yen":
 * "10000" matched no chunk. Grouped in threes from the right, as the book writes it, the numbers
 * match the book's in BM25.
 *
 * @example
 * digitsGrouped('10000', v); // '10 000' (a book that writes "10,000")
 * digitsGrouped('2024', v); // null: four digits are a year as often as a number
 */
export function digitsGrouped(word: string, v: BookVocabulary): string | null {
  if (!UNGROUPED.test(word) || v.df(stemWord(word)) > 0 || !(v.df(stemWord('000')) > 0)) return null;
  const lead = word.length % 3 || 3;
  if (!(v.df(stemWord(word.slice(0, lead))) > 0)) return null;
  return [word.slice(0, lead), ...(word.slice(lead).match(/\d{3}/g) ?? [])].join(' ');
}
