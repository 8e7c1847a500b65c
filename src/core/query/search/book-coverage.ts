/**
 * The low-confidence rule, one per embedder — when may a search say "this book does not cover
 * that"?
 *
 * | embedder | store | `low_confidence` when |
 * |---|---|---|
 * | Cohere | Qdrant, vocabulary recorded at ingest | best cosine < `LOW_CONFIDENCE_SCORE` (0.4), or the term rule |
 * | Cohere | Qdrant, collection ingested before that | best cosine < 0.4; keyword lists: relative gap < 0.2 |
 * | Cohere | embedded index | the cosine rule above, or the term rule |
 * | local (LSA), or keyword mode | embedded index | the term rule (`book-terms/term-evidence.ts`) |
 *
 * With the local model, `high` also needs every informative word of the question in the book.
 *
 * Why not the cosine for the local model: LSA cosines have no absolute scale — measured on two
 * books, off-topic questions reached 0.74 (one shared word lands on one chunk's topic) while
 * answerable paraphrases went down to 0.39, so any cut flags answerable questions and misses
 * off-topic ones. The book's word statistics separate them instead. Cohere's cosines do have a
 * scale (relevant passages typically 0.4–0.8); its cut could not be re-measured offline here.
 */
import { splitWords } from '../../common/bm25/index';
import { isEverydayWord, MIN_COVERAGE } from '../book-terms/term-evidence';
import type { TermEvidence } from '../ports';
import { summarizeConfidence, type ConfidenceInput, type ConfidenceSummary, type ScoreScale } from './confidence';
import type { SearchWarning } from './warnings';

/** Inputs of {@link judgeConfidence}. */
export interface JudgeInput {
  results: readonly ConfidenceInput[];
  scale: ScoreScale;
  /** The embedder that made the dense scores, if any ('lsa' | 'cohere'). */
  embedderKind: string | null;
  /** The book's verdict on the query's words (when the store has the book's vocabulary). */
  terms?: TermEvidence;
  /** Cohere's cosine cut (`LOW_CONFIDENCE_SCORE`). */
  lowConfidenceScore: number;
}

/**
 * Rates a result list by the rule of its embedder (see the table above). `scores` is the rating the
 * scores alone deserve — what the `low_confidence` warning speaks about; `confidence` is the final
 * verdict (`rated_on: 'terms'` when the term rule decided).
 *
 * @example
 * judgeConfidence({ results, scale: 'cosine', embedderKind: 'lsa', terms, lowConfidenceScore: 0.4 }).confidence.low_confidence;
 */
export function judgeConfidence(input: JudgeInput): { confidence: ConfidenceSummary; scores: ConfidenceSummary } {
  const { results, terms } = input;
  const cohereCosine = input.embedderKind === 'cohere';
  // Only a Cohere cosine has an absolute cut; LSA cosines are rated high/medium, never low.
  let scores = summarizeConfidence(results, { scale: input.scale, lowConfidenceScore: cohereCosine || !terms ? input.lowConfidenceScore : 0 });
  // With the book's statistics at hand, a flat keyword list is no evidence of an off-topic question.
  if (terms && scores.rated_on === 'relative_gap' && scores.rating === 'low') scores = { ...scores, rating: 'medium', low_confidence: false };
  // LSA cosines can rate a question "high" when one of its words is missing from the book: "freeze
  // panes" in a spreadsheet manual that never says "freeze" matched "panes" alone at 0.9. High is
  // for questions the book can answer word for word; a Cohere cosine bridges paraphrase by itself.
  let confidence = scores;
  if (terms && !cohereCosine && terms.coverage < 1 && confidence.rating === 'high') confidence = { ...confidence, rating: 'medium' };
  if (terms && !terms.covered && confidence.rating !== 'none') confidence = { ...confidence, rating: 'low', low_confidence: true, rated_on: 'terms' };
  return { confidence, scores };
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;
const NAMED = 5;
const list = (words: readonly string[], query?: string): string => words.slice(0, NAMED).map((w) => `"${asWritten(w, query)}"`).join(', ');

/**
 * A word of the question as the reader wrote it ("Naples", not the searched "naples"): the question's
 * word, split as the tokenizer splits it (NFKC, case kept), that lowercases to `word`; else `word`
 * as searched (no question given, or a word it does not hold).
 *
 * @example
 * asWritten('naples', 'best pizza in Naples?'); // 'Naples'
 */
export function asWritten(word: string, query: string | undefined): string {
  // The tokenizer's own words, not a second word-character rule: its words keep letters that \p{L}
  // misses (an Alphabetic mark), and a word whose lowercase is longer ("İ") shifts no other's offsets.
  return (query === undefined ? undefined : splitWords(query).find((written) => written.toLowerCase() === word)) ?? word;
}

/**
 * The words a "never mentions" message names, in the question's order: the names that decided the
 * verdict (`foreign`) and the other unknown words the question asks about. Naming the names alone
 * read as if the book had the rest: "chocolate cake recipe with buttercream frosting" got "never
 * mentions "buttercream"" in a book with no cake, and 44 of 82 such messages over twenty question
 * sets left out a subject word. Past {@link NAMED} words the names come first.
 */
function neverMentioned(terms: TermEvidence): string[] {
  const subject = terms.unknown.filter((word) => terms.foreign.includes(word) || !isEverydayWord(word));
  if (subject.length <= NAMED) return subject;
  // Deduplicated before the cut: the names are in `subject` too, and counted twice they left room
  // for fewer than NAMED words.
  const kept = new Set([...new Set([...terms.foreign, ...subject])].slice(0, NAMED));
  return subject.filter((word) => kept.has(word));
}

/**
 * The `no_match` warning of a query the term rule judged not covered, or null when it is covered.
 * The message names words as `query` writes them; `details.unknown_terms` keeps the searched forms.
 *
 * @example
 * noMatchWarning({ coverage: 0.6, unknown: ['kubectl'], foreign: ['kubectl'], covered: false })?.message;
 * // 'The book never mentions "kubectl": it probably does not cover this question.'
 */
export function noMatchWarning(terms: TermEvidence, query?: string): SearchWarning | null {
  if (terms.covered) return null;
  // The words the message names as what the question asks about: not everyday speech ("feel",
  // "best"), which the term rule never counts as a missing subject and `retrieve --gaps` leaves out,
  // unless there is nothing else to name. `details.unknown_terms` keeps them all.
  const subject = terms.unknown.filter((word) => !isEverydayWord(word));
  const asked = subject.length > 0 ? subject : terms.unknown;
  let message: string;
  if (terms.onlyGuesses) {
    message = `No word of this question is written as the book writes it (${list(terms.unknown, query)} only resemble book words): it probably does not cover this question.`;
  } else if (terms.foreign.length > 0) {
    message = `The book never mentions ${list(neverMentioned(terms), query)}: it probably does not cover this question.`;
  } else if (terms.unknown.length > 0 && terms.coverage < MIN_COVERAGE) {
    message = `Most of what this question asks about (${list(asked, query)}) never appears in the book (${Math.round(terms.coverage * 100)}% of its informative words do): it probably does not cover this question.`;
  } else if (terms.unknown.length > 0) {
    // Several unfamiliar words holding a good share of the question (the term rule's second cut).
    message = `Several words of this question (${list(asked, query)}) never appear in the book (${Math.round(terms.coverage * 100)}% of its informative words do): it probably does not cover this question.`;
  } else {
    message = 'The question has no informative word to match against the book.';
  }
  return {
    code: 'no_match',
    message,
    details: { query_coverage: round3(terms.coverage), unknown_terms: terms.unknown, foreign_terms: terms.foreign },
  };
}
