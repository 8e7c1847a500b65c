import { describe, expect, it } from 'vitest';
import { GAP_EXAMPLES, vocabularyGaps } from '../../../../src/core/build-time/eval/vocabulary-gaps';
import { TINY_BOOK_VOCABULARIES } from '../../../support/tiny-book-vocabulary';

describe.each(TINY_BOOK_VOCABULARIES)('vocabularyGaps, vocabulary of %s', (_, vocabularyOf) => {
  const book = vocabularyOf(true);

  it('lists the words no chunk uses, most used first, with the questions that used them', () => {
    const gaps = vocabularyGaps(book, [
      'swap the tank lid gasket',
      'how do I swap the pump?',
      'Swapping the pump gasket',
      'best cake recipe in Naples',
      '',
      'how do I replace the gasket?',
    ]);
    expect(gaps).toMatchObject({ questions: 5, withGaps: 4, offTopic: 1 });
    // "swap" and "swapping" are one stem; ties keep the order first seen.
    expect(gaps.words.map((gap) => [gap.word, gap.questions, gap.offTopic])).toEqual([
      ['swap', 3, 0],
      ['cake', 1, 1],
      ['recipe', 1, 1],
      ['naples', 1, 1],
    ]);
    expect(gaps.words[0]!.examples).toEqual(['swap the tank lid gasket', 'how do I swap the pump?', 'Swapping the pump gasket']);
  });

  it('leaves out what the search already reads as a book word, stopwords, numbers, function words and everyday speech', () => {
    // "heatr" is misspelt, "distro" clipped: both are searched as the book's word. "best" and "get"
    // are everyday speech: no synonyms line would make them one of the book's terms.
    const gaps = vocabularyGaps(book, ['the heatr and the distro manifold', 'would 24 pumps ever do it', 'best way to get rid of the gasket']);
    expect(gaps.words.map((gap) => gap.word)).toEqual(['rid']);
    expect(gaps).toMatchObject({ questions: 3, withGaps: 1 });
  });

  it('leaves out a word the question frame makes weigh nothing ("figure" of "figure out"), not the same word elsewhere', () => {
    // "figure out" and "the difference between" only frame the question: the search gives "figure"
    // and "difference" no weight there, so a synonyms line for them would change nothing.
    const framed = vocabularyGaps(book, ['how do I figure out the pump pressure', 'the difference between the pump and the heater']);
    expect(framed.words.map((gap) => gap.word)).toEqual(['pressure']);
    const plain = vocabularyGaps(book, ['the figure of the pump', 'the difference in pump pressure']);
    expect(plain.words.map((gap) => gap.word)).toEqual(['figure', 'difference', 'pressure']);
  });

  it(`keeps ${GAP_EXAMPLES} examples per word and counts every question`, () => {
    const asked = Array.from({ length: 5 }, (_, i) => `swap pump ${i}`);
    const [gap] = vocabularyGaps(book, asked).words;
    expect(gap).toMatchObject({ word: 'swap', questions: 5, examples: asked.slice(0, GAP_EXAMPLES) });
  });
});
