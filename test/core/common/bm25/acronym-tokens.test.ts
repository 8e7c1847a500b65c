import { describe, expect, it } from 'vitest';
import { acronymPluralStems, acronymTokens, analyzeText, bm25SearchVector, stemWord, tokenId } from '../../../../src/core/common/bm25/index';

describe('acronymTokens: acronyms the stemmer folds into an ordinary word', () => {
  it('adds the acronym, unstemmed, when the stemmer would make it another word', () => {
    // Snowball reads PAYE as the word "paye" and stems it to "pay".
    expect(stemWord('paye')).toBe('pay');
    expect(acronymTokens('Tax withheld under PAYE (pay as you earn); PAYE codes')).toEqual(['acronym:paye', 'acronym:paye']);
  });

  it('adds nothing for an acronym the stemmer leaves whole, for stopwords, prose or mixed case', () => {
    expect(acronymTokens('GNOME and USB and ROS 2')).toEqual([]);
    expect(acronymTokens('Filter with WHERE and HAVING')).toEqual([]);
    expect(acronymTokens('what does paye mean, and Paye, and APIs')).toEqual([]);
    expect(acronymTokens('a P2P link')).toEqual([]);
  });

  it('ignores a line with no lowercase letter (a shouted heading), line by line', () => {
    expect(acronymTokens('PAYE RULES')).toEqual([]);
    expect(acronymTokens('PAYE RULES\nunder PAYE')).toEqual(['acronym:paye']);
  });

  it('never meets a stem: "payee" stems to "paye", the acronym token does not', () => {
    expect(stemWord('payee')).toBe('paye');
    expect(acronymTokens('the PAYE scheme')).not.toContain(stemWord('payee'));
  });

  it('is asked for by the search vector beside the stem, and leaves analyzeText unchanged', () => {
    expect(analyzeText('what does PAYE mean')).toEqual(['pay', 'mean']);
    const vector = bm25SearchVector('what does PAYE mean');
    expect(vector.indices).toContain(tokenId('acronym:paye'));
    expect(vector.indices).toContain(tokenId('pay'));
    expect(bm25SearchVector('what does paye mean').indices).not.toContain(tokenId('acronym:paye'));
  });

  it('lists the stem an acronym\'s final S made (PERS as the plural of per), unless another word makes it', () => {
    expect(stemWord('pers')).toBe('per');
    expect(acronymPluralStems('what is a PERS')).toEqual(new Map([['per', 'acronym:pers']]));
    expect(acronymPluralStems('BIOS or CORS?')).toEqual(new Map([['bio', 'acronym:bios'], ['cor', 'acronym:cors']]));
    expect(acronymPluralStems('cost per month of a PERS')).toEqual(new Map());
    // No final S (PAYE keeps "pay" beside its token), lowercase, or a shouted line: nothing.
    expect(acronymPluralStems('what is PAYE')).toEqual(new Map());
    expect(acronymPluralStems('what is a pers')).toEqual(new Map());
    expect(acronymPluralStems('WHAT IS A PERS')).toEqual(new Map());
  });
});
