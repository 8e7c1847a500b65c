import { describe, expect, it } from 'vitest';
import { analyzeText, bm25QueryVector, bm25SearchVector, capitalStopwordShare, capitalStopwords, tokenId } from '../../../../src/core/common/bm25/index';
import { capitalsSpeak } from '../../../../src/core/common/bm25/capital-stopwords';

describe('capitalStopwords: stopwords a technical text writes in capitals', () => {
  it('reads SQL clauses and operators written in capitals as words, stemmed like any other', () => {
    expect(capitalStopwords('Filter groups with HAVING, rows with WHERE')).toEqual(['have', 'where']);
    expect(capitalStopwords('NOT IN with a subquery returns nothing')).toEqual(['not', 'in']);
    // Repeats are kept: they are term frequencies.
    expect(capitalStopwords('WHERE x AND y WHERE z')).toEqual(['where', 'and', 'where']);
  });

  it('ignores stopwords written as prose, single capitals and non-stopwords in capitals', () => {
    expect(capitalStopwords('Where is the file? Is it here?')).toEqual([]);
    expect(capitalStopwords('I wrote about the SQL and the API')).toEqual([]);
  });

  it('reads a one-letter stopword in capitals after a word as the name it is part of ("vitamin D", "Type A")', () => {
    expect(capitalStopwords('How much vitamin D do adults need?')).toEqual(['d']);
    expect(capitalStopwords('Type A and vitamin D. Then T cells')).toEqual(['a', 'd', 't']);
    // The pronoun, a capital that opens a sentence or line, an abbreviation's letters, a letter of a longer word.
    expect(capitalStopwords('I think. A 70 kg adult: A note')).toEqual([]);
    expect(capitalStopwords('A list item')).toEqual([]);
    expect(capitalStopwords('the U.S. Senate, an M.D. degree, R&D, O\u2019Brien, a T-shirt')).toEqual([]);
  });

  it('ignores a line with no lowercase letter (a shouted heading, a licence), line by line', () => {
    expect(capitalStopwords('THE SOFTWARE IS PROVIDED AS IS')).toEqual([]);
    expect(capitalStopwords('THE SOFTWARE IS PROVIDED AS IS\nuse WHERE here')).toEqual(['where']);
  });

  it('leaves Qdrant\u2019s own analysis unchanged: analyzeText still drops them', () => {
    expect(analyzeText('difference between WHERE and HAVING')).toEqual(['differ']);
  });
});

describe('capitalStopwordShare: the terms only capitals make', () => {
  it('is their share of the distinct search terms, 0 without them', () => {
    expect(capitalStopwordShare('difference between WHERE and HAVING')).toBeCloseTo(2 / 3);
    expect(capitalStopwordShare('WHERE WHERE where')).toBe(1);
    expect(capitalStopwordShare('what is the difference between where and having')).toBe(0);
    expect(capitalStopwordShare('')).toBe(0);
  });
});

describe('bm25SearchVector: the question as the search asks for it', () => {
  it('adds the capitalised stopwords to the question\u2019s BM25 terms', () => {
    const vector = bm25SearchVector('difference between WHERE and HAVING');
    expect(vector.indices).toEqual([tokenId('differ'), tokenId('where'), tokenId('have')].sort((a, b) => a - b));
    expect(vector.values).toEqual([1, 1, 1]);
  });

  it('is exactly Qdrant\u2019s query vector for a question with none', () => {
    for (const q of ['where is the file', 'What is a ROS 2 topic?', 'WHAT IS A TOPIC', '']) {
      expect(bm25SearchVector(q)).toEqual(bm25QueryVector(q));
    }
  });
});

describe('capitalsSpeak: the one rule for every reader of capitals', () => {
  it('is true on a line with a lowercase letter, false on a shouted one', () => {
    expect(capitalsSpeak('Filter with HAVING')).toBe(true);
    expect(capitalsSpeak('THE SOFTWARE IS PROVIDED AS IS')).toBe(false);
    expect(capitalsSpeak('')).toBe(false);
  });
});
