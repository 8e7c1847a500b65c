/**
 * The query in the book's words: each word the book never uses but that is a book word in disguise
 * (misspelt by a letter, clipped, prefixed, suffixed, inflected: `book-forms.ts`; or a spelled-out Greek
 * letter) is replaced by the book's word before the query is searched, and a number glued to its
 * unit ("200mm"), a name glued to its number ("wd40") or numbers joined by an x ("10x50") are set
 * apart as the book writes them
 * (`glued-units.ts`), and two words the book writes as one ("shut down" for its "shutdown") are
 * joined (`joined-words.ts`). BM25 and the local model only
 * know the words the book uses, so "contoller" or "distro" would otherwise count for nothing, and
 * the rarest word of a question is the one whose loss costs the most.
 */
import { isStopword, stemWord, WORD_RUNS } from '../../common/bm25/index';
import type { BookVocabulary } from '../ports';
import { chunkShare } from './book-vocabulary';
import { BOOK_FORM_KINDS, bookWordReader, withGreekLetters, wordForStem } from './book-forms';
import { clockApart, digitsGrouped, nameNumberApart, stopwordUnitApart, thousandsApart, timesApart, unitApart } from './glued-units';
import { hyphenatedBookWord, joinedBookWords } from './joined-words';
import { nameLikeWords, negligible } from './term-evidence';

/** What a word read as the book's was: a book form (`book-forms.ts`) or a spelled-out Greek letter. */
export const READING_KINDS = [...BOOK_FORM_KINDS, 'greek'] as const;

/** One word of the query searched as the book's word. */
export interface BookWordReading {
  /** The word as the query wrote it. */
  word: string;
  /** The book's word searched in its place. */
  as: string;
  how: (typeof READING_KINDS)[number];
}

/** What {@link inBookWords} returns: the text to search, and what it changed. */
export interface QueryInBookWords {
  text: string;
  read: BookWordReading[];
  /** The share of the book's chunks that use a stem, in the vocabulary the query was read against. */
  chunkShare: (stem: string) => number;
}

/**
 * The query with its disguised book words replaced (the rest of the text untouched), as the term
 * rule reads them.
 *
 * @example
 * inBookWords(v, 'tune the PID contoller').text; // 'tune the PID controller' (a book that writes "controller")
 */
export function inBookWords(v: BookVocabulary, text: string): QueryInBookWords {
  const read: BookWordReading[] = [];
  const names = nameLikeWords(text);
  const reader = bookWordReader(v);
  // Per stem, as the term rule reads the words: the same answer for a word written twice.
  const byStem = new Map<string, { as: string; how: BookWordReading['how'] } | null>();
  // Joined first: "shut" alone is a word the book never uses, which the readers below would guess at.
  const replaced = joinedBookWords(v, text).replace(WORD_RUNS, (raw) => {
    const word = raw.toLowerCase();
    if (isStopword(word)) return raw;
    // A number typed whole is searched in the groups the book writes ("10000" as its "10,000"); a
    // number weighs nothing for the term rule, so this is no reading to report either.
    const grouped = digitsGrouped(word, v);
    if (grouped) return grouped;
    const stem = stemWord(word);
    if (!stem || negligible(stem, word) || v.df(stem) > 0) return raw;
    // A number glued to a unit, or a name to its number, is searched apart, as the book writes it, and
    // a closed-up word as the book hyphenates it; no reading to report: the reader's "200mm" is the
    // book's "200 mm", "wd40" its "WD-40", "popup" its "pop-up".
    const apart = unitApart(word, v)?.text ?? timesApart(word) ?? clockApart(word) ?? stopwordUnitApart(word, v) ?? thousandsApart(word, v) ?? namedApart(v, word, stem) ?? hyphenatedBookWord(word, v);
    if (apart) return apart;
    let reading = byStem.get(stem);
    if (reading === undefined) {
      const greek = withGreekLetters(stem);
      if (greek !== stem && v.df(greek) > 0) reading = { as: wordForStem(greek), how: 'greek' };
      else {
        const { form } = reader(word, stem, names.has(word));
        reading = form ? { as: form.word, how: form.how } : null;
      }
      byStem.set(stem, reading);
    }
    if (!reading) return raw;
    read.push({ word: raw, ...reading });
    return reading.as;
  });
  return { text: replaced, read, chunkShare: chunkShare(v) };
}

// A name glued to its number set apart ("wd40" as the book's "WD-40"), unless it is a spelled-out
// Greek letter with its number that the book writes ("pi0" of its "π0"): the term rule reads that one
// as the book's word, and "pi 0" lost it from the search (the sample book's keyword passage hit@1).
function namedApart(v: BookVocabulary, word: string, stem: string): string | null {
  const greek = withGreekLetters(stem);
  if (greek !== stem && v.df(greek) > 0) return null;
  return nameNumberApart(word, v)?.text ?? null;
}

/**
 * How the book spells the word a reading searched. The vocabulary keeps stems: "distro" is searched
 * as "distribut" and "simulat" as a one-edit spelling of the book's stem ("simulant" of "simul"),
 * which a reader should see as the book's "distribution" and "simulation". Looked up in `texts`
 * (the passages the search returns, best first): `searched` itself if one writes it, else the
 * first form of its stem they write. When none writes one: `searched`, or a bare stem with an
 * ellipsis ("distribut…": every word it opens was searched). In lower case, unless `keepCase`
 * (the reader wrote a capital: "Peterlo" is a name, shown as the passage writes it, "Peterloo").
 *
 * @example
 * bookSpelling('distribut', ['Pick a distribution.', 'It is distributed…']); // 'distribution'
 * bookSpelling('distribut', ['Nothing here.']); // 'distribut…'
 * bookSpelling('peterloo', ['The Peterloo Massacre.'], true); // 'Peterloo'
 */
export function bookSpelling(searched: string, texts: readonly string[], keepCase = false): string {
  const stem = stemWord(searched.toLowerCase());
  const opening = stem.slice(0, 4);
  let first: string | null = null;
  for (const text of texts) {
    for (const raw of text.match(WORD_RUNS) ?? []) {
      const word = raw.toLowerCase();
      // Cheap before stemming: a form of the stem opens with its first letters.
      if (!word.startsWith(opening)) continue;
      if (word === searched) return keepCase ? raw : searched;
      if (first === null && stemWord(word) === stem) first = keepCase ? raw : word;
    }
  }
  return first ?? (stem === searched ? `${searched}…` : searched);
}
