/**
 * Acronyms that the stemmer folds into an ordinary word. Snowball reads "PAYE" (pay as you earn) as
 * the word "paye" and stems it to "pay", so "what does PAYE mean" asks the keyword search for "pay" —
 * in a tax book the commonest verb there is — and the chunk that defines PAYE is no better a match
 * than any chunk about paying. Written in capitals in a line that also has lowercase letters, such a
 * word names something, so it also counts as itself: one extra token, the word unstemmed behind a
 * prefix no analyzed stem can carry (the tokenizer splits on ":"), so it never meets the stem of
 * another word ("payee" also stems to "paye").
 *
 * An acronym the stemmer leaves whole ("GNOME", "ROS", "USB") makes no extra token: its stem is
 * already its own term. As with {@link capitalStopwords}, the tokens sit beside Qdrant's own analysis
 * ({@link analyzeText} is unchanged): ingest adds them to a chunk's body BM25 vector, the search to
 * the question's, and a collection ingested before simply has none.
 */
import { capitalsSpeak } from './capital-stopwords';
import { stemWord } from './stemmer';
import { analyzeText } from './analyze';
import { isStopword } from './stopwords';
import { splitWords } from './tokenize';

const CAPITALS_ONLY = /^\p{Lu}{2,}$/u;

/** The prefix of an acronym token: ":" never survives the tokenizer, so no stem begins with it. */
export const ACRONYM_PREFIX = 'acronym:';

/**
 * The acronym tokens of `text`, in order, repeats kept (they are term frequencies): each word of two
 * or more capital letters, and no other character, in a line with a lowercase letter, that is no
 * stopword (capital-stopwords.ts reads those) and that the stemmer changes.
 *
 * @example
 * acronymTokens('Tax withheld under PAYE (pay as you earn)'); // ['acronym:paye']
 * acronymTokens('GNOME and USB'); // [] (their stems are the words themselves)
 * acronymTokens('PAYE RULES'); // [] (no lowercase letter on the line: a shouted heading)
 */
export function acronymTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const line of text.split('\n')) {
    if (!capitalsSpeak(line)) continue;
    for (const word of splitWords(line)) {
      if (!CAPITALS_ONLY.test(word)) continue;
      const lower = word.toLowerCase();
      if (!isStopword(lower) && stemWord(lower) !== lower) tokens.push(ACRONYM_PREFIX + lower);
    }
  }
  return tokens;
}

const ENDS_IN_S = /S$/u;

/**
 * The stems that only an acronym's final S made of the question's words: "PERS" (personal emergency
 * response system) is stemmed as the plural of "per", "BIOS" of "bio", "CORS" of "cor", and the search
 * then asked for every "beats per minute" of the book. In capitals, with a lowercase letter on the
 * line, the S is the acronym's last letter (a plural of capitals is written "PCs"), so the search may
 * ask for the acronym token alone when the book has it ({@link acronymTokens}). A stem another word of
 * the question also makes ("cost per month of a PERS") is not listed.
 *
 * @example
 * acronymPluralStems('what is a PERS'); // Map { 'per' => 'acronym:pers' }
 * acronymPluralStems('cost per month of a PERS'); // Map {} ("per" is a word of the question too)
 * acronymPluralStems('what is PAYE'); // Map {} (no final S: "pay" stays beside the token)
 */
export function acronymPluralStems(text: string): Map<string, string> {
  const folded = new Map<string, string>();
  for (const token of acronymTokens(text)) {
    const lower = token.slice(ACRONYM_PREFIX.length);
    if (lower.endsWith('s')) folded.set(stemWord(lower), token);
  }
  if (folded.size === 0) return folded;
  // The stems the question's other words make: its text with each such acronym blanked.
  const others = new Set(analyzeText(text.replace(/\p{L}+/gu, (word) => (CAPITALS_ONLY.test(word) && ENDS_IN_S.test(word) ? ' ' : word))));
  for (const stem of [...folded.keys()]) if (others.has(stem)) folded.delete(stem);
  return folded;
}
