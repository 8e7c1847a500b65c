/**
 * Word splitting and lowercasing as Qdrant's server-side BM25 does it (word tokenizer, lowercase,
 * no ASCII folding). Rust's `char::is_alphanumeric` is Unicode Alphabetic or numeric (Nd/Nl/No);
 * `\p{L}` would be wrong: it misses Alphabetic combining marks (e.g. Indic vowel signs) and Nl/No.
 */

const WORD_CHARACTER = '\\p{Alphabetic}\\p{Nd}\\p{Nl}\\p{No}';
// Everything that is not alphanumeric separates tokens, including '_' and apostrophes.
const SEPARATORS = new RegExp(`[^${WORD_CHARACTER}]+`, 'u');

/**
 * The runs of characters the tokenizer keeps as words, for rewriting words inside a text without
 * touching what lies between them (`text.replace(WORD_RUNS, …)`); the complement of the separators.
 */
export const WORD_RUNS = new RegExp(`[${WORD_CHARACTER}]+`, 'gu');

/**
 * Splits text into lowercased word tokens, in order, duplicates kept, no stopword removal.
 *
 * Lowercasing happens per token after the split, as the server does; `toLowerCase` is full
 * Unicode (multi-char expansions, final sigma), like Rust's `str::to_lowercase`.
 *
 * @example
 * tokenizeWords('rclpy_node, Café!'); // ['rclpy', 'node', 'café']
 */
export function tokenizeWords(text: string): string[] {
  return splitWords(text).map((raw) => raw.toLowerCase());
}

/**
 * The same words as {@link tokenizeWords}, as written (case kept), e.g. to tell names by their capitals.
 *
 * @example
 * splitWords("Canonical's snap"); // ['Canonical', 's', 'snap']
 */
export function splitWords(text: string): string[] {
  return text.split(SEPARATORS).filter((raw) => raw.length > 0);
}
