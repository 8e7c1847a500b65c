import { describe, expect, it } from 'vitest';
import { derivationVariants } from '../../../../src/core/build-time/ingest/derivation-variants';

describe('derivationVariants', () => {
  it('pairs "-ant" with "-ancy" both ways and leads "-ier" to "-y", where the stemmer keeps them apart', () => {
    expect(derivationVariants('pregnancy')).toEqual(['pregnant']);
    expect(derivationVariants('pregnant')).toEqual(['pregnancy']);
    expect(derivationVariants('vacancies')).toEqual(['vacant']);
    expect(derivationVariants('carrier')).toEqual(['carry']);
    expect(derivationVariants('suppliers')).toEqual(['supply']);
  });

  it('gives nothing for "-ent"/"-ency", "-y" to "-ier", short words or pairs the stemmer joins', () => {
    for (const word of ['current', 'emergency', 'carry', 'supply', 'plant', 'giant', 'important', 'significance']) expect(derivationVariants(word), word).toEqual([]);
  });

  it('pairs "-ify" with "-ification" both ways and leads a long "-ation" noun to its "-e" verb', () => {
    expect(derivationVariants('verification')).toEqual(['verify']);
    expect(derivationVariants('classifications')).toEqual(['classify']);
    expect(derivationVariants('specify')).toEqual(['specification']);
    expect(derivationVariants('quotation')).toEqual(['quote']);
    expect(derivationVariants('causations')).toEqual(['cause']);
  });

  it('gives no verb for "-ication" nouns, short "-ation" bases or nouns the stemmer joins to their verb', () => {
    for (const word of ['replication', 'complication', 'application', 'station', 'ration', 'notation', 'citation', 'creation', 'rotation', 'configuration', 'relaxation', 'quote']) expect(derivationVariants(word), word).toEqual([]);
  });

  it('keeps a verb form only when the caller knows it as a verb', () => {
    const isVerb = (word: string): boolean => ['quote', 'verify'].includes(word);
    expect(derivationVariants('quotation', isVerb)).toEqual(['quote']);
    expect(derivationVariants('verification', isVerb)).toEqual(['verify']);
    expect(derivationVariants('formation', isVerb)).toEqual([]);
    expect(derivationVariants('classification', isVerb)).toEqual([]);
    // The noun side is no verb: the caller's English word list judges it.
    expect(derivationVariants('classify', isVerb)).toEqual(['classification']);
  });
});
