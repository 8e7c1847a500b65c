/**
 * The tokens the keyword search adds beside Qdrant's own analysis ({@link analyzeText}, unchanged),
 * in one place: ingest adds them to each chunk's body BM25 vector and the search to the question's,
 * and a token one side makes and the other does not can never match (lists concatenated by
 * hand in two places had to be kept in step). Each kind is read in its own module, which says why.
 */
import { acronymTokens } from './acronym-tokens';
import { ampersandNames } from './ampersand-names';
import { apostropheWords } from './apostrophe-words';
import { capitalStopwords } from './capital-stopwords';
import { framePhrases } from './frame-phrases';
import { joinedStopwords } from './joined-stopwords';
import { nounStopwords } from './noun-stopwords';

/**
 * The extra BM25 tokens of `text`, repeats kept (they are term frequencies): stopwords written in
 * capitals (SQL's `WHERE`, vitamin D's `D`: capital-stopwords.ts), runs joined by hyphens that hold
 * a stopword (chess's `O-O`, a guitar's `pull-off`: joined-stopwords.ts), acronyms the stemmer folds
 * into a word (`PAYE`, stemmed to "pay": acronym-tokens.ts), the modals "will" and "can" used as
 * nouns ("left no will": noun-stopwords.ts) and words with an inner apostrophe that is no clitic, read
 * whole (`on'yomi` as "onyomi": apostrophe-words.ts) and short names joined by "&" (`C&R`, `R&D`:
 * ampersand-names.ts) and the "how long" and "how often" a FAQ's heading asks, one token each
 * (frame-phrases.ts).
 *
 * @example
 * extraTokens("Use WHERE; castle O-O; tax under PAYE; she left no will; the on'yomi. How long?");
 * // ['where', 'o-o', 'acronym:paye', 'will', 'onyomi', 'how long']
 */
export function extraTokens(text: string): string[] {
  return [...capitalStopwords(text), ...joinedStopwords(text), ...acronymTokens(text), ...nounStopwords(text), ...apostropheWords(text), ...ampersandNames(text), ...framePhrases(text)];
}
