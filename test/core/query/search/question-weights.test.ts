import { describe, expect, it } from 'vitest';
import { highlightPassage } from '../../../../src/core/query/search/highlight';
import { questionWeights, withSynonymStems } from '../../../../src/core/query/search/question-weights';

describe('questionWeights', () => {
  it('weighs each informative stem once: by its rarity in the book when known, else 1', () => {
    expect(questionWeights('How do I publish a message, a message?')).toEqual(new Map([['publish', 1], ['messag', 1]]));
    const rarity = (stem: string) => (stem === 'publish' ? 2.5 : 0);
    // A rarity of 0 (a word in every chunk) still counts: the question asked for it.
    expect(questionWeights('publish messages', rarity)).toEqual(new Map([['publish', 2.5], ['messag', 1]]));
  });

  it('leaves out the words of the question\'s frame, which the search weighs at nothing, so no highlight marks them', () => {
    expect(questionWeights('what does IBU mean?')).toEqual(new Map([['ibu', 1]]));
    expect(questionWeights('where do I find the spare key')).toEqual(new Map([['spare', 1], ['key', 1]]));
    expect(questionWeights('what happens if the yeast dies')).toEqual(new Map([['yeast', 1], ['die', 1]]));
    // Found for other reasons, a chunk whose only shared word is the frame's has no highlight.
    expect(highlightPassage('A head that vanishes at once usually means soap on the glass.', questionWeights('what does IBU mean'))).toBeNull();
    // The verb is the term itself here ("the mean"): kept, as the search keeps it.
    expect(questionWeights('what does the mean stand for').has('mean')).toBe(true);
  });

  it('leaves out the quantifier of "how many" and "how much", which asks for a number', () => {
    expect(questionWeights('How many calories are in a pint?')).toEqual(new Map([['calori', 1], ['pint', 1]]));
    // "per" is the question's frame too (question-frame.ts): the rate, not a word of the answer.
    expect(questionWeights('how much sugar per bottle')).toEqual(new Map([['sugar', 1], ['bottl', 1]]));
    // Found for other reasons, a chunk whose only shared word is the quantifier has no highlight.
    expect(highlightPassage('Many brewers sprinkle the yeast dry. Store it cold.', questionWeights('how many calories in a pint'))).toBeNull();
    // Not a quantifier of the question's frame: the word is asked about.
    expect(questionWeights('many-to-many relations and too much data').has('much')).toBe(true);
  });

  it('keys stopwords the question writes in capitals by their stem in capitals, at its rarest word\'s weight', () => {
    const rarity = (stem: string) => (stem === 'claus' ? 3 : 1);
    expect(questionWeights('WHERE clause or HAVING', rarity)).toEqual(new Map([['claus', 3], ['WHERE', 3], ['HAVE', 3]]));
    // "versus" sets the two side by side and weighs nothing (question-frame.ts): not their weight either.
    expect(questionWeights('WHERE versus HAVING', (stem) => (stem === 'versus' ? 3 : 1))).toEqual(new Map([['WHERE', 1], ['HAVE', 1]]));
    expect(questionWeights('where and having')).toEqual(new Map()); // written in lowercase: stopwords
  });
});

describe('withSynonymStems', () => {
  const payload = { synonyms: ['rename computer', 'machine name'], synonym_of: ['hostname', 'hostname'] };

  it('keys a short name joined by "&" whole, its letters left out unless the question writes them apart too', () => {
    expect(questionWeights('what does C&R stand for')).toEqual(new Map([['c&r', 1]]));
    // "r" is written apart as well ("d" is a stopword either way).
    expect(questionWeights('is R&D the same as r and d')).toEqual(new Map([['r', 1], ['r&d', 1]])); // "same" is a stopword
  });
  it('reads the "&" names of a very long question as the search found them, with no pattern of its own to backtrack', () => {
    // A pattern of its own for the runs was quadratic in a run of letters: 12 s at 100 K, minutes
    // here (the test's time limit is 300× what it takes now; no time is asserted).
    const long = `${'a'.repeat(300_000)} what does C&R stand for`;
    const weights = questionWeights(long);
    expect(weights.get('c&r')).toBe(1);
    expect(weights.has('c') || weights.has('r')).toBe(false);
  });
  it('adds the book phrase of each reader phrase the question uses whole, at the weight of its rarest word', () => {
    const weights = questionWeights('rename my computer', (stem) => (stem === 'renam' ? 3 : 1));
    expect(withSynonymStems(weights, payload)).toEqual(new Map([['renam', 3], ['comput', 1], ['hostnam', 3]]));
    const h = highlightPassage('Print the current one with hostnamectl. Restart after a change.\n\nThe hostname is shown in the prompt.', withSynonymStems(weights, payload))!;
    expect(h.terms).toEqual(['hostname']);
    expect(h.text).toBe('The hostname is shown in the prompt.');
  });

  it('leaves the weights alone for part of a reader phrase, or a chunk with no synonyms', () => {
    const weights = questionWeights('rename a file');
    expect(withSynonymStems(weights, payload)).toBe(weights);
    expect(withSynonymStems(weights, {})).toBe(weights);
    expect(withSynonymStems(weights, undefined)).toBe(weights);
  });
});
