import { describe, expect, it } from 'vitest';
import { analyzeText, bm25QueryVector, bm25SearchVector, joinedStopwordRuns, joinedStopwords, tokenId } from '../../../../src/core/common/bm25/index';

describe('joinedStopwords: runs of stopwords joined by hyphens', () => {
  it('reads a run whose every part is a stopword as one lowercased word, repeats kept', () => {
    expect(joinedStopwords('Castle long (O-O-O) or short (O-O).')).toEqual(['o-o-o', 'o-o']);
    expect(joinedStopwords('a do-it-yourself kit, O-O and o-o again')).toEqual(['do-it-yourself', 'o-o', 'o-o']);
  });

  it('reads a run with other words in it as one word too, when a part is a stopword', () => {
    // The analyzer keeps "pull" alone, a word any page about strings uses; the run names the technique.
    expect(joinedStopwords('a pull-off, a Hammer-On, an up-to-date list')).toEqual(['pull-off', 'hammer-on', 'up-to-date']);
    expect(analyzeText('pull-off')).toEqual(['pull']);
    expect(bm25SearchVector('what is a pull-off').indices).toEqual([tokenId('pull'), tokenId('pull-off')].sort((a, b) => a - b));
  });

  it('leaves a run with no stopword, a single stopword and a shorter run inside a longer one', () => {
    expect(joinedStopwords('a steel-string guitar, 0-0, e2-e4')).toEqual([]);
    expect(joinedStopwords('what is it')).toEqual([]);
    expect(joinedStopwords('O-O-O')).toEqual(['o-o-o']); // not also "o-o"
    expect(joinedStopwords('O--O, O - O')).toEqual([]);
  });

  it('says where each run starts', () => {
    expect(joinedStopwordRuns('Write O-O.')).toEqual([{ index: 6, run: 'o-o' }]);
  });

  it('leaves Qdrant\u2019s own analysis unchanged and adds the run to the search\u2019s question only', () => {
    expect(analyzeText('O-O-O')).toEqual([]);
    expect(bm25QueryVector('O-O-O').indices).toEqual([]);
    expect(bm25SearchVector('what does O-O mean').indices).toEqual([tokenId('mean'), tokenId('o-o')].sort((a, b) => a - b));
  });
});

describe('the term rule reads a joined run the book writes as the book\u2019s word, on either store', () => {
  it('covers "O-O-O" in a book that writes it (the vocabulary a Qdrant collection records), not in one that does not', async () => {
    const { encodeBookVocabulary } = await import('../../../../src/core/build-time/book-vocabulary-encode');
    const { storedVocabulary } = await import('../../../../src/core/query/book-terms/book-vocabulary');
    const { assessQueryTerms } = await import('../../../../src/core/query/book-terms/term-evidence');
    const texts = ['Castling on the queenside is written O-O-O.', 'The knight jumps.', 'The queen moves far.'];
    const chess = storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts, null) })))!;
    expect(assessQueryTerms(chess, 'O-O-O')).toMatchObject({ coverage: 1, covered: true });
    const other = storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts.slice(1), null) })))!;
    expect(assessQueryTerms(other, 'O-O-O')).toMatchObject({ coverage: 0, covered: false });
  });
});
