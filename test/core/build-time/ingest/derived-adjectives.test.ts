import { describe, expect, it } from 'vitest';
import { adjectiveBases, adjectiveLinks, derivedAdjectivesByBase, indexSynsets } from '../../../../src/core/build-time/ingest/derived-adjectives';

// Lines in WordNet's own shapes (data.adj: offset, lexfile, type, word count in hex, words with
// lex ids, pointer count, pointers; index.noun: lemma, pos, synset count, pointer count, pointers,
// sense counts, offsets).
const WINDY = '00983576 00 s 01 windy 0 002 & 00979699 a 0000 + 11546388 n 0101 | resembling the wind';
const BREEZY = '00306024 00 s 03 blowy 0 breezy 0 windy 0 003 & 00304526 a 0000 + 11451868 n 0201 + 11485416 n 0103 | exposed to the wind';
const READY = '00000001 00 a 01 ready 0 001 + 00000009 n 0101 | completely prepared';

describe('adjectiveBases', () => {
  it('undoes the suffix, a doubled consonant and a dropped "e"', () => {
    expect(adjectiveBases('windy')).toEqual(['wind', 'winde']);
    expect(adjectiveBases('accidental')).toContain('accident');
    expect(adjectiveBases('graphical')).toContain('graph');
    expect(adjectiveBases('poisonous')).toContain('poison');
    expect(adjectiveBases('friendly')).toContain('friend');
    expect(adjectiveBases('sunny')).toEqual(['sunn', 'sun', 'sunne']);
    expect(adjectiveBases('wavy')).toContain('wave');
  });

  it('gives nothing for a word without the suffix or with too short a base', () => {
    expect(adjectiveBases('wind')).toEqual([]);
    expect(adjectiveBases('icy')).toEqual([]);
  });
});

describe('adjectiveLinks', () => {
  it('keeps each word with the noun synsets its own "+" pointers reach', () => {
    expect(adjectiveLinks(WINDY)).toEqual([{ adjective: 'windy', targets: ['n11546388'] }]);
    // Source 01 is "blowy", 02 "breezy"; "windy", the third, has no pointer of its own here.
    expect(adjectiveLinks(BREEZY)).toEqual([
      { adjective: 'blowy', targets: ['n11485416'] },
      { adjective: 'breezy', targets: ['n11451868'] },
    ]);
  });

  it('reads no license line and no line without derivational pointers', () => {
    expect(adjectiveLinks('  1 This software and database is being provided')).toEqual([]);
    expect(adjectiveLinks('00000002 00 a 01 shiny 0 001 & 00000003 a 0000 | bright')).toEqual([]);
  });
});

describe('indexSynsets', () => {
  it('reads the lemma and its synset offsets', () => {
    expect(indexSynsets('wind n 2 1 @ 2 0 11546388 05065395  ', 'n')).toEqual({ lemma: 'wind', synsets: ['n11546388', 'n05065395'] });
    expect(indexSynsets('  license line', 'n')).toBeNull();
  });
});

describe('derivedAdjectivesByBase', () => {
  it('pairs an adjective with a base it is spelt from only when a "+" pointer reaches one of its synsets', () => {
    const synsets = new Map([
      ['wind', ['n11546388']],
      ['breeze', ['n11451868']],
      ['read', ['v00000042']],
    ]);
    const byBase = derivedAdjectivesByBase([WINDY, BREEZY, READY].flatMap(adjectiveLinks), (lemma) => synsets.get(lemma) ?? [], () => 1);
    expect(byBase.get('wind')).toEqual(['windy']);
    expect(byBase.get('breeze')).toEqual(['breezy']);
    // "ready" points to a synset "read" is not in.
    expect(byBase.has('read')).toBe(false);
  });

  it('keeps an adjective only when readers say it often enough beside its base', () => {
    const synsets = new Map([['wind', ['n11546388']]]);
    const said = (counts: Record<string, number>) => (word: string) => counts[word] ?? 0;
    // "windy" is 4% of "wind" in everyday English: kept; at 1% (as "showy" beside "show"), or
    // unknown to the word list, it is no reader's word.
    expect(derivedAdjectivesByBase(adjectiveLinks(WINDY), (lemma) => synsets.get(lemma) ?? [], said({ wind: 3028, windy: 134 })).get('wind')).toEqual(['windy']);
    expect(derivedAdjectivesByBase(adjectiveLinks(WINDY), (lemma) => synsets.get(lemma) ?? [], said({ wind: 3028, windy: 30 })).has('wind')).toBe(false);
    expect(derivedAdjectivesByBase(adjectiveLinks(WINDY), (lemma) => synsets.get(lemma) ?? [], said({ wind: 3028 })).has('wind')).toBe(false);
  });
});
