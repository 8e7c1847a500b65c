/**
 * One spelling of a question for everything downstream: the search, the embedding-cache key and
 * the result-cache key. Keys built from a normalised text while the search ran on the raw one let
 * "tf２ frames" (full-width digit) be served the cached answer of "tf2 frames", or the reverse.
 */

/**
 * Trims, collapses whitespace (line breaks included) and NFKC-normalises (full-width letters and
 * digits, ligatures), so trivially different spellings are one question. Control characters (NUL,
 * escape, DEL, C1) read as spaces: nobody types them, and a `q` made only of them (`%00%00`) is an
 * empty question, not one that costs an embedding call and returns arbitrary chunks.
 *
 * @example
 * normalizeQuery(' tf２\n frames '); // 'tf2 frames'
 * normalizeQuery('\u0000\u0000'); // ''
 */
export function normalizeQuery(text: string): string {
  return text.normalize('NFKC').replace(/[\s\p{Cc}]+/gu, ' ').trim();
}
