import { describe, expect, it } from 'vitest';
import { encodeBookVocabulary } from '../../../src/core/build-time/book-vocabulary-encode';
import { buildLexiconFilter, lexiconHas } from '../../../src/core/common/text/lexicon-filter';
import { storedVocabulary, VOCABULARY_METADATA_KEY } from '../../../src/core/query/book-terms/book-vocabulary';

const texts = ['The pumps run.', 'A pump and a heater.', 'The heater heats water; water boils.'];

describe('encodeBookVocabulary / storedVocabulary', () => {
  it('records each stem\'s document frequency (a stem counted once per chunk) and the chunk count', () => {
    const stored = encodeBookVocabulary(texts, null);
    expect(stored).toMatchObject({ format: 1, documents: 3, lexicon: null });
    const stems = stored.terms.split(' ');
    expect(stems).toEqual([...stems].sort());
    const df = Object.fromEntries(stems.map((stem, i) => [stem, stored.df[i]]));
    expect(df).toMatchObject({ pump: 2, heater: 2, water: 1, run: 1 });
    const v = storedVocabulary({ [VOCABULARY_METADATA_KEY]: stored })!;
    expect(v.n).toBe(3);
    expect([v.df('pump'), v.df('water'), v.df('kettle')]).toEqual([2, 1, 0]);
    expect(v.bookStems).toEqual(stems);
    // No lexicon recorded: every unknown word counts as ordinary (the rule falls back to coverage).
    expect(v.isOrdinary('kubectl')).toBe(true);
  });

  it('records the acronym tokens the sparse vectors index, so the search on Qdrant knows the book writes "PERS"', () => {
    const v = storedVocabulary({ [VOCABULARY_METADATA_KEY]: encodeBookVocabulary(['A PERS (personal emergency response system) calls help.', 'beats per minute'], null) })!;
    expect([v.df('acronym:pers'), v.df('per')]).toEqual([1, 2]);
  });

  it('carries the lexicon filter bit for bit through JSON', () => {
    const lexicon = buildLexiconFilter(Array.from({ length: 500 }, (_, i) => `word${i}`));
    const stored = JSON.parse(JSON.stringify(encodeBookVocabulary(texts, lexicon)));
    const v = storedVocabulary({ vocabulary: stored })!;
    for (let i = 0; i < 500; i++) expect(v.isOrdinary(`word${i}`)).toBe(lexiconHas(lexicon, `word${i}`));
    expect(Array.from({ length: 500 }, (_, i) => `other${i}`).filter((w) => v.isOrdinary(w)).map((w) => lexiconHas(lexicon, w))).not.toContain(false);
    expect(v.isOrdinary('kubectl')).toBe(lexiconHas(lexicon, 'kubectl'));
  });

  it('reads a missing, foreign or damaged entry as no vocabulary, and decodes each entry once', () => {
    const good = encodeBookVocabulary(texts, buildLexiconFilter(['travel']));
    expect(storedVocabulary({})).toBeNull();
    expect(storedVocabulary({ vocabulary: 'yes' })).toBeNull();
    expect(storedVocabulary({ vocabulary: { ...good, format: 2 } })).toBeNull();
    expect(storedVocabulary({ vocabulary: { ...good, documents: 0 } })).toBeNull();
    expect(storedVocabulary({ vocabulary: { ...good, df: good.df.slice(1) } })).toBeNull();
    // A damaged or nonsense lexicon is left out (every unknown word ordinary), the statistics kept.
    expect(storedVocabulary({ vocabulary: { ...good, lexicon: { bits: 'AAAA%%%not base64', hashes: 3 } } })?.isOrdinary('anything')).toBe(true);
    expect(storedVocabulary({ vocabulary: { ...good, lexicon: { bits: 'AAAA', hashes: 0 } } })?.isOrdinary('anything')).toBe(true);
    expect(storedVocabulary({ vocabulary: { ...good, terms: 7 } })).toBeNull();
    const metadata = { vocabulary: good };
    expect(storedVocabulary(metadata)).toBe(storedVocabulary(metadata));
  });
});
