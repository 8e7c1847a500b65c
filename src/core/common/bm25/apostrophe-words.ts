/**
 * Words written with an apostrophe inside them that is no English clitic: a romanisation's syllable
 * mark ("on'yomi", "kun'yomi", "Qur'an", "Ba'al"), a name ("O'Brien"), an elision ("rock'n'roll").
 * Qdrant's analyzer splits at the apostrophe, so a Japanese primer's "On'yomi" is "on" (a stopword,
 * dropped) and "yomi": the reader who types "onyomi vs kunyomi" — as most romaji is typed, and as
 * most web pages spell it — asked for two words the book "never mentions", got no result at all, and
 * the warning said the book does not cover what its kanji chapter defines.
 *
 * The run joined without its apostrophes counts as one word too: one extra token, its stem, beside
 * Qdrant's own analysis ({@link analyzeText} is unchanged). Ingest adds it to a chunk's BM25 vector
 * and the search to the question's, so "onyomi" and "on'yomi" meet whichever way either side writes
 * it; a collection ingested before has none, and the question finds what it found before.
 *
 * A part after an apostrophe that is an English clitic ("'s", "n't", "'re", "'ll", "'ve", "'d", "'m")
 * makes no token: "it's", "don't", "we'll" are two words, and a possessive is its noun. Only letters:
 * "5'10" is a height.
 */
import { stemWord } from './stemmer';

// Letter runs joined by single apostrophes (ASCII, typographic right or left quote), not part of a
// longer run: no letter, digit or apostrophe on either side.
const APOSTROPHE_RUN = /(?<![\p{L}\p{N}'’‘])\p{L}+(?:['’‘]\p{L}+)+(?![\p{L}\p{N}]|['’‘]\p{L})/gu;
const APOSTROPHE = /['’‘]/u;
const CLITICS = new Set(['s', 't', 're', 'll', 've', 'd', 'm']);

/**
 * The stems of the apostrophe-joined words of `text`, each read without its apostrophes, in order,
 * repeats kept (they are term frequencies).
 *
 * @example
 * apostropheWords("The on'yomi and kun'yomi of 日"); // ['onyomi', 'kunyomi']
 * apostropheWords("It's the teacher's book; don't."); // [] (clitics)
 */
export function apostropheWords(text: string): string[] {
  const stems: string[] = [];
  // Nothing to find without an apostrophe (most texts and questions).
  if (!APOSTROPHE.test(text)) return stems;
  for (const match of text.normalize('NFC').matchAll(APOSTROPHE_RUN)) {
    const parts = match[0].toLowerCase().split(APOSTROPHE);
    if (parts.slice(1).some((part) => CLITICS.has(part))) continue;
    const joined = parts.join('');
    stems.push(stemWord(joined) || joined);
  }
  return stems;
}
