/**
 * Double quotation marks around a sentence's terminators, for the highlight's sentence reading
 * (`sentenceSpans` with `runOns`). A quoted message of several sentences ('Say "Mayday, Mayday,
 * Mayday. This is Blue Heron." and wait') was cut at its inner full stop, and a highlight opened
 * mid-quotation with a dangling closing mark ('This is Blue Heron." and wait').
 */

// The longest quotation, opening mark to closing mark, read as one: a quoted phrase or message
// that fits a highlight (240 characters) with words around it. A longer one (an essay's quoted
// paragraph of several sentences) read whole became a highlight cut by "…" at both ends, where
// one sentence of it was; an unclosed or far-closed mark leaves the sentences as they were.
const QUOTATION_CHARS = 160;
// What may come right before an opening straight quote: the text's start (checked apart), a space,
// an opening bracket, a dash or emphasis. After a digit or a letter a `"` is an inch mark or a
// closing mark, never an opening one ("a 12" board").
const OPENS_AFTER = /[\s([{—–\-*_/]/;

/**
 * A reader of where a double quotation open at a terminator's end opened, for terminators asked in
 * increasing order: the returned function takes the sentence's start (`from`) and the terminator's
 * end (`cut`) in `slice`, and gives the offset of a straight `"` opened after a space, bracket, dash
 * or emphasis and not yet closed there, or of a curly “ not yet matched by ” (-1: none is open). Counting resumes where it stopped
 * while the sentence's start stays (a paragraph of many quotations whose sentences never end is
 * read once, not once per terminator) and starts afresh when it moves.
 *
 * @example
 * const openedAt = quotationReader('Say "Stop. Go." now');
 * openedAt(0, 10); // 4
 * quotationReader('A 12" board. Next')(0, 12); // -1
 */
export function quotationReader(slice: string): (from: number, cut: number) => number {
  let start = -1;
  let scanned = 0;
  let straight = -1;
  const curly: number[] = [];
  return (from, cut) => {
    if (from !== start) {
      start = from;
      scanned = from;
      straight = -1;
      curly.length = 0;
    }
    for (; scanned < cut; scanned++) {
      const c = slice[scanned];
      if (c === '"') {
        if (straight >= 0) straight = -1;
        else if (scanned === 0 || OPENS_AFTER.test(slice[scanned - 1]!)) straight = scanned;
      } else if (c === '“') curly.push(scanned);
      else if (c === '”') curly.pop();
    }
    // The outermost open quotation: the one whose close ends the run read as one sentence.
    const opened = Math.min(straight < 0 ? Infinity : straight, curly[0] ?? Infinity);
    return opened === Infinity ? -1 : opened;
  };
}

/**
 * Whether a closing double quotation mark follows `cut` in `slice` within its paragraph (no blank
 * line before it), the quotation opened at `opened` being no longer than {@link QUOTATION_CHARS}: a
 * straight `"` right after a non-space (a closing mark hugs the word it ends), or a curly ”.
 *
 * @example
 * quotationClosesAfter('Say "Stop. Go." now', 10, 4); // true
 * quotationClosesAfter('Say "Stop.\n\nGo." now', 10, 4); // false
 */
export function quotationClosesAfter(slice: string, cut: number, opened: number): boolean {
  if (opened < 0) return false;
  const ahead = slice.slice(cut, opened + QUOTATION_CHARS);
  const paragraphEnd = ahead.search(/\n[ \t]*\r?\n/);
  const within = paragraphEnd < 0 ? ahead : ahead.slice(0, paragraphEnd);
  return /\S"|”/.test(within);
}
