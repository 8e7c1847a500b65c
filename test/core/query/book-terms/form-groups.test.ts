import { describe, expect, it } from 'vitest';
import { analyzeText, stemWord } from '../../../../src/core/common/bm25/index';
import { formsByStem, mostUsedForm } from '../../../../src/core/query/book-terms/form-groups';
import { storedVocabulary } from '../../../../src/core/query/book-terms/book-vocabulary';
import { encodeBookVocabulary } from '../../../../src/core/build-time/book-vocabulary-encode';
import { buildLexiconFilter } from '../../../../src/core/common/text/lexicon-filter';

const bookOf = (texts: string[]) =>
  storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts, buildLexiconFilter(analyzeText(texts.join(' ')))) })))!;

describe('formsByStem', () => {
  it('maps each form\'s stem to every form of its entries, each once, in order', () => {
    const groups = formsByStem(['go went gone', 'run ran']);
    expect(groups.get(stemWord('went'))!.map((form) => form.word)).toEqual(['go', 'went', 'gone']);
    expect(groups.get('ran')).toEqual([{ stem: 'run', word: 'run' }, { stem: 'ran', word: 'ran' }]);
    expect(groups.has('walk')).toBe(false);
  });
});

describe('mostUsedForm', () => {
  // "go" in three chunks, "gone" in one.
  const book = bookOf(['We go early.', 'Go now.', 'They go home.', 'The milk has gone sour.']);
  const forms = formsByStem(['go went gone']).get(stemWord('went'))!;

  it('picks the form the book uses in most chunks, never the reader\'s own stem', () => {
    expect(mostUsedForm(forms, stemWord('went'), book)).toEqual({ stem: 'go', word: 'go' });
    expect(mostUsedForm(forms, 'go', book)).toEqual({ stem: 'gone', word: 'gone' });
  });
  it('leaves out stems of `minLetters` letters or fewer, and answers null when the book uses no form', () => {
    expect(mostUsedForm(forms, stemWord('went'), book, 2)).toEqual({ stem: 'gone', word: 'gone' });
    expect(mostUsedForm(formsByStem(['run ran']).get('ran')!, 'ran', book)).toBeNull();
  });
});
