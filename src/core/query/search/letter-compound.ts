/**
 * A single letter hyphened to a word ("U-value", "k-d tree", "X-ray", "E-book") is one word: the
 * analyser splits it at the hyphen and a defined term's key drops one-letter stems
 * (`informativeStems`), so "**U-value**" was recorded as defining `valu`, and "What is a value?" read
 * that chunk as the one that defines a value. Closed up before a term is keyed, by ingest
 * (defined-terms.ts) and by the definition question alike, the term keeps its letter: `uvalu`.
 */
const LETTER_HYPHEN = /(?<![\p{L}\p{N}])(\p{L})-(?=\p{L})/gu;

/**
 * `text` with each single letter's hyphen to the word after it closed up ({@link LETTER_HYPHEN}).
 *
 * @example
 * closeLetterHyphens('U-value of a wall'); // 'Uvalue of a wall'
 * closeLetterHyphens('two-factor'); // 'two-factor'
 */
export function closeLetterHyphens(text: string): string {
  return text.replace(LETTER_HYPHEN, '$1');
}
