import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../../src/core/common/bm25/analyze';
import { ENGLISH_STOPWORDS, isStopword } from '../../../../src/core/common/bm25/stopwords';
import { reference } from './reference-fixture';

describe('ENGLISH_STOPWORDS', () => {
  it("is exactly the server's 179-word list", () => {
    expect(ENGLISH_STOPWORDS.size).toBe(179);
    expect([...ENGLISH_STOPWORDS].sort()).toEqual([...reference.stopword_list].sort());
  });

  it('matches lowercased tokens only', () => {
    expect(isStopword('the')).toBe(true);
    expect(isStopword('The')).toBe(false);
    expect(isStopword('robot')).toBe(false);
  });
});

describe('stopword removal in analyzeText', () => {
  it('lowercases before the lookup', () => {
    expect(analyzeText('THE Cat AND The Mat')).toEqual(['cat', 'mat']);
  });

  it('checks the unstemmed token, not the stem', () => {
    // 'having' is a stopword; 'haves' is not, although Porter2 stems it to 'have'.
    expect(analyzeText('having haves')).toEqual(['have']);
    // 'doing' is a stopword, 'does' too, but 'doer' is not.
    expect(analyzeText('doing does doer')).toEqual(['doer']);
  });

  it("drops the parts of contractions that are stopwords (apostrophes split)", () => {
    expect(analyzeText("Don't won't shouldn't")).toEqual([]);
  });

  it('gives nothing for stopword-only text', () => {
    expect(analyzeText('it is what it is, and so on')).toEqual([]);
  });
});
