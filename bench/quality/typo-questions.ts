/**
 * `bench:quality --typos`: the same questions, each answerable one with one slip of the keyboard in
 * its rarest book word — the word a search can least afford to lose. The slip is deterministic and
 * cycles through the four kinds of typing error (a letter dropped, two letters swapped, a letter
 * mistyped as its neighbour on the keyboard, a letter doubled), in the middle of the word, so that
 * two runs measure the same questions. A slip that makes another English word or another book word
 * is passed over for the next kind (a real-word error is another problem: no search can tell it).
 */
import { isStopword, stemWord } from '../../src/core/common/bm25/index';
import type { BookVocabulary } from '../../src/core/query/ports';
import type { BookQuery } from './book-queries';

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** The key beside `c` on a QWERTY keyboard (to its right, else its left). */
function neighbourKey(c: string): string {
  const lower = c.toLowerCase();
  for (const row of KEYBOARD_ROWS) {
    const i = row.indexOf(lower);
    if (i < 0) continue;
    const key = row[i + 1] ?? row[i - 1]!;
    return c === lower ? key : key.toUpperCase();
  }
  return c;
}

type Slip = (word: string, at: number) => string;
const SLIPS: readonly Slip[] = [
  (w, at) => w.slice(0, at) + w.slice(at + 1),
  (w, at) => w.slice(0, at - 1) + w[at] + w[at - 1] + w.slice(at + 1),
  (w, at) => w.slice(0, at) + neighbourKey(w[at]!) + w.slice(at + 1),
  (w, at) => w.slice(0, at) + w[at] + w.slice(at),
];

/** The question's rarest book word of six letters or more, as written (letters only), if any. */
function rarestBookWord(question: string, v: BookVocabulary): string | null {
  let rarest: string | null = null;
  let rarestDf = Infinity;
  for (const token of question.split(/\s+/)) {
    const word = token.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '');
    if (word.length < 6 || /[^A-Za-z]/.test(word) || isStopword(word.toLowerCase())) continue;
    const df = v.df(stemWord(word.toLowerCase()));
    if (df > 0 && df < rarestDf) {
      rarest = word;
      rarestDf = df;
    }
  }
  return rarest;
}

/**
 * The questions with one slip each (off-topic questions, and those without a book word of six
 * letters, unchanged); `n`-th answerable question gets slip kind `n mod 4` first.
 *
 * @example
 * withTypos(queries, indexVocabulary(index))[0].query; // 'How do QoS relability policies …'
 */
export function withTypos(queries: readonly BookQuery[], v: BookVocabulary): BookQuery[] {
  let n = 0;
  return queries.map((q) => {
    if (q.offTopic) return q;
    const word = rarestBookWord(q.query, v);
    if (!word) return q;
    const first = n++;
    for (let k = 0; k < SLIPS.length; k++) {
      const slipped = SLIPS[(first + k) % SLIPS.length]!(word, word.length >> 1);
      const stem = stemWord(slipped.toLowerCase());
      if (v.isOrdinary(stem) || v.df(stem) > 0) continue;
      return { ...q, query: q.query.replace(new RegExp(`\\b${word}\\b`), slipped) };
    }
    return q;
  });
}
