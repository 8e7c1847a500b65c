import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../../src/core/common/bm25/index';
import { irregularVerbBookStem } from '../../../../src/core/query/book-terms/irregular-verbs';
import { inBookWords } from '../../../../src/core/query/book-terms/in-book-words';
import { assessQueryTerms } from '../../../../src/core/query/book-terms/term-evidence';
import { storedVocabulary } from '../../../../src/core/query/book-terms/book-vocabulary';
import { encodeBookVocabulary } from '../../../../src/core/build-time/book-vocabulary-encode';
import { buildLexiconFilter } from '../../../../src/core/common/text/lexicon-filter';
import { vocabularyGaps } from '../../../../src/core/build-time/eval/vocabulary-gaps';

const ENGLISH = 'ran run running air tank gauge empty forgot forget froze freeze saw see lens';
const bookOf = (texts: string[]) =>
  storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts, buildLexiconFilter(analyzeText(ENGLISH))) })))!;

// A small book whose commonest word is "air", as a diving book's is: the question's one book word then
// weighs little, and an unknown "ran" outweighed it.
const DIVING = bookOf([
  'Running out of air is almost always preventable: watch the gauge.',
  'Air in the tank lasts less at depth.',
  'Breathe air slowly to save air.',
  'Air expands as you rise; never hold your breath.',
  'The gauge shows the air left in the tank.',
  'An empty tank holds no air.',
  'Check the air before every dive.',
  'The valve may freeze in cold water.',
]);

describe('irregularVerbBookStem', () => {
  it("reads a verb's irregular form as the form the book writes", () => {
    expect(irregularVerbBookStem('ran', DIVING)).toBe('run');
    expect(irregularVerbBookStem('froze', DIVING)).toBe('freez');
    expect(irregularVerbBookStem('frozen', DIVING)).toBe('freez');
  });

  it('reads nothing when the book writes no other form, nor a form that is as often another word', () => {
    expect(irregularVerbBookStem('forgot', DIVING)).toBeNull();
    expect(irregularVerbBookStem('saw', bookOf(['See the gauge.']))).toBeNull();
    expect(irregularVerbBookStem('tank', DIVING)).toBeNull();
  });
});

describe('an irregular verb in a question', () => {
  it("counts as the book's word for the term rule: the question is covered", () => {
    expect(assessQueryTerms(DIVING, 'I ran out of air what now')).toMatchObject({ unknown: [], covered: true });
    expect(assessQueryTerms(DIVING, 'my regulator froze')).toMatchObject({ unknown: ['regulator'] });
    expect(assessQueryTerms(DIVING, 'my valve froze').coverage).toBe(1);
  });

  it('is not counted when the book writes no form of the verb', () => {
    expect(assessQueryTerms(bookOf(['Air in the tank.', 'Air at depth.']), 'I ran out of air what now')).toMatchObject({ unknown: ['ran'] });
  });

  it('is still searched as written: only the judgement reads it as the book word', () => {
    expect(inBookWords(DIVING, 'I ran out of air').read).toEqual([]);
  });

  it('is no gap for `--gaps`', () => {
    expect(vocabularyGaps(DIVING, ['I ran out of air', 'my lens froze']).words.map((gap) => gap.word)).toEqual(['lens']);
  });
});
