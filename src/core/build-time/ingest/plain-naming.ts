/**
 * A term named without emphasis by a naming verb: "This process is called grammaticalisation.",
 * "Non-currency assets are known as securities.", "This kind of soap is called Castile soap." A
 * bold or italic term after "called" is read by defined-terms.ts (NAMING_BEFORE); a plain one named
 * nothing, though the sentence is as plainly a definition. Apart from defined-terms.ts, which reads
 * the sentences.
 */
import { isStopword } from '../../common/bm25/index';

/**
 * A copula, a naming verb and the name up to the clause's end (a comma, a full stop, a bracket or
 * the line's end), an article and quotation marks around it left out: "is called the “loan amount”,",
 * "are known as the Equinoxes." Only after a copula: "a process called annotation" runs on into
 * the sentence, where the name's end is a guess. Not "named", which as often says how ("are named
 * with two letters", "named after a Great Thinker"). Plain words only: emphasis, code and links are
 * read elsewhere or are no name.
 */
const PLAIN_NAMING = /\b(?:is|are|was|were)\s+(?:(?:also|often|usually|commonly|sometimes|generally|simply)\s+)?(?:called|known\s+as|termed|dubbed)\s+(?:(?:an?|the)\s+)?["“'‘]?([A-Za-z][\w'’-]*(?:\s+[A-Za-z0-9][\w'’-]*){0,3}?)["”'’]?\s*(?=[.,;:!?(]|$)/gi;
/**
 * A word that cannot be part of a name after "called": a function word ("is called to run it", "are
 * known as Securities by KMyMoney", "was called in") or an adverb in -ly ("is called recursively"),
 * which say how or when something is called, as a program's function is.
 */
function notNameWord(word: string): boolean {
  const lower = word.toLowerCase();
  return isStopword(lower) || /ly$/.test(lower);
}

/**
 * The names `sentence` gives with a naming verb and no emphasis, each of at most four words.
 *
 * @example
 * plainNames('This process is called grammaticalisation.'); // ['grammaticalisation']
 * plainNames('The function is called recursively.'); // []
 */
export function plainNames(sentence: string): string[] {
  const names: string[] = [];
  for (const match of sentence.matchAll(PLAIN_NAMING)) {
    const name = match[1]!;
    if (!name.split(/\s+/).some(notNameWord)) names.push(name);
  }
  return names;
}
