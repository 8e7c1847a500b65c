import { describe, expect, it } from 'vitest';
import { unitNames, unitsWritten } from '../../../../src/core/build-time/ingest/unit-names';

const units = (text: string) => Object.fromEntries(unitsWritten(text));

describe('unitsWritten', () => {
  it('reads a symbol after a number, spaced or glued, and both symbols of a quotient', () => {
    expect(units('Eat 1.6 g/kg of protein; lift 60 kg; a 5kg plate')).toEqual({ gram: ['g'], per: [], kilogram: ['kg'] });
    expect(units('Rest 3 min, then 2–3 mins more; 50 km/h')).toEqual({ minute: ['min', 'mins'], kilometre: ['km'], per: [], hour: ['h'] });
    expect(units('a dose in mg/kg')).toEqual({ milligram: ['mg'], per: [], kilogram: ['kg'] });
    // Over a word that is no unit, a symbol of two letters or more is still one.
    expect(units('10 mg/day')).toEqual({ milligram: ['mg'] });
    expect(units('250 mL and 2 L')).toEqual({ millilitre: ['ml'], litre: ['l'] });
    // Hyphenated, as an adjective: "a 5-kg bag", "a 10-min walk".
    expect(units('a 5-kg bag and a 10-min walk')).toEqual({ kilogram: ['kg'], minute: ['min'] });
  });

  it('reads the micro sign and the Greek mu alike, and names each unit of a compound symbol', () => {
    expect(units('5 µg or 5 μg or 5 mcg')).toEqual({ microgram: ['μg', 'mcg'] });
    expect(units('30 mph')).toEqual({ mile: ['mph'], per: [], hour: ['mph'] });
  });

  it('reads a degree sign after a number, with its scale, and a scale after a degree sign alone', () => {
    expect(units('bake at 180 °C (350°F)')).toEqual({ degree: [], celsius: [], fahrenheit: [] });
    expect(units('a 90° turn')).toEqual({ degree: [] });
    expect(units('temperatures are in ℃')).toEqual({ degree: [], celsius: [] });
  });

  it('reads a percent sign after a number, spaced or glued, and not one without a number', () => {
    expect(units('at least 85 % of the grapes; 13.5% ABV; 100 ％')).toEqual({ percent: [], percentage: [] });
    expect(units('printf("%d"), %pi and x % y')).toEqual({});
  });

  it('reads no unit where a letter is a name, a decade, a word or part of another word', () => {
    // A single letter glued to its number is a name or a decade; "in" and "A" are words.
    expect(units('the 1990s, 5G phones, 3D prints, 4K video')).toEqual({});
    expect(units('3 in 10 people; Step 2 A; CO2 g; v1.2 s')).toEqual({});
    // Two single letters over each other, or a quotient with a non-unit, are abbreviations.
    expect(units('h/w and s/he, w/o, and/or, min/max, 2 W/O')).toEqual({});
    // Case tells units apart: "Mb" is a megabit, "C" without a degree sign a grade.
    expect(units('a 5 Mb file, a 5 C grade')).toEqual({});
    // A formula's exponent, index, function or indexed variable is no quantity.
    expect(units('4 pi r^2 g(r) dr, then h = 1.2 h_n and 2 m(m+1), x_2 s')).toEqual({});
  });

  it('reads a squared or cubed unit', () => {
    expect(units('a 12 m² room, 2 cm³ of oil')).toEqual({ metre: ['m'], centimetre: ['cm'] });
  });

  it('reads a single letter set apart from its number, or in a quotient with another unit', () => {
    expect(units('hold 30 s')).toEqual({ second: ['s'] });
    expect(units('at 10m/s')).toEqual({ metre: ['m'], per: [], second: ['s'] });
  });
});

describe('unitNames', () => {
  it('gives each text the names of the units it writes as symbols, for units the book never names', () => {
    const { names, aliases } = unitNames(['Eat 1.6 g/kg of protein.', 'Rest 3 min between sets.', 'No units here.']);
    // "per" too: the book writes the reader's "grams per kilogram" with a slash.
    expect(names).toEqual([['gram', 'per', 'kilogram', 'kilo'], ['minute'], []]);
    expect(aliases.has('per')).toBe(false);
    expect(aliases.get('gram')).toEqual(['g']);
    expect(aliases.get('kilogram')).toEqual(['kg']);
  });

  it('adds nothing for a unit the book names, in any of its spellings or forms', () => {
    expect(unitNames(['Eat 1.6 g of protein.', 'Two grams more.']).names).toEqual([[], []]);
    expect(unitNames(['Run 5 km.', 'A kilometer is far.']).names).toEqual([[], []]);
    // The other units of the same text are still named.
    expect(unitNames(['Add 5 g and 10 mL.', 'A milliliter of oil.']).names).toEqual([['gram'], []]);
  });

  it('names a percent sign "percent" and "percentage", each unless the book says it', () => {
    const { names, aliases } = unitNames(['At least 75 % of the grapes.', 'No sign here.']);
    expect(names).toEqual([['percent', 'percentage'], []]);
    // The sign is no word: nothing for the LSA model to learn the name as.
    expect(aliases.has('percent')).toBe(false);
    // A glossary's "percentage" leaves the reader's "percent" unmatched: that one is still added.
    expect(unitNames(['At least 75 % of the grapes.', 'The percentage varies.']).names).toEqual([['percent', 'percentage'], []]);
  });

  it('names a sign beside every sign even where the book spells the name elsewhere', () => {
    // A glossary's "in percent" or "degrees Celsius" does not match the reader's word to "80 %" or "20 °C".
    expect(unitNames(['Charge to 80 % daily.', 'SoC is given in percent.']).names).toEqual([['percent', 'percentage'], []]);
    expect(unitNames(['Store it at 20 °C.', 'Two degrees Celsius.']).names).toEqual([['degree', 'celsius'], []]);
    // A letter symbol still is not: the book's "grams" may mean its "g" is something else.
    expect(unitNames(['Eat 1.6 g of protein.', 'Two grams more.']).names).toEqual([[], []]);
  });

  it('gives both British and American spellings of a unit', () => {
    expect(unitNames(['Pour 250 mL.']).names).toEqual([['millilitre', 'milliliter']]);
  });
});
