import { describe, expect, it } from 'vitest';
import type { CollectionInfo, SearchContext } from '../../../../src/core/query/ports';
import type { SearchParams } from '../../../../src/core/query/search/search-params';
import { judgeTerms, readInBookWords } from '../../../../src/core/query/search/book-terms-stage';
import { TINY_BOOK_VOCABULARIES } from '../../../support/tiny-book-vocabulary';

const [, vocabularyOf] = TINY_BOOK_VOCABULARIES[1]!; // as a Qdrant collection records it
const book = vocabularyOf(true);
const queries = [{ q: 'replace the tank lid gakset' }, { q: 'how does the pump move water' }] as SearchParams[];
const info = { metadata: {} } as unknown as CollectionInfo;

/** Just the parts of a search context these stages read. */
function context(bookVocabulary: SearchContext['bookVocabulary'], readVocabulary?: () => Promise<void>): SearchContext {
  return { bookVocabulary, facts: { known: async () => info, ...(readVocabulary ? { readVocabulary } : {}) } } as unknown as SearchContext;
}

describe('readInBookWords', () => {
  it('reads each query in the book\'s words once the facts and the vocabulary are read', async () => {
    let read = false;
    const ctx = context(() => (read ? book : null), async () => void (read = true));
    const [first, second] = await readInBookWords(queries, Promise.resolve(info), ctx.facts.readVocabulary!(), ctx);
    expect(first).toMatchObject({ text: 'replace the tank lid gasket', read: [{ word: 'gakset', as: 'gasket', how: 'misspelt' }] });
    expect(second).toMatchObject({ text: 'how does the pump move water', read: [] });
  });

  it('searches every query as written when the store has no vocabulary, or it cannot be read', async () => {
    expect(await readInBookWords(queries, Promise.resolve(info), null, context(() => null))).toEqual([null, null]);
    expect(await readInBookWords(queries, Promise.resolve(info), null, context(undefined))).toEqual([null, null]);
    const broken = context(() => {
      throw new Error('damaged vocabulary');
    });
    expect(await readInBookWords(queries, Promise.resolve(info), null, broken)).toEqual([null, null]);
    // Facts that cannot be read do not stop a vocabulary that needs none (the embedded index's).
    const [first] = await readInBookWords(queries, Promise.reject(new Error('KV down')), null, context(() => book));
    expect(first?.text).toBe('replace the tank lid gasket');
  });
});

describe('judgeTerms', () => {
  it('judges each query with the vocabulary, or not at all without one', async () => {
    const judged = await judgeTerms(queries, info, null, context(() => book));
    const [typo, plain] = judged.evidence;
    expect(typo).toMatchObject({ covered: true, unknown: ['gakset'] });
    expect(plain).toMatchObject({ covered: true, unknown: [] });
    // A word in fewer chunks weighs more; one the book never uses, most.
    const common = book.bookStems.reduce((a, b) => (book.df(a) >= book.df(b) ? a : b));
    expect(judged.rarity!('gasket')).toBeGreaterThan(judged.rarity!(common));
    expect(judged.rarity!('zzzunseen')).toBeGreaterThan(judged.rarity!('gasket'));
    expect(await judgeTerms(queries, info, null, context(undefined))).toEqual({ evidence: [undefined, undefined] });
  });
});
