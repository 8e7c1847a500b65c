import { describe, expect, it } from 'vitest';
import { analyzeText, bm25QueryVector, bm25SearchVector, capitalStopwords, nounStopwords, tokenId } from '../../../../src/core/common/bm25/index';

describe('nounStopwords: modal stopwords used as nouns', () => {
  it('reads "will" and "can" after an article or a possessive as the noun, stemmed', () => {
    expect(nounStopwords('If a person died without a will, the court granted administration.')).toEqual(['will']);
    expect(nounStopwords('The will names the children; his will and their will. No will was found.')).toEqual(['will', 'will', 'will', 'will']);
    expect(nounStopwords('Ask whether a can of soda is acceptable.')).toEqual(['can']);
    // A hard wrap between the article and the noun.
    expect(nounStopwords('Most people left no\nwill at all.')).toEqual(['will']);
  });

  it('ignores the modals, a naming letter, and a word glued to the next', () => {
    expect(nounStopwords('You will find it; it can take months. This will fail, that can wait.')).toEqual([]);
    expect(nounStopwords('Application A can have its own environment; from B to A will yield the same.')).toEqual([]);
    expect(nounStopwords('each A-point in B-in-A will have a list; a will-less automaton')).toEqual([]);
    expect(nounStopwords('A will names the people an ancestor cared about.')).toEqual(['will']);
  });

  it('leaves a noun written in capitals to capitalStopwords, so one word is one token', () => {
    // "the CAN bus": capital-stopwords.ts already reads CAN; counted here too, it weighed twice.
    const text = 'Send a frame on the CAN bus; the Can of the will.';
    expect(capitalStopwords(text)).toEqual(['can']);
    expect(nounStopwords(text)).toEqual(['can', 'will']);
    expect(nounStopwords('A WILL names the people.')).toEqual([]);
    // A shouted heading has no capital stopwords (no lowercase on its line): the noun counts here.
    expect(capitalStopwords('WRITING YOUR WILL')).toEqual([]);
    expect(nounStopwords('WRITING YOUR WILL')).toEqual(['will']);
  });

  it('adds the noun to the search vector, beside Qdrant\u2019s unchanged analysis', () => {
    const question = "my ancestor didn't leave a will";
    expect(analyzeText(question)).not.toContain('will');
    expect(bm25QueryVector(question).indices).not.toContain(tokenId('will'));
    expect(bm25SearchVector(question).indices).toContain(tokenId('will'));
    // The plural a page writes ("Wills and probate") is the analyzer's own stem, the same token.
    expect(analyzeText('Wills and probate')).toContain('will');
    expect(bm25SearchVector('you will find it').indices).toEqual(bm25QueryVector('you will find it').indices);
  });
});
