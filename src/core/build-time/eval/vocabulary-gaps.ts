/**
 * The readers' words a book lacks, over many questions (e.g. the ones logged with
 * `LOG_QUERIES=true`): each word that no chunk uses and that is not a book word in disguise
 * (misspelt, clipped, prefixed, suffixed or inflected: the search already reads those as the book's word),
 * with how many questions used it. Neither BM25 nor the local model can match such a word, so it is
 * the reader's half of a line of the owner's synonyms file — or the name of a topic the book does not
 * cover, which is why each word also counts the questions the term rule judged off-topic.
 */
import { stemWord } from '../../common/bm25/index';
import type { BookVocabulary } from '../../query/ports';
import { bookWordReader } from '../../query/book-terms/book-forms';
import { assessQueryTerms, isEverydayWord, nameLikeWords } from '../../query/book-terms/term-evidence';
import { questionFrameWeights } from '../../query/search/question-frame';

/** Example questions kept per word. */
export const GAP_EXAMPLES = 3;

/** One word readers used that the book never does. */
export interface VocabularyGap {
  /** The word as first written (lowercased). */
  word: string;
  /** Questions that used it (any form with the same stem). */
  questions: number;
  /** Of those, how many the term rule judged not covered by the book. */
  offTopic: number;
  /** The first {@link GAP_EXAMPLES} questions that used it, as written. */
  examples: string[];
}

/** What {@link vocabularyGaps} found. */
export interface VocabularyGaps {
  /** Questions read (blank ones skipped). */
  questions: number;
  /** Questions with at least one word the book lacks. */
  withGaps: number;
  /** Of those with a gap, how many the term rule judged not covered. */
  offTopic: number;
  /** Most used first; ties in the order first seen. */
  words: VocabularyGap[];
}

/**
 * The words of `questions` the book never uses, most used first.
 *
 * @example
 * vocabularyGaps(v, ['rename my computer', 'how to rename the machine']).words[0];
 * // { word: 'rename', questions: 2, offTopic: 0, examples: ['rename my computer', 'how to rename the machine'] }
 */
export function vocabularyGaps(v: BookVocabulary, questions: readonly string[]): VocabularyGaps {
  const byStem = new Map<string, VocabularyGap>();
  let read = 0;
  let withGaps = 0;
  let offTopic = 0;
  for (const raw of questions) {
    const question = raw.trim();
    if (!question) continue;
    read++;
    const evidence = assessQueryTerms(v, question);
    const missing = missingWords(v, question, evidence.unknown);
    if (missing.size === 0) continue;
    withGaps++;
    const { covered } = evidence;
    if (!covered) offTopic++;
    for (const [stem, word] of missing) {
      let gap = byStem.get(stem);
      if (!gap) byStem.set(stem, (gap = { word, questions: 0, offTopic: 0, examples: [] }));
      gap.questions++;
      if (!covered) gap.offTopic++;
      if (gap.examples.length < GAP_EXAMPLES) gap.examples.push(question);
    }
  }
  const words = [...byStem.values()].sort((a, b) => b.questions - a.questions);
  return { questions: read, withGaps, offTopic, words };
}

/**
 * Of the words the term rule found no chunk using (`unknown`: stopwords, numbers and function words
 * already left out), those the search cannot read as a book word either, by stem. The reader is
 * asked about them in the rule's order, so it reads them as the rule did. Everyday speech ("get",
 * "want") is left out too: no synonyms line makes it mean one of the book's terms. So is a word of the
 * question's frame ("figure" of "how do I figure out …", "difference" of "the difference between …"):
 * the search gives it no weight there, so a synonyms line for it would change nothing.
 */
function missingWords(v: BookVocabulary, question: string, unknown: readonly string[]): Map<string, string> {
  const reader = bookWordReader(v);
  const names = nameLikeWords(question);
  const frame = questionFrameWeights(question);
  const missing = new Map<string, string>();
  for (const word of unknown) {
    if (isEverydayWord(word) && !names.has(word)) continue;
    const stem = stemWord(word);
    if (frame.get(stem) === 0) continue;
    if (!reader(word, stem, names.has(word)).form) missing.set(stem, word);
  }
  return missing;
}
