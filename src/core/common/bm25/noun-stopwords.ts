/**
 * Stopwords used as nouns. Qdrant's list drops the modals "will" and "can" wherever they stand, so
 * "my ancestor didn't leave a will, what else can I look at" is "ancestor leave else look" to the
 * keyword search, and the page on wills and probate is no better a match than any page that says
 * "leave" or "look". After an article or a possessive ("a will", "the will", "his will", "no will",
 * "a can") the word is the noun — a testament, a tin — which a modal never is there.
 *
 * The noun counts as its own stem ("will"), so it meets the book's plural ("Wills and probate",
 * which the analyzer keeps) and the noun wherever a page writes it after a determiner. As with
 * {@link capitalStopwords}, the stems are extra tokens beside Qdrant's own analysis
 * ({@link analyzeText} is unchanged): ingest adds them to a chunk's body BM25 vector and the search
 * to the question's, so both stores score them alike, and a collection ingested before has none
 * (the question's noun then finds only the plural, as before it found nothing).
 */
import { capitalsSpeak } from './capital-stopwords';
import { stemWord } from './stemmer';

/**
 * The modal stopwords whose noun is an everyday word. Others are left out: "own" after "my" is no
 * noun ("my own tree"), nor "other" after "the"; "this" and "that" are left out of the determiners
 * because "this will fail" is the modal.
 */
const NOUN_STOPWORDS = ['will', 'can'] as const;
const DETERMINERS = ['a', 'an', 'the', 'my', 'your', 'his', 'her', 'our', 'their', 'its', 'no'] as const;

// A determiner, not inside a longer word or a hyphenated run ("B-in-A will"), then the stopword,
// not glued to a following word or hyphen ("a will-less automaton"). Spaces may include a hard
// wrap's line break.
const NOUN_AFTER_DETERMINER = new RegExp(
  `(?<![\\p{L}\\p{N}'’-])(${DETERMINERS.join('|')})\\s+(${NOUN_STOPWORDS.join('|')})(?![\\p{L}\\p{N}-])`,
  'giu',
);
// "Plan A can run", "from B to A will": a capital single letter after a word names something (as
// capital-stopwords.ts reads it), it is no article.
const NAMING_LETTER_BEFORE = /[\p{L}\p{N}][ \t]+$/u;

/** Whether capital-stopwords.ts reads the noun at `at`: written in capitals, on a line with lowercase. */
function readAsCapital(text: string, noun: string, at: number): boolean {
  if (noun !== noun.toUpperCase()) return false;
  const end = text.indexOf('\n', at);
  return capitalsSpeak(text.slice(text.lastIndexOf('\n', at) + 1, end === -1 ? text.length : end));
}

/**
 * The stems of the noun stopwords of `text` ({@link NOUN_STOPWORDS} after an article or a
 * possessive), in order, repeats kept (they are term frequencies). A noun written in capitals on a
 * line with lowercase ("the CAN bus") is left to {@link capitalStopwords}, which reads it already:
 * counted by both, one word was two tokens.
 *
 * @example
 * nounStopwords('If a person died without a will, the court granted administration.'); // ['will']
 * nounStopwords('You will find it; it can take months.'); // []
 * nounStopwords('Application A can have its own environment.'); // [] (a naming letter)
 */
export function nounStopwords(text: string): string[] {
  const stems: string[] = [];
  for (const match of text.matchAll(NOUN_AFTER_DETERMINER)) {
    const determiner = match[1]!;
    if (determiner === 'A' && NAMING_LETTER_BEFORE.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
    const written = match[2]!;
    if (readAsCapital(text, written, match.index + match[0].length - written.length)) continue;
    const noun = written.toLowerCase();
    stems.push(stemWord(noun) || noun);
  }
  return stems;
}
