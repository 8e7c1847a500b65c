import { describe, expect, it } from 'vitest';
import { spelledAbbreviations } from '../../../../src/core/build-time/ingest/spelled-abbreviation';

describe('spelledAbbreviations (a line that spells an abbreviation out)', () => {
  it('finds the words after the abbreviation: "X: Full, Name", "X — Full Name", "X stands for …"', () => {
    expect(spelledAbbreviations('Pilots learn it as **CIGAR**: Controls, Instruments, Gas, Attitude, Runup.')).toEqual(['CIGAR']);
    expect(spelledAbbreviations('Remember HASELL — Height, Airframe, Security, Engine, Location, Lookout.')).toEqual(['HASELL']);
    expect(spelledAbbreviations('DSA stands for the Driver Standards Agency.')).toEqual(['DSA']);
    expect(spelledAbbreviations('QFE is short for Query Field Elevation.')).toEqual(['QFE']);
  });

  it('finds the words in brackets after it, and the words before it in brackets', () => {
    expect(spelledAbbreviations('ABS (anti-lock braking system) keeps the wheels turning.')).toEqual(['ABS']);
    expect(spelledAbbreviations('Ask the Driver Standards Agency (DSA) before you book.')).toEqual(['DSA']);
    // A hyphenated word gives one letter ("Anti-lock") or two, as the abbreviation takes them.
    expect(spelledAbbreviations('Cars with an Anti-lock Braking System (ABS) pulse the brakes.')).toEqual(['ABS']);
    // Letters from inside the words, as the sciences abbreviate (bracketed-alias.ts's rule).
    expect(spelledAbbreviations('An ECG (electrocardiogram) records the heart.')).toEqual(['ECG']);
    // An abbreviation set in code is read as written; code of any other kind is no prose.
    expect(spelledAbbreviations('- `TEMPO` (temporary): changes for less than an hour.')).toEqual(['TEMPO']);
    expect(spelledAbbreviations('Call `quote_nullable(NULL)` to quote it.')).toEqual([]);
  });

  it('finds nothing in a line that only names abbreviations, or whose words do not spell them', () => {
    expect(spelledAbbreviations('The glossary explains CIGAR, ATIS, QNH and the rest.')).toEqual([]);
    expect(spelledAbbreviations('NOTE: Do not start the engine.')).toEqual([]);
    expect(spelledAbbreviations('Set the QNH (the pressure at sea level) on the altimeter.')).toEqual([]);
    // One short word is no spelling ("IT: it runs"), nor a word of one capital an abbreviation.
    expect(spelledAbbreviations('IT: it runs every night.')).toEqual([]);
    expect(spelledAbbreviations('Mirrors: Move, Inspect, Rotate.')).toEqual([]);
    // The spelt-out words stay in the clause: a sentence end comes between.
    expect(spelledAbbreviations('Book the DSA. Driver, Standards and Agency are words.')).toEqual([]);
  });
});
