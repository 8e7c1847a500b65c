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
 * Each word is NFKC-normalised, as every question is (`normalizeQuery`): a book's "CO₂", "Pᵢ",
 * "¹⁵N" or "ﬁle" is indexed as "co2", "pi", "15n" and "file", the words a reader types and the
 * question arrives as; indexed as written, "CO2" and "CO₂" both found nothing in a biology book
 * that writes CO₂ on every page. The words, not the whole text: NFKC also spells out symbols that
 * separate words ("KMyMoney™" would be one word "KMyMoneyTM"), and a word it folds into a
 * separator ("½" is "1⁄2") is split again.
 *
 * @example
 * splitWords("Canonical's snap"); // ['Canonical', 's', 'snap']
 * splitWords('6 CO₂ and KStars™'); // ['6', 'CO2', 'and', 'KStars']
 */
export function splitWords(text: string): string[] {
  // Composed first (NFC): a page saved decomposed spells "lápiz" as "la" + U+0301 + "piz", and that
  // mark is no Alphabetic character, so it split the word ("la", "piz") and hid it from "lápiz" and "lapiz".
  return text.normalize('NFC').split(SEPARATORS).flatMap((raw) => {
    if (raw.length === 0) return [];
    const folded = raw.normalize('NFKC');
    return folded === raw ? [raw] : folded.split(SEPARATORS).filter((word) => word.length > 0);
  });
}
