/**
 * A number the question writes with a point or a comma ("0.0052", "6.022", "1,000") as one term of
 * the highlight. The search reads such a number as its digit runs ("0" and "0052"), so those were
 * the highlight's terms; but a client marks whole words and, rightly, not the "1" of "0.1"
 * (client/marked-spans.ts), so a highlight found by the question's number alone ("how many sig figs
 * does 0.0052 have" → "… the decimal point: 0.0052 has two.") showed nothing marked.
 */

// A number with points or commas between its digit runs, not inside a longer word or number.
const GROUPED_NUMBER = /(?<![\p{L}\p{N}_.,])\p{N}+(?:[.,]\p{N}+)+(?![\p{L}\p{N}_]|[.,]\p{N})/gu;

/**
 * `terms` (as matched in `text`, lowercased) with each number of `text` whose digit runs are all
 * terms added whole, in the place of its first run; a run is kept too where it also stands alone in
 * `text` ("at 0 °C" beside "0.0052"), since a client marks it there. Given the `question`, only a
 * number it writes (the same digit runs, grouped by points or commas): "step 1" made "Step 1.1"'s
 * "1.1" a term, a number nobody asked about; without it (a caller with only the weights), any.
 *
 * @example
 * withWholeNumbers('The point: 0.0052 has two.', ['0', '0052']); // ['0.0052']
 * withWholeNumbers('At 0 °C, 0.0052 g.', ['0', '0052']); // ['0.0052', '0']
 * withWholeNumbers('Step 1.1 first.', ['step', '1'], 'what is step 1'); // ['step', '1']
 */
export function withWholeNumbers(text: string, terms: readonly string[], question?: string): string[] {
  const matched = new Set(terms);
  const asked = question === undefined ? null : new Set(Array.from(question.matchAll(GROUPED_NUMBER), ([number]) => runsKey(number)));
  const wholeOf = new Map<string, string>();
  for (const [number] of text.matchAll(GROUPED_NUMBER)) {
    const runs = number.split(/[.,]/);
    if (!runs.every((run) => matched.has(run)) || (asked && !asked.has(runsKey(number)))) continue;
    for (const run of runs) if (!wholeOf.has(run)) wholeOf.set(run, number);
  }
  if (wholeOf.size === 0) return [...terms];
  const out = new Set<string>();
  for (const term of terms) {
    const whole = wholeOf.get(term);
    if (whole !== undefined) out.add(whole);
    if (whole === undefined || standsAlone(text, term)) out.add(term);
  }
  return [...out];
}

/** A number's digit runs, whatever groups them ("1,000" and "1.000" are one key). */
const runsKey = (number: string): string => number.split(/[.,]/).join('.');

/** Whether the digit run `term` occurs in `text` as a word of its own, not inside a grouped number. */
function standsAlone(text: string, term: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}_]|\\p{N}[.,])${term}(?![\\p{L}\\p{N}_]|[.,]\\p{N})`, 'u').test(text);
}
