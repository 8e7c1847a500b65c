/**
 * Word lists of one word per entry, its forms space-separated ("mouse mice", "run ran"), read by
 * stem, and the form of such a word that a book uses most: the irregular nouns of
 * inflected-words.ts and the irregular verbs of irregular-verbs.ts are looked up the same way.
 */
import { stemWord } from '../../common/bm25/index';
import type { BookVocabulary } from '../ports';

/** A form of a word, with its stem. */
export interface StemmedForm {
  stem: string;
  word: string;
}

/**
 * Each stem of a form in `lines` → every form of the entries it is on, in order, each once, stemmed
 * here once (lookups run per request, for the words a book never uses).
 *
 * @example
 * formsByStem(['run ran']).get('ran'); // [{ stem: 'run', word: 'run' }, { stem: 'ran', word: 'ran' }]
 */
export function formsByStem(lines: readonly string[]): Map<string, readonly StemmedForm[]> {
  const byStem = new Map<string, StemmedForm[]>();
  for (const line of lines) {
    const forms = line.split(' ').map((word) => ({ stem: stemWord(word), word }));
    for (const { stem } of forms) {
      const list = byStem.get(stem) ?? [];
      for (const form of forms) if (!list.some((known) => known.word === form.word)) list.push(form);
      byStem.set(stem, list);
    }
  }
  return byStem;
}

/**
 * Of `forms`, the one whose stem the book uses in most chunks, the first of equals; never `stem`
 * itself (the reader's own, which the book does not use) nor a stem of `minLetters` letters or
 * fewer. Null when the book uses none of them.
 *
 * @example
 * mostUsedForm(formsByStem(['run ran']).get('ran')!, 'ran', v); // { stem: 'run', word: 'run' } (a book that writes "run")
 */
export function mostUsedForm(forms: readonly StemmedForm[], stem: string, v: BookVocabulary, minLetters = 0): StemmedForm | null {
  let best: StemmedForm | null = null;
  let bestDf = 0;
  for (const form of forms) {
    if (form.stem === stem || form.stem.length <= minLetters) continue;
    const df = v.df(form.stem);
    if (df > bestDf) {
      best = form;
      bestDf = df;
    }
  }
  return best;
}
