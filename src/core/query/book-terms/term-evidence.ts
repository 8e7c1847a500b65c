/**
 * "Does this book cover the question?" judged from the query's words against the book's own
 * vocabulary (`book-vocabulary.ts`: the embedded index's, or the one ingest records in a Qdrant
 * collection) — the same rule for every store and embedder. LSA cosines cannot answer it
 * (measured: off-topic questions reach 0.74 when one word matches a chunk), but word statistics can:
 *
 * - each query word weighs its BM25 IDF in this book; a word the book never uses weighs the IDF
 *   of a word seen nowhere, scaled by {@link ORDINARY_WORD_WEIGHT} when it is an ordinary English
 *   word (a paraphrase, "versus", "travel"), a one-letter typo of a book word, a clipped form
 *   of one ("distro" for the book's "distribution"), or a prefixed or suffixed form of either
 *   ("recolour", "laggy"); numbers, fragments and function words ("nobody", "would") weigh nothing;
 * - `coverage` = the weight of the words the book uses / the weight of all words;
 * - the question is NOT covered when coverage < {@link MIN_COVERAGE} (most of what it asks about
 *   is absent), or < {@link MIN_COVERAGE_SEVERAL_UNKNOWN} when {@link SEVERAL_UNKNOWN} or more of
 *   its words are absent and are not misspelt, clipped, prefixed or suffixed book words (one unfamiliar word
 *   is usually the student's synonym for a book term; several that together carry a quarter of the
 *   question are usually a neighbouring subject the book does not treat: "record the piano with a
 *   microphone" in a notation manual), or when it names something the book never mentions: a
 *   word that is neither a book word nor an English word ("kubectl", "fail2ban", "buttercream"),
 *   or a capitalised name inside a sentence ("… in Naples", "… with Terraform") — a place,
 *   product or person is what the question is about, and an ordinary-English discount must not
 *   hide it. Measured on 107 answerable questions of three sets it flagged one more (a question
 *   naming a vendor the book never does, which no mode answered either).
 */
import { isStopword, splitWords, stemWord, tokenizeWords } from '../../common/bm25/index';
import type { BookVocabulary, TermEvidence } from '../ports';

/** Below this IDF-weighted coverage the book is judged not to cover the question. */
export const MIN_COVERAGE = 0.5;
/**
 * Below this coverage a question with {@link SEVERAL_UNKNOWN} or more words the book never uses is
 * judged not covered. Measured on seven query sets over five books (docs/retrieval-quality.md): near-subject
 * off-topic questions flagged 16/45 → 20/45, answerable ones 1/191 → 3/191; at 0.82 the answerable
 * count jumps to 7, so the cut keeps a margin below that cliff.
 */
export const MIN_COVERAGE_SEVERAL_UNKNOWN = 0.75;
/** How many unknown words make the stricter {@link MIN_COVERAGE_SEVERAL_UNKNOWN} apply. */
export const SEVERAL_UNKNOWN = 2;
/** Weight of an ordinary English word the book does not use, relative to an unknown name. */
export const ORDINARY_WORD_WEIGHT = 0.3;

/** True when a and b differ by one inserted, deleted or replaced letter. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/**
 * True when `word` is a clipped form of the book stem `stem` ("distro" of "distribut", "repo" of
 * "repositori", "config" of "configur"): all but its last letter (at least four) open the stem.
 */
function clippedFrom(word: string, stem: string): boolean {
  const prefix = Math.max(4, word.length - 1);
  return word.length >= 4 && stem.length > word.length && stem.startsWith(word.slice(0, prefix));
}

const GREEK: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', iota: 'ι', kappa: 'κ', lambda: 'λ',
  mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ', phi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω',
};
const GREEK_NAME = new RegExp(`^(${Object.keys(GREEK).sort((a, b) => b.length - a.length).join('|')})(?=\\d|$)`);

/** A stem whose spelled-out Greek letter name is written as the letter ("pi0" → "π0"), else unchanged. */
function withGreekLetters(stem: string): string {
  return stem.replace(GREEK_NAME, (name) => GREEK[name]!);
}

/** English prefixes that make a new word of an old one ("recolour", "unmerge", "preload"). */
const PREFIXES = /^(re|un|de|dis|pre|mis|non|over|under|sub|co)(?=[a-z]{4,}$)/;

/**
 * What `word` is a prefixed form of ("recolour" of "colour"): a book word, an English word, or
 * neither (null). Either way such a word is an ordinary paraphrase, not a name the book lacks.
 */
function prefixedForm(word: string, v: BookVocabulary): 'book' | 'english' | null {
  const rest = word.replace(PREFIXES, '');
  if (rest === word) return null;
  const stem = stemWord(rest);
  if (stem.length <= 3) return null;
  if (v.df(stem) > 0) return 'book';
  return v.isOrdinary(stem) ? 'english' : null;
}

/** Suffixes that make an everyday adjective or noun of a word ("laggy", "greyish", "clickable"). */
const SUFFIXES = /(y|ish|ness|less|ful|able)$/;

/**
 * What `word` is a suffixed form of ("laggy" of "lag", "shaky" of "shake"): a book word, an English
 * word, or neither (null). Informal derivations are missing from dictionaries; the word they come
 * from is not.
 */
function suffixedForm(word: string, v: BookVocabulary): 'book' | 'english' | null {
  const suffix = SUFFIXES.exec(word);
  if (!suffix) return null;
  const rest = word.slice(0, suffix.index);
  if (rest.length < 3) return null;
  // The base as written, with a doubled final consonant undone ("lagg-y"), or with its "e" back ("shak-y").
  const bases = [rest, ...(/([bdgklmnprtz])\1$/.test(rest) ? [rest.slice(0, -1)] : []), `${rest}e`];
  let english = false;
  for (const base of bases) {
    const stem = stemWord(base);
    if (stem.length < 3) continue;
    if (v.df(stem) > 0) return 'book';
    english ||= v.isOrdinary(stem);
  }
  return english ? 'english' : null;
}

/** True when `stem` is the book's own word misspelt by a letter or clipped ("contoller", "distro"). */
function bookSpelling(stem: string, v: BookVocabulary): boolean {
  return v.bookStems.some((b) => b.length > 3 && (oneEditApart(b, stem) || clippedFrom(stem, b)));
}

/**
 * Function words that Qdrant's stopword list (NLTK's) lacks: indefinite pronouns, "else", modal
 * verbs and adverbs of frequency or degree. They never name a topic, so a book that does not
 * happen to write "nobody" says nothing about whether it covers "lock my file so nobody else can
 * open it".
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'nobody', 'somebody', 'anybody', 'everybody', 'someone', 'anyone', 'everyone', 'something', 'anything',
  'nothing', 'everything', 'somewhere', 'anywhere', 'everywhere', 'nowhere', 'else', 'would', 'could',
  'might', 'must', 'shall', 'may', 'also', 'yet', 'even', 'still', 'ever', 'never', 'always', 'often',
  'sometimes', 'usually', 'really', 'quite', 'rather', 'already', 'instead', 'though', 'although',
  'unless', 'whether', 'either', 'neither',
]);

/** Tokens that carry no topic on their own: short fragments ("ons" of "add-ons"), numbers, function words. */
const negligible = (stem: string, word: string): boolean => stem.length <= 2 || /^\d+$/.test(stem) || FUNCTION_WORDS.has(word);

/**
 * Judges a query against the book's vocabulary (see the module comment for the rule).
 *
 * @example
 * assessQueryTerms(indexVocabulary(index), 'deploy to a Kubernetes cluster with kubectl');
 * // → { coverage: 0.41, unknown: ['kubernetes', 'kubectl'], foreign: ['kubernetes', 'kubectl'], covered: false }
 */
export function assessQueryTerms(v: BookVocabulary, text: string): TermEvidence {
  const idf = (df: number): number => Math.log(1 + (v.n - df + 0.5) / (df + 0.5));
  const unseen = idf(0);
  let known = 0;
  let total = 0;
  const unknown: string[] = [];
  const foreign: string[] = [];
  // Unknown words that are not a book word's misspelling, clipping, prefixed or suffixed form.
  let missing = 0;
  const seen = new Set<string>();
  const names = capitalisedNames(text);
  for (const word of tokenizeWords(text)) {
    if (isStopword(word)) continue;
    const stem = stemWord(word);
    if (!stem || seen.has(stem)) continue;
    seen.add(stem);
    // "pi0" asks about the book's "π0": a spelled-out Greek letter is the same word.
    const df = v.df(stem) || v.df(withGreekLetters(stem));
    if (df > 0) {
      known += idf(df);
      total += idf(df);
      continue;
    }
    // Numbers, fragments and function words the book does not use say nothing about the topic: no weight.
    if (negligible(stem, word)) continue;
    unknown.push(word);
    const english = v.isOrdinary(stem);
    const derived = prefixedForm(word, v) ?? suffixedForm(word, v);
    // A book word misspelt, clipped, prefixed or suffixed is the book's vocabulary, not another subject's
    // (a real English word a letter away from a book word is another word: "tune", "tone").
    const bookForm = derived === 'book' || (!english && bookSpelling(stem, v));
    if (!bookForm) missing++;
    const ordinary = english || bookForm || derived === 'english';
    total += ordinary ? ORDINARY_WORD_WEIGHT * unseen : unseen;
    if (!ordinary || names.has(word)) foreign.push(word);
  }
  const coverage = total > 0 ? known / total : 0;
  const minimum = missing >= SEVERAL_UNKNOWN ? MIN_COVERAGE_SEVERAL_UNKNOWN : MIN_COVERAGE;
  return { coverage, unknown, foreign, covered: total > 0 && coverage >= minimum && foreign.length === 0 };
}

/**
 * Lowercased words written as names: capitalised ("Naples", not "NASA" or "I"), not the first word
 * of a sentence, in a sentence that is not Title Case (where capitals say nothing).
 */
export function capitalisedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const sentence of text.split(/[.!?:;]\s+/u)) {
    const words = splitWords(sentence);
    const capitalised = words.filter((w, i) => i > 0 && /^\p{Lu}\p{Ll}+$/u.test(w));
    const lettered = words.filter((w, i) => i > 0 && /^\p{L}/u.test(w));
    if (capitalised.length * 2 > lettered.length) continue; // Title Case
    for (const w of capitalised) names.add(w.toLowerCase());
  }
  return names;
}
