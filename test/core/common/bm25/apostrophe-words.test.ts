import { describe, expect, it } from 'vitest';
import { analyzeText, apostropheWords, bm25QueryVector, bm25SearchVector, tokenId } from '../../../../src/core/common/bm25/index';
import { bm25Vectors } from '../../../../src/cli/ingest/embed-documents';
import { encodeBookVocabulary } from '../../../../src/core/build-time/book-vocabulary-encode';

describe('apostropheWords: words with an inner apostrophe read whole', () => {
  it('joins a romanisation, a name or an elision without its apostrophes, stemmed', () => {
    expect(apostropheWords("The on'yomi and kun'yomi of 日")).toEqual(['onyomi', 'kunyomi']);
    expect(apostropheWords('On’yomi, O’Brien and rock‘n’roll')).toEqual(['onyomi', 'obrien', 'rocknrol']);
    // A hard wrap does not split a word; the same word twice counts twice.
    expect(apostropheWords("Qur'an\nQur'an")).toEqual(['quran', 'quran']);
  });

  it('leaves English clitics, quotes and numbers alone', () => {
    expect(apostropheWords("It's the teacher's book; don't, we'll, they're, I'd, I'm, you've.")).toEqual([]);
    expect(apostropheWords("the word 'yes' and the students' desks")).toEqual([]);
    expect(apostropheWords("He is 5'10 tall.")).toEqual([]);
    expect(apostropheWords('no apostrophe here')).toEqual([]);
  });

  it('lets a question typed without the apostrophe meet the book that writes it, and the reverse', () => {
    // Qdrant's own analysis splits the book's word: "on" is a stopword, "yomi" is all that is left.
    expect(analyzeText("on'yomi")).toEqual(['yomi']);
    expect(analyzeText('onyomi')).toEqual(['onyomi']);
    const book = bm25Vectors(["The on'yomi is the Chinese-derived reading."]).vectors[0]!;
    expect(book.indices).toContain(tokenId('onyomi'));
    expect(bm25SearchVector("what is on'yomi").indices).toContain(tokenId('onyomi'));
    // A Qdrant collection's vocabulary knows the word too, so the term rule does not call it missing.
    expect(encodeBookVocabulary(["The on'yomi is the Chinese-derived reading."], null).terms.split(' ')).toContain('onyomi');
    expect(bm25SearchVector("it's the teacher's").indices).toEqual(bm25QueryVector("it's the teacher's").indices);
  });
});
