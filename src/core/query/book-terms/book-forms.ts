/**
 * Which book word a query word the book never uses stands for: the same word misspelt by a letter
 * ("contoller"), clipped ("distro" for "distribution"), with an English prefix or suffix the
 * book does not happen to write ("recolour", "laggy"), or inflected where the stemmer does not
 * join the forms ("scarf" for "scarves", "mouse" for "mice": `inflected-words.ts`). The term rule (`term-evidence.ts`) counts
 * such a word as the book's own, and the query is searched with the book's word in its place
 * (`in-book-words.ts`), since BM25 and the local model only know the words the book uses.
 */
import { stemWord } from '../../common/bm25/index';
import type { BookVocabulary } from '../ports';
import { inflectedBookWord } from './inflected-words';
import { misspeltBookWord } from './misspelt-words';

/** How a query word relates to the book word it stands for. */
export const BOOK_FORM_KINDS = ['misspelt', 'clipped', 'prefixed', 'suffixed', 'inflected'] as const;
export type BookFormKind = (typeof BOOK_FORM_KINDS)[number];

/** A query word read as a book word. */
export interface BookForm {
  /** The book's stem. */
  stem: string;
  /** A word with that stem, to search and to show: the corrected spelling, or the word without its affix. */
  word: string;
  how: BookFormKind;
}

/** What {@link readAsBookWord} finds for a word the book never uses. */
export interface WordReading {
  /** The book word it stands for: counted as the book's, and searched in its place. */
  form: BookForm | null;
  /**
   * A prefixed or suffixed form of a book word (`book`: "unmerge") or of an English word the book
   * lacks (`english`: "unbake"), even when the word is English itself: a paraphrase, not a name.
   */
  derived: 'book' | 'english' | null;
}

const GREEK: Record<string, string> = {
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', iota: 'ι', kappa: 'κ', lambda: 'λ',
  mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ', phi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω',
};
const GREEK_NAME = new RegExp(`^(${Object.keys(GREEK).sort((a, b) => b.length - a.length).join('|')})(?=\\d|$)`);

/**
 * A stem whose spelled-out Greek letter name is written as the letter ("pi0" → "π0"), else unchanged.
 *
 * @example
 * withGreekLetters('pi0'); // 'π0'
 */
export function withGreekLetters(stem: string): string {
  return stem.replace(GREEK_NAME, (name) => GREEK[name]!);
}

/** Endings tried to spell a stem as a word that stems back to it ("configur" → "configure"). */
const ENDINGS: readonly ((stem: string) => string)[] = [
  (s) => s,
  (s) => `${s}e`,
  (s) => s.replace(/i$/, 'y'),
  (s) => `${s}s`,
  (s) => `${s}ing`,
  (s) => `${s}ed`,
  (s) => s.replace(/i$/, 'ies'),
  (s) => `${s}es`,
  (s) => `${s}er`,
  (s) => `${s}ion`,
  (s) => `${s}al`,
  (s) => `${s}ate`,
];

/**
 * A word whose stem is `stem`, so the replaced text analyses to exactly the book's term for both
 * BM25 and the local model (a stem is not always its own stem: "configur" is, "repositori" is not).
 *
 * @example
 * wordForStem('configur'); // 'configur' or 'configure', whichever stems to 'configur'
 */
export function wordForStem(stem: string): string {
  for (const ending of ENDINGS) {
    const word = ending(stem);
    if (stemWord(word) === stem) return word;
  }
  return stem;
}

/**
 * The longest word whose last letter may differ from the stem it clips ("distro" of "distribut").
 * Clipped words are short; a longer word that opens a book stem but for its last letter is mostly
 * another word ("multimeter" is not the book's "multimedia").
 */
const LOOSE_CLIP_LETTERS = 6;

/**
 * How `word` clips the book stem `stem`: `exact` when it opens the stem ("repo" of "repositori",
 * "manip" of "manipul"), `loose` when all but its last letter (at least four) do ("distro" of
 * "distribut"; only for a word of at most {@link LOOSE_CLIP_LETTERS} letters, as clipped words are
 * short), else null.
 */
function clipKind(word: string, stem: string): 'exact' | 'loose' | null {
  if (word.length < 4 || stem.length <= word.length) return null;
  if (stem.startsWith(word)) return 'exact';
  return word.length <= LOOSE_CLIP_LETTERS && stem.startsWith(word.slice(0, Math.max(4, word.length - 1))) ? 'loose' : null;
}

/** English prefixes that make a new word of an old one ("recolour", "unmerge", "preload"). */
const PREFIXES = /^(re|un|de|dis|pre|mis|non|over|under|sub|co)(?=[a-z]{4,}$)/;

/** Suffixes that make an everyday adjective or noun of a word ("laggy", "greyish", "clickable"). */
// "-est": Snowball leaves a superlative whole ("hottest", "hardest"), and a reader asks "why is it hottest
// at 3 pm" of a book that says "hot"; only an English word is read so (see suffixedForm).
const SUFFIXES = /(y|ish|ness|less|ful|able|est)$/;

type Derived = { stem: string; word: string } | 'english' | null;

/** What `word` is a prefixed form of ("recolour" of "colour"): a book stem, an English word, or neither. */
function prefixedForm(word: string, v: BookVocabulary): Derived {
  const rest = word.replace(PREFIXES, '');
  if (rest === word) return null;
  const stem = stemWord(rest);
  if (stem.length <= 3) return null;
  if (v.df(stem) > 0) return { stem, word: rest };
  return v.isOrdinary(stem) ? 'english' : null;
}

/**
 * What `word` is a suffixed form of ("laggy" of "lag", "shaky" of "shake"): a book stem, an English
 * word, or neither. Informal derivations are missing from dictionaries; the word they come from is not.
 */
function suffixedForm(word: string, v: BookVocabulary): Derived {
  const suffix = SUFFIXES.exec(word);
  if (!suffix) return null;
  const rest = word.slice(0, suffix.index);
  if (rest.length < 3) return null;
  // A superlative is English ("hottest"); a name in "-est" the book lacks ("unittest") is no "unit".
  if (suffix[1] === 'est' && !v.isOrdinary(stemWord(word))) return null;
  // The base as written, with a doubled final consonant undone ("lagg-y"), or with its "e" back ("shak-y").
  const bases = [rest, ...(/([bdgklmnprtz])\1$/.test(rest) ? [rest.slice(0, -1)] : []), `${rest}e`];
  let english = false;
  for (const base of bases) {
    const stem = stemWord(base);
    if (stem.length < 3) continue;
    if (v.df(stem) > 0) return { stem, word: base };
    english ||= v.isOrdinary(stem);
  }
  return english ? 'english' : null;
}

/**
 * The book stem that `written` (a word as written) clips: one it opens exactly before one it opens
 * but for its last letter ("config" is "configur", not "confirm"); among those, the one in most chunks.
 */
function clipped(written: string, v: BookVocabulary): { form: BookForm; exact: boolean } | null {
  let best: BookForm | null = null;
  let bestDf = 0;
  let exact = false;
  for (const b of v.bookStems) {
    if (b.length <= 3) continue;
    const kind = clipKind(written, b);
    if (!kind) continue;
    const df = v.df(b);
    // An exact clip outranks every loose one; then more chunks win.
    const better = kind === 'exact' ? !exact || df > bestDf : !exact && df > bestDf;
    if (!better) continue;
    best = { stem: b, word: wordForStem(b), how: 'clipped' };
    bestDf = df;
    exact = kind === 'exact';
  }
  return best ? { form: best, exact } : null;
}

const readings = new WeakMap<BookVocabulary, Map<string, WordReading>>();
/** The longest word read as a book word in disguise (English's long words are under 30 letters). */
export const MAX_READ_LETTERS = 30;
const NOT_A_BOOK_FORM: WordReading = Object.freeze({ form: null, derived: null });

/** Readings remembered per vocabulary (a misspelling costs ~54 stems per letter to look for). */
const REMEMBERED_READINGS = 2048;

/**
 * Reads a query word the book never uses (`word` as tokenized, `stem` its stem) as a book word,
 * when it is one in disguise. An inflection of a book word is read whatever the word; otherwise
 * only a word that is not English is read so: an English word a letter
 * away from a book word is another word ("tune", "tone"), and one with a prefix is too often
 * another meaning ("remove", "recover"). `name`: the query writes it as a name (`misspelt-words.ts`).
 * `spelling: false` skips the misspelling search (see {@link bookWordReader}).
 *
 * @example
 * readAsBookWord('contoller', 'contol', v, false).form; // { stem: 'control', word: 'controller', how: 'misspelt' } (a book about controllers)
 */
export function readAsBookWord(word: string, stem: string, v: BookVocabulary, name: boolean, spelling = true): WordReading {
  // No book word is disguised in a word this long, and looking for one is not free: a misspelling
  // search builds ~54 candidates per letter, each as long as the word (a 2,000-letter "word" cost
  // seconds of CPU per request).
  if (word.length > MAX_READ_LETTERS) return NOT_A_BOOK_FORM;
  let memo = readings.get(v);
  if (!memo) readings.set(v, (memo = new Map()));
  const key = `${name ? '^' : ''}${spelling ? '' : '~'}${word}`;
  const remembered = memo.get(key);
  if (remembered) return remembered;
  const prefixed = prefixedForm(word, v);
  const derivedFrom = prefixed ?? suffixedForm(word, v);
  let form: BookForm | null = null;
  // An inflection the stemmer does not join is the same word, English or not ("scarf" of the book's
  // "scarves", "mouse" of its "mice"); not a name's ("Wolves", a team, is no "wolf").
  const inflected = name ? null : inflectedBookWord(word, stem, v);
  if (inflected) form = { ...inflected, how: 'inflected' };
  else if (!v.isOrdinary(stem)) {
    const bookDerived = derivedFrom && derivedFrom !== 'english' && !name ? derivedFrom : null;
    // A prefixed reading yields to a slip of the fingers that makes a book word and keeps the word's
    // first two letters: "destop" is "desktop" with a letter dropped, not "de" + "stop". An edit in
    // the first letters leaves the prefix reading: "preload" stays "pre" + "load", not "reload".
    const slip = bookDerived && bookDerived === prefixed && spelling ? misspeltBookWord(word, v, false, true) : null;
    if (slip && slip.word.startsWith(word.slice(0, 2))) form = { ...slip, how: 'misspelt' };
    else if (bookDerived) form = { ...bookDerived, how: bookDerived === prefixed ? 'prefixed' : 'suffixed' };
    else {
      // A word that opens a book stem is clipped before it is misspelt: "manip" opens the book's
      // "manipulation", and one edit away it is only "manie", which stems to the book's "many". One
      // that opens it but for its last letter is misspelt first: "compiter" is "computer", not the
      // "compi…" of a rarer stem. Both readings of "gaskt" are "gasket": a dropped letter, so misspelt.
      // A clip is a written form, tested as written ("distros" less its plural): "poining" stems to
      // "poin", which opens "point", but its writer meant "pointing", not a clipped word.
      const clip = name ? null : clipped(word.replace(/(?<=[a-z]{4})s$/, ''), v);
      const misspelt = spelling ? misspeltBookWord(word, v, name) : null;
      form = misspelt && (!clip || !clip.exact || misspelt.stem === clip.form.stem) ? { ...misspelt, how: 'misspelt' } : (clip?.form ?? null);
    }
  }
  const reading: WordReading = { form, derived: derivedFrom === null ? null : derivedFrom === 'english' ? 'english' : 'book' };
  if (memo.size >= REMEMBERED_READINGS) memo.clear();
  memo.set(key, reading);
  return reading;
}

/** Distinct words of one query looked up as misspellings (each costs ~1 ms of CPU the first time). */
export const MISSPELLINGS_PER_QUERY = 4;

/**
 * {@link readAsBookWord} for one query: the first {@link MISSPELLINGS_PER_QUERY} distinct words that
 * are not English (in text order; only those are ever looked up) may be read as misspellings, later
 * ones not, so a long question in another language cannot cost a request tens of milliseconds. The
 * term rule and the search both read through one, word by word in text order, and so read alike.
 */
export function bookWordReader(v: BookVocabulary): (word: string, stem: string, name: boolean) => WordReading {
  const looked = new Set<string>();
  return (word, stem, name) => {
    if (!v.isOrdinary(stem) && !looked.has(word) && looked.size < MISSPELLINGS_PER_QUERY) looked.add(word);
    return readAsBookWord(word, stem, v, name, looked.has(word));
  };
}
