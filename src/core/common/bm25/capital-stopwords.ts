/**
 * Stopwords a technical text writes in capitals. "What is the difference between WHERE and
 * HAVING" is, to Qdrant's analyzer, the single word "difference": both names are English
 * stopwords, dropped from the question and from every page that explains them. Written in capitals
 * in a line that also has lowercase letters, such a word names something (an SQL clause, an
 * operator, `NOT IN`), so the keyword search indexes and asks for it. A line with no lowercase
 * letter (a shouted heading, a licence's capitals) is not read this way.
 *
 * The stems are extra tokens beside Qdrant's own analysis ({@link analyzeText} is unchanged): ingest
 * adds them to a chunk's body BM25 vector and the search adds them to the question's, so both
 * stores score them alike, and a collection ingested before simply has none (the question then
 * scores as before).
 */
import { analyzeText } from './analyze';
import { stemWord } from './stemmer';
import { isStopword } from './stopwords';
import { splitWords } from './tokenize';

const LOWERCASE = /\p{Ll}/u;

/**
 * Whether capitals on `line` say something: it has a lowercase letter. On a line with none (a
 * shouted heading, a licence's capitals) they say nothing. One rule for every reader of capitals
 * (this file, acronym-tokens.ts, noun-stopwords.ts).
 *
 * @example
 * capitalsSpeak('Filter with HAVING'); // true
 * capitalsSpeak('THE SOFTWARE IS PROVIDED AS IS'); // false
 */
export function capitalsSpeak(line: string): boolean {
  return LOWERCASE.test(line);
}

/**
 * A single capital letter that names something inside a sentence: "vitamin D", "Type A", "Plan B".
 * Of the one-letter stopwords (a, d, m, o, s, t, y) it counts only after a word on the same line, with
 * nothing but spaces between, and not glued to the next word: "I" is the pronoun, a capital after a
 * full stop or colon opens a sentence ("A 70 kg adult"), "U.S." is an abbreviation, "O'Brien" and
 * "T-shirt" are parts of one word.
 */
const NAMING_LETTER = /(?<=[\p{L}\p{N}] +)([ADMOSTY])(?![\p{L}\p{N}'’&-]|\.[\p{L}\p{N}])/gu;

/**
 * The stems of the stopwords written in capitals (two letters or more, or a single naming letter:
 * {@link NAMING_LETTER}) in the lines of `text` that also have a lowercase letter, in order, repeats
 * kept (they are term frequencies). "How much vitamin D do adults need" is otherwise "much vitamin
 * adult need" to the keyword search, and a vitamin D section no better than any vitamin's.
 *
 * @example
 * capitalStopwords('Filter groups with HAVING, rows with WHERE'); // ['have', 'where']
 * capitalStopwords('where is the file?'); // []
 * capitalStopwords('THE SOFTWARE IS PROVIDED AS IS'); // [] (no lowercase letter on the line)
 * capitalStopwords('Skin makes vitamin D in sunlight.'); // ['d']
 */
export function capitalStopwords(text: string): string[] {
  const stems: string[] = [];
  for (const line of text.split('\n')) {
    if (!capitalsSpeak(line)) continue;
    for (const word of splitWords(line)) {
      if (word.length < 2 || LOWERCASE.test(word) || word === word.toLowerCase()) continue;
      const lower = word.toLowerCase();
      if (isStopword(lower)) stems.push(stemWord(lower) || lower);
    }
    for (const match of line.matchAll(NAMING_LETTER)) stems.push(match[1]!.toLowerCase());
  }
  return stems;
}

/**
 * The share of a text's distinct search terms that only its capitals make (stopwords written in
 * capitals, {@link capitalStopwords}): terms the keyword search reads and the local model, which
 * learns no stopword, cannot. 0 for a text without them.
 *
 * @example
 * capitalStopwordShare('difference between WHERE and HAVING'); // 2/3 (differ | where, have)
 * capitalStopwordShare('what is a topic'); // 0
 */
export function capitalStopwordShare(text: string): number {
  const capitals = new Set(capitalStopwords(text));
  if (capitals.size === 0) return 0;
  const words = new Set(analyzeText(text));
  const only = [...capitals].filter((stem) => !words.has(stem)).length;
  return only / (words.size + only);
}
