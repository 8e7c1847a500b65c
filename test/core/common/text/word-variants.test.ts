import { describe, expect, it } from 'vitest';
import { closedCompounds, inflectionVariants, numberVariants, spellingVariants, withoutAccents } from '../../../../src/core/common/text/word-variants';

describe('spellingVariants', () => {
  it.each([
    ['color', 'colour'],
    ['colours', 'colors'],
    ['recognized', 'recognised'],
    ['recognising', 'recognizing'],
    ['organization', 'organisation'],
    ['analyze', 'analyse'],
    ['center', 'centre'],
    ['licence', 'license'],
    ['catalog', 'catalogue'],
    ['labelled', 'labeled'],
    ['behaviour', 'behavior'],
    ['haemoglobin', 'hemoglobin'],
    ['hypovolemic', 'hypovolaemic'],
    ['leukaemia', 'leukemia'],
    ['paediatric', 'pediatric'],
    ['encyclopedia', 'encyclopaedia'],
    ['oesophagus', 'esophagus'],
    ['fetus', 'foetus'],
    ['anaesthetic', 'anesthetic'],
    ['diarrhoea', 'diarrhea'],
    ['maneuver', 'manoeuvre'],
    ['sulphur', 'sulfur'],
    ['mouldy', 'moldy'],
    ['mold', 'mould'],
    ['mould', 'mold'],
    ['moult', 'molt'],
    ['moulting', 'molting'],
    ['smoulder', 'smolder'],
    // Stems no suffix rule covers, both ways.
    ['gray', 'grey'],
    ['greyscale', 'grayscale'],
    ['practise', 'practice'],
    ['practiced', 'practised'],
    ['practising', 'practicing'],
    ['practicing', 'practising'],
    ['skeptical', 'sceptical'],
    ['sceptic', 'skeptic'],
    ['aluminium', 'aluminum'],
    ['aluminum', 'aluminium'],
    ['jewellery', 'jewelry'],
    ['jewelry', 'jewellery'],
  ])('%s → %s', (word, other) => {
    expect(spellingVariants(word)).toContain(other);
  });

  it('never returns the word itself, and leaves short stems alone ("for" is not "four")', () => {
    for (const word of ['color', 'colour', 'center', 'recognize']) expect(spellingVariants(word)).not.toContain(word);
    expect(spellingVariants('for')).toEqual([]);
    expect(spellingVariants('user')).toEqual([]);
  });

  it('changes "ae" and "oe" only where the Greek and Latin spellings have them', () => {
    expect(spellingVariants('daemon')).not.toContain('demon'); // -aem- after h, n, k, c, l, r, x only
    expect(spellingVariants('demon')).not.toContain('daemon');
    expect(spellingVariants('effete')).toEqual([]); // foet- opens a word
    expect(spellingVariants('fet')).toEqual([]); // both spellings four letters or more
    expect(spellingVariants('poet')).toEqual([]);
    expect(spellingVariants('shoe')).toEqual([]);
  });

  it('drops the "u" of "ould" only in mould, moult and smoulder ("could" is no "cold")', () => {
    expect(spellingVariants('could')).toEqual([]);
    expect(spellingVariants('shoulder')).not.toContain('sholder');
    expect(spellingVariants('boulder')).not.toContain('bolder');
  });

  it('leaves "gray" and "practic" inside a word alone ("stingray" is no "stingrey")', () => {
    expect(spellingVariants('stingray')).toEqual([]);
    expect(spellingVariants('impractical')).toEqual([]);
  });

  it('proposes candidates only: a non-word like "errour" is for the caller to reject', () => {
    expect(spellingVariants('error')).toContain('errour');
  });
});

describe('withoutAccents', () => {
  it.each([
    ['cuál', 'cual'],
    ['lápices', 'lapices'],
    ['niño', 'nino'],
    ['café', 'cafe'],
    ['über', 'uber'],
    ['pingüino', 'pinguino'],
    // Letters with no combining mark to drop, as a keyboard without them spells them.
    ['straße', 'strasse'],
    ['sœur', 'soeur'],
    ['encyclopædia', 'encyclopaedia'],
    ['søster', 'soster'],
    ['łódź', 'lodz'],
    ['ıspanak', 'ispanak'],
    // A romanisation's ayn, hamza or ʻokina, a modifier letter inside the word, as readers leave it out.
    ['ʿīsā', 'isa'],
    ['sharīʿa', 'sharia'],
    ['qurʾān', 'quran'],
    ['hawaiʻi', 'hawaii'],
  ])('reads %s as a reader types it: %s', (word, plain) => {
    expect(withoutAccents(word)).toBe(plain);
  });

  it('has nothing for a word without accents, nor for another alphabet', () => {
    expect(withoutAccents('plain')).toBeNull();
    expect(withoutAccents('ά')).toBeNull();
    expect(withoutAccents('straßeδ')).toBeNull();
  });
});

describe('closedCompounds', () => {
  it('closes up each word written with hyphens, with its parts', () => {
    expect(closedCompounds("A Non-Profit employer; your co-signer's loan; an out-of-network ATM.")).toEqual([
      { closed: 'nonprofit', parts: ['non', 'profit'] },
      { closed: 'cosigner', parts: ['co', 'signer'] },
      { closed: 'outofnetwork', parts: ['out', 'of', 'network'] },
    ]);
  });

  it('leaves out numbers, double hyphens, dashes and plain words', () => {
    expect(closedCompounds('401-k, W-2, x--y, 3-5 %, a - b, a-b, x-y, plain words')).toEqual([]);
  });
});

describe('inflectionVariants', () => {
  it('gives the plain form of an -ance or -ence word its -ing and -ed forms, and back', () => {
    expect(inflectionVariants('refinancing')).toEqual(['refinance']);
    expect(inflectionVariants('referenced')).toEqual(['reference']);
    expect(inflectionVariants('experience')).toEqual(['experiencing', 'experienced']);
  });

  it('gives a short "-ue" verb and a long word the stemmer cuts further its other forms, and back', () => {
    // Snowball: "sue" → "sue" but "suing", "sued" → "su"; "interfere" → "interfer" but "interfering" → "interf".
    expect(inflectionVariants('suing')).toEqual(['sue']);
    expect(inflectionVariants('sue')).toEqual(['suing', 'sued']);
    expect(inflectionVariants('glued')).toEqual(['glue']);
    expect(inflectionVariants('queue')).toEqual(['queuing', 'queued']);
    expect(inflectionVariants('interfering')).toEqual(['interfere']);
    expect(inflectionVariants('warehouse')).toEqual(['warehousing', 'warehoused']);
  });

  it('gives an -edness noun its -ed word ("tiredness" is "tired", "tired" is "tire" to the stemmer)', () => {
    expect(inflectionVariants('tiredness')).toEqual(['tired']);
    expect(inflectionVariants('preparedness')).toEqual(['prepared']);
  });

  it('leaves other words alone, whose forms the stemmer already reads as one', () => {
    for (const word of ['putting', 'writing', 'planning', 'generate', 'dance', 'fence', 'weakness', 'redness', 'business', 'argue', 'arguing', 'continued', 'stepping', 'being', 'bed', 'hoping']) expect(inflectionVariants(word)).toEqual([]);
  });
});

describe('numberVariants', () => {
  const words = new Set(['gas', 'gases', 'alias', 'aliases', 'crisis', 'crises', 'cris', 'dose', 'doses', 'dos', 'base', 'bases', 'basis', 'emphasis', 'emphasise', 'emphasises', 'class', 'classes']);
  const isWord = (word: string): boolean => words.has(word);

  it('gives a vowel-and-s singular its -es plural and back', () => {
    expect(numberVariants('gas', isWord)).toEqual(['gases']);
    expect(numberVariants('gases', isWord)).toEqual(['gas']);
    expect(numberVariants('aliases', isWord)).toEqual(['alias']);
  });

  it('reads a Greek -es plural as its -is singular, before a shorter -s word', () => {
    expect(numberVariants('crises', isWord)).toEqual(['crisis']);
    expect(numberVariants('crisis', isWord)).toEqual(['crises']);
  });

  it('gives no other singular to the plural of an -e word, nor a plural that reads as one', () => {
    expect(numberVariants('doses', isWord)).toEqual([]);
    expect(numberVariants('bases', isWord)).toEqual([]);
    expect(numberVariants('basis', isWord)).toEqual([]);
    expect(numberVariants('emphasis', isWord)).toEqual([]);
    expect(numberVariants('classes', isWord)).toEqual([]);
  });

  it('gives only forms the word list knows', () => {
    expect(numberVariants('canvas', isWord)).toEqual([]);
  });

  it('gives no other number to a word that is itself a plural, nor a "-sses" plural to an "-is" word', () => {
    // "taxis" is taxi's plural, not a Greek "-is" singular of "taxes"; "psychos" psycho's, "missis" no "misses".
    const more = new Set([...words, 'tax', 'taxes', 'taxi', 'taxis', 'psycho', 'psychos', 'psychoses', 'psychosis', 'missis', 'misses', 'miss']);
    const known = (word: string): boolean => more.has(word);
    expect(numberVariants('taxes', known)).toEqual([]);
    expect(numberVariants('taxis', known)).toEqual([]);
    expect(numberVariants('psychos', known)).toEqual([]);
    expect(numberVariants('missis', known)).toEqual([]);
    expect(numberVariants('psychosis', known)).toEqual(['psychoses']);
    expect(numberVariants('psychoses', known)).toEqual(['psychosis']);
  });
});
