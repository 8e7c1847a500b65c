/**
 * The book word a word misspells by one letter (Norvig's spelling corrector over the book's
 * vocabulary): every word one edit away is stemmed and looked up; a slip of the fingers (a letter
 * dropped, added, doubled, swapped, or struck for its neighbour on the keyboard, after the first
 * letter) beats a letter typed for a distant one or an error in the first letter, then the stem in
 * most chunks wins.
 * Read by `book-forms.ts` for a word the book never uses and English does not know.
 */
import { stemWord } from '../../common/bm25/index';
import type { BookVocabulary } from '../ports';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * How a book word is made from the query word: the letter the writer dropped (`insert`), swapped,
 * mistyped, added (`delete`), or doubled (`undouble`, a `delete` of a letter beside its twin).
 */
type Edit = 'insert' | 'transpose' | 'replace' | 'delete' | 'undouble';

/**
 * Every word one edit away from `word` (Norvig's spelling corrector), with the edit that makes it
 * and whether that edit is a slip of the fingers: a letter dropped, added, doubled or swapped, or
 * struck for the key beside it, after the first letter. A letter typed for a distant one is a rarer
 * error, and so is any error in the first letter (writers seldom get it wrong: "pused" is "pushed",
 * not "used"; "perent" is "percent", not "operent"). Only plain a–z words are corrected; ~54n
 * candidates, each stemmed and looked up once per word.
 */
function* oneEditAway(word: string): Generator<[string, Edit, boolean]> {
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    const afterFirst = i > 0;
    for (const c of LETTERS) yield [head + c + tail, 'insert', afterFirst];
    if (tail.length > 1) yield [head + tail[1] + tail[0] + tail.slice(2), 'transpose', afterFirst];
    if (tail.length > 0) {
      for (const c of LETTERS) if (c !== tail[0]) yield [head + c + tail.slice(1), 'replace', afterFirst && besideKey(tail[0]!, c)];
      yield [head + tail.slice(1), tail[0] === head.at(-1) ? 'undouble' : 'delete', afterFirst];
    }
  }
}

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/**
 * Each letter's neighbours on a QWERTY keyboard, beside it and diagonally above and below (the rows
 * are staggered: "d" touches "e", "r", "s", "f", "x", "c").
 */
const NEIGHBOURS: ReadonlyMap<string, string> = new Map(
  KEYBOARD_ROWS.flatMap((row, r) =>
    [...row].map((key, i): [string, string] => {
      const at = (rr: number, cols: number[]) => cols.map((c) => KEYBOARD_ROWS[rr]?.[c] ?? '').join('');
      return [key, (row[i - 1] ?? '') + (row[i + 1] ?? '') + at(r - 1, [i, i + 1]) + at(r + 1, [i - 1, i])];
    }),
  ),
);

/** Whether `typed` is a key beside `meant`: a slip of the finger rather than a wrong letter. */
const besideKey = (typed: string, meant: string): boolean => NEIGHBOURS.get(meant)?.includes(typed) ?? false;

/** The slips a name is corrected for: "Jupter", "Jupietr" and "Juppiter" are Jupiter; "Jython" is not Python. */
const NAME_SLIPS: ReadonlySet<Edit> = new Set(['insert', 'transpose', 'undouble']);

/**
 * The book word that `word` misspells by one letter: one a slip of the fingers makes, if any does
 * (see `oneEditAway`), and among those the stem in most chunks (the likelier meaning; the first
 * found on a tie). A name is corrected only for a dropped, swapped or doubled letter
 * ({@link NAME_SLIPS}). A three-letter stem is only reached from a word of five letters or more
 * ("runnig" is "running", but "vuex" is not "vue"). `slipsOnly`: no letter typed for a distant one.
 *
 * @example
 * misspeltBookWord('contoller', v, false); // { stem: 'control', word: 'controller' } (a book about controllers)
 */
export function misspeltBookWord(word: string, v: BookVocabulary, name: boolean, slipsOnly = false): { stem: string; word: string } | null {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return null;
  const openings = stemOpenings(v);
  let best: { stem: string; word: string } | null = null;
  let bestDf = 0;
  let bestIsSlip = false;
  for (const [candidate, edit, slip] of oneEditAway(word)) {
    if (name && !NAME_SLIPS.has(edit)) continue;
    if (slipsOnly && !slip) continue;
    // A wrong letter only where no slip of the fingers makes a book word ("prining" is "printing",
    // not "pricing"); among equals, the stem in most chunks.
    if (bestIsSlip && !slip) continue;
    // Stemming only changes a word's end, so a candidate that opens unlike every book stem is none.
    if (!openings.has(candidate.slice(0, OPENING))) continue;
    const stem = stemWord(candidate);
    if (stem.length < 3 || (stem.length === 3 && word.length < 5)) continue;
    const df = v.df(stem);
    if (df > 0 && ((slip && !bestIsSlip) || df > bestDf)) {
      best = { stem, word: candidate };
      bestDf = df;
      bestIsSlip = slip;
    }
  }
  return best;
}

/** Letters at the start of a word that its stem keeps (but a final "y" → "i": "try" → "tri"). */
const OPENING = 3;
const openingsOf = new WeakMap<BookVocabulary, Set<string>>();

/** The openings of the book's stems (built once per vocabulary), to skip most candidates unstemmed. */
function stemOpenings(v: BookVocabulary): Set<string> {
  let openings = openingsOf.get(v);
  if (!openings) {
    openings = new Set<string>();
    for (const stem of v.bookStems) {
      if (stem.length < OPENING) continue;
      const opening = stem.slice(0, OPENING);
      openings.add(opening);
      if (opening.endsWith('i')) openings.add(`${opening.slice(0, -1)}y`);
    }
    openingsOf.set(v, openings);
  }
  return openings;
}
