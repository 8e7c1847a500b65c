/**
 * Two words a reader writes apart where the book writes one: "shut down" for the book's
 * "shutdown", "break down" for "breakdown", "lock down" for "lockdown". A civics book with a
 * "Shutdowns" section ranked it nowhere in the top 10 for "why does the government shut down
 * sometimes": "shut" is a word the book never uses and "down" a stopword, so only "government"
 * was searched. The second word is often a particle (an NLTK stopword: down, up, out, off, over),
 * which is why the pair must be read before the words are.
 *
 * Only when one of the two words is one the book never uses: joining every pair whose joined form
 * the book writes ("scatter plot" → scatterplot where the book also writes "scatter") was measured and
 * cost MRR (docs/retrieval-quality.md): the book usually writes both forms, so the parts match. The
 * unknown word may be the second: "heat stroke" for a first-aid book's "heatstroke", "heat wave" for
 * its "heatwave", "down stairs" for "downstairs"; the first word is then the book's own and was
 * searched, while the second counted for nothing. Never after an article ("a void" is no "avoid").
 * The term rule reads words, not pairs: it still names the missing word, first or second, as one the
 * book lacks.
 */
import { ENGLISH_STOPWORDS, isStopword, stemWord, WORD_RUNS } from '../../common/bm25/index';
import type { BookVocabulary } from '../ports';

// Letters only on both sides, and nothing but spaces or one hyphen between them: "shut down",
// "shut-down". A number or a line break between is no compound.
const PAIR = /^[ \t]+$|^-$/;
const LETTERS = /^\p{L}+$/u;
// Articles: "a" + a word is mostly another word ("avoid", "atypical"), never the word split.
const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * `text` with the word of each pair that the book never uses read as the one word the book writes
 * for the pair (the first word, else the second, when the book never uses it; the other stays). The
 * rest of the text is untouched.
 *
 * @example
 * joinedBookWords(v, 'why does the government shut down'); // 'why does the government shutdown down' (a book that writes "shutdown" and never "shut")
 * joinedBookWords(v, 'signs of heat stroke'); // 'signs of heat heatstroke' (a book that writes "heatstroke" and "heat", never "stroke")
 */
export function joinedBookWords(v: BookVocabulary, text: string): string {
  const words = [...text.matchAll(WORD_RUNS)];
  if (words.length < 2) return text;
  let out = '';
  let copied = 0;
  for (let i = 0; i + 1 < words.length; i++) {
    const first = words[i]!;
    const second = words[i + 1]!;
    const between = text.slice(first.index + first[0].length, second.index);
    if (!PAIR.test(between) || !LETTERS.test(first[0]) || !LETTERS.test(second[0])) continue;
    const a = first[0].toLowerCase();
    const b = second[0].toLowerCase();
    const unknownFirst = !isStopword(a) && !(v.df(stemWord(a)) > 0);
    // A stopword second word stays as it is ("shut down"): it is never searched, so it is never missing.
    const unknownSecond = !unknownFirst && !ARTICLES.has(a) && !isStopword(b) && !(v.df(stemWord(b)) > 0);
    if (!unknownFirst && !unknownSecond) continue;
    const joined = stemWord(a + b);
    if (!joined || !(v.df(joined) > 0)) continue;
    // The missing word is read as the joined one; the other stays: "scatter plot" in a book that
    // writes "scatterplot" and "plot" is searched as "scatterplot plot", since replacing the pair lost
    // "plot" and dropped the R manual's plotting section (the passage) out of the top 3.
    const missing = unknownFirst ? first : second;
    out += text.slice(copied, missing.index) + first[0] + second[0];
    copied = missing.index + missing[0].length;
    // The second word is replaced: it cannot also open the next pair.
    if (!unknownFirst) i++;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

// A word of letters only, long enough to hold two parts.
const CLOSED_UP = /^\p{L}{3,}$/u;
// Past this many letters from either end neither part can be a stopword: only nearer splits are read,
// so a 100,000-letter token costs what a short word does (every split was read: 0.5 s per request).
const LONGEST_STOPWORD = Math.max(...[...ENGLISH_STOPWORDS].map((word) => word.length));

/**
 * `word` (lowercased, as tokenized) as the book's hyphenated word when the reader closed it up:
 * "popup" for the book's "pop-up", "login" for "log-in", "checkin" for "check-in"; else null. Such
 * a run holds a stopword, so the book's keyword index keeps it whole (joined-stopwords.ts) and its
 * vocabulary counts it; the reader's solid form was a word the book never uses. A phishing book
 * whose passage says "A pop-up on a website … is a scam" answered "a website popup says my phone has
 * 3 viruses" with "The book never mentions "popup"". Only two parts, one of them a stopword, and only
 * when the book writes the run: closing up every run at ingest lengthened chunks and cost MRR
 * (docs/retrieval-quality.md, Round 93), while this reads the question alone.
 *
 * @example
 * hyphenatedBookWord('popup', v); // 'pop-up' (a book that writes "pop-up" and never "popup")
 * hyphenatedBookWord('popcorn', v); // null
 */
export function hyphenatedBookWord(word: string, v: BookVocabulary): string | null {
  if (!CLOSED_UP.test(word)) return null;
  for (let i = 1; i < word.length; i++) {
    if (i > LONGEST_STOPWORD && i < word.length - LONGEST_STOPWORD) i = word.length - LONGEST_STOPWORD;
    const left = word.slice(0, i);
    const right = word.slice(i);
    if (!isStopword(left) && !isStopword(right)) continue;
    const run = `${left}-${right}`;
    if (v.df(run) > 0) return run;
  }
  return null;
}
