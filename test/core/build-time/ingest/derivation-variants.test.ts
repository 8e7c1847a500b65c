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
});
