import { describe, expect, it } from 'vitest';
import { clippedPairs, clippedSynonyms, clips } from '../../../src/cli/ingest/clipped-synonyms';

describe('clips', () => {
  it('is true when the shorter word, of three letters or more, opens the longer', () => {
    expect(clips('photo', 'photograph')).toBe(true);
    expect(clips('laboratory', 'lab')).toBe(true);
    expect(clips('blurry', 'blurred')).toBe(false);
    expect(clips('ad', 'advertisement')).toBe(false);
    expect(clips('photo', 'photo')).toBe(false);
  });
});

describe('clippedPairs', () => {
  // A tiny dictionary: "photo" and "photograph" share their first sense; "cop" is a policeman first,
  // and "copper" a metal first, though WordNet files "copper" among the policemen too.
  const index = ['photo n 1 1 @ 1 1 00000001', 'photograph n 1 1 @ 1 1 00000001', 'cop n 1 1 @ 1 1 00000002', 'copper n 2 1 @ 2 1 00000003 00000002'].join('\n');
  const data = ['  1 license header', '00000001 06 n 02 photograph 0 photo 0 | a picture', '00000002 18 n 02 cop 0 copper 0 | a policeman', '00000003 27 n 01 copper 0 | a metal'].join('\n');
  const pairs = clippedPairs(index, data);

  it('keys the clip by the long word when the sense is the first of both', () => {
    expect(pairs.get('photograph')).toEqual(['photo']);
    // Never the long word beside a book's clip.
    expect(pairs.get('photo')).toBeUndefined();
  });

  it('leaves out a clip whose sense is not the long word\'s first', () => {
    expect(pairs.get('copper')).toBeUndefined();
  });
});

describe('clippedSynonyms', () => {
  it('reads WordNet: the everyday clippings of a long word\'s first sense', () => {
    const synonyms = clippedSynonyms();
    expect(synonyms.get('photograph')).toEqual(['photo']);
    expect(synonyms.get('laboratory')).toEqual(['lab']);
    expect(synonyms.get('capital')).toBeUndefined();
    expect(synonyms.get('text')).toBeUndefined();
  });
});
