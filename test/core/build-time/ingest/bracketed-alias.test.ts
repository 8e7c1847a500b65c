import { describe, expect, it } from 'vitest';
import { abbreviates, nameAndAlias } from '../../../../src/core/build-time/ingest/bracketed-alias';

describe('nameAndAlias (a term and its other name in brackets)', () => {
  it('splits off an abbreviation, one token, as before', () => {
    expect(nameAndAlias('Inverse kinematics (IK)', 4)).toEqual(['Inverse kinematics', 'IK']);
    expect(nameAndAlias('Silica (SiO2)', 4)).toEqual(['Silica', 'SiO2']);
    expect(nameAndAlias('Knot (kt)', 4)).toEqual(['Knot', 'kt']);
    expect(nameAndAlias('Kilocalorie (kcal)', 4)).toEqual(['Kilocalorie', 'kcal']);
    expect(nameAndAlias('Serger (overlocker)', 4)).toEqual(['Serger', 'overlocker']);
  });

  it('keeps a one-token bracket that qualifies the term in the phrase', () => {
    // A unit that is no abbreviation of the name, "optional", the plural "(s)": before, "ms",
    // "optional" and "s" were recorded as terms these entries define.
    expect(nameAndAlias('Rate (ms)', 4)).toEqual(['Rate (ms)']);
    expect(nameAndAlias('Primer (optional)', 4)).toEqual(['Primer (optional)']);
    expect(nameAndAlias('Copy the table (recommended)', 4)).toEqual(['Copy the table (recommended)']);
    expect(nameAndAlias('Filter(s)', 4)).toEqual(['Filter(s)']);
    expect(nameAndAlias('Brush(es)', 4)).toEqual(['Brush(es)']);
    // A plural mark glued to a word that opens with its letter is no abbreviation of it either.
    expect(nameAndAlias('Setting(s)', 4)).toEqual(['Setting(s)']);
    expect(nameAndAlias('Source(s)', 4)).toEqual(['Source(s)']);
    expect(nameAndAlias('Edge(es)', 4)).toEqual(['Edge(es)']);
    // Set apart, a one-letter unit still is: "Second (s)".
    expect(nameAndAlias('Second (s)', 4)).toEqual(['Second', 's']);
  });

  it('splits off a longer name ending in the same noun, the words an abbreviation stands for, and an "or …" name', () => {
    expect(nameAndAlias('Cone (pyrometric cone)', 4)).toEqual(['Cone', 'pyrometric cone']);
    expect(nameAndAlias('Bat (throwing bats)', 4)).toEqual(['Bat', 'throwing bats']);
    expect(nameAndAlias('RAM (random access memory)', 4)).toEqual(['RAM', 'random access memory']);
    expect(nameAndAlias('Bisque (or biscuit)', 4)).toEqual(['Bisque', 'biscuit']);
    expect(nameAndAlias('Trimming (also called turning)', 4)).toEqual(['Trimming', 'turning']);
    expect(nameAndAlias('Sodium silicate (or water glass)', 4)).toEqual(['Sodium silicate', 'water glass']);
  });

  it('splits off the words an abbreviation stands for when it skips their linking words', () => {
    expect(nameAndAlias('ACH (air changes per hour)', 4)).toEqual(['ACH', 'air changes per hour']);
    expect(nameAndAlias('DoD (Department of Defense)', 4)).toEqual(['DoD', 'Department of Defense']);
    // Five words, four of them spelt by the initials: a name, not too long to be a term.
    expect(nameAndAlias('MVHR (mechanical ventilation with heat recovery)', 4)).toEqual(['MVHR', 'mechanical ventilation with heat recovery']);
    // Linking words are only skipped, never a letter of their own that is not there.
    expect(nameAndAlias('AH (air changes per hour)', 4)).toEqual(['AH (air changes per hour)']);
  });

  it('splits off the words of an abbreviation that also takes letters from inside them', () => {
    // A science's abbreviations: before, each stayed one key ("adh antidiuret hormon") that no question asks.
    expect(nameAndAlias('ADH (antidiuretic hormone)', 4)).toEqual(['ADH', 'antidiuretic hormone']);
    expect(nameAndAlias('ATP (adenosine triphosphate)', 4)).toEqual(['ATP', 'adenosine triphosphate']);
    expect(nameAndAlias('DNA (deoxyribonucleic acid)', 4)).toEqual(['DNA', 'deoxyribonucleic acid']);
    expect(nameAndAlias('ECG (electrocardiogram)', 4)).toEqual(['ECG', 'electrocardiogram']);
    expect(nameAndAlias('ACh (acetylcholine)', 4)).toEqual(['ACh', 'acetylcholine']);
    // Every word gives a letter, its initial first: "AH" skips "changes", "CC" has no letter for "Code".
    expect(nameAndAlias('AH (air changes per hour)', 4)).toEqual(['AH (air changes per hour)']);
    expect(nameAndAlias('ATP (triphosphate of adenosine)', 4)).toEqual(['ATP (triphosphate of adenosine)']);
    // Letters out of order, or a name of one capital (a word, not an abbreviation), stay one phrase.
    expect(nameAndAlias('DHA (antidiuretic hormone)', 4)).toEqual(['DHA (antidiuretic hormone)']);
    expect(nameAndAlias('Ache (a chronic headache)', 4)).toEqual(['Ache (a chronic headache)']);
  });

  it('splits off the words of a unit symbol with a capital inside it', () => {
    // A glossary's "**mAh (milliamp-hour)**" defined one key ("mah milliamp hour") that no question
    // asks: one capital was read as a capitalised word, and the initials "mh" do not spell "mAh".
    expect(nameAndAlias('mAh (milliamp-hour)', 4)).toEqual(['mAh', 'milliamp-hour']);
    expect(nameAndAlias('kWh (kilowatt hour)', 4)).toEqual(['kWh', 'kilowatt hour']);
    // The letters must still come from the words, in order.
    expect(nameAndAlias('mAh (hours of use)', 4)).toEqual(['mAh (hours of use)']);
    expect(nameAndAlias('kWh (watt hours per kilo)', 4)).toEqual(['kWh (watt hours per kilo)']);
  });

  it('keeps an abbreviation whose words are too many to be a term, without them', () => {
    // Five content words ("Life-Sustaining" is two): before, the whole line was one phrase too long
    // to be a term, and the glossary's "**POLST (…)**" defined nothing at all.
    expect(nameAndAlias('POLST (Physician Orders for Life-Sustaining Treatment)', 4)).toEqual(['POLST']);
    expect(nameAndAlias('HIPAA (Health Insurance Portability and Accountability Act)', 4)).toEqual(['HIPAA']);
    // Only a name the words spell: a long description of a word stays one phrase (too long, dropped).
    expect(nameAndAlias('Cone (a small slender ceramic pyramid cone)', 4)).toEqual(['Cone (a small slender ceramic pyramid cone)']);
  });

  it('keeps a bracket that qualifies the term, or is too long to be a name, in one phrase', () => {
    expect(nameAndAlias('Payment (principal and interest)', 4)).toEqual(['Payment (principal and interest)']);
    expect(nameAndAlias('Levels (Matting Levin only)', 4)).toEqual(['Levels (Matting Levin only)']);
    expect(nameAndAlias('Cone (a small slender ceramic pyramid cone)', 4)).toEqual(['Cone (a small slender ceramic pyramid cone)']);
    // Initials must spell the name exactly: "CC" is not "Cost Centre Code".
    expect(nameAndAlias('CC (Cost Centre Code)', 4)).toEqual(['CC (Cost Centre Code)']);
    expect(nameAndAlias('Glaze', 4)).toEqual(['Glaze']);
    // An "or" that widens the term names nothing else.
    expect(nameAndAlias('Primer (or similar)', 4)).toEqual(['Primer (or similar)']);
    expect(nameAndAlias('Sandpaper (or finer grit)', 4)).toEqual(['Sandpaper (or finer grit)']);
    expect(nameAndAlias('Two coats (or more)', 4)).toEqual(['Two coats (or more)']);
    expect(nameAndAlias('Stoneware (or other high-fire clay)', 4)).toEqual(['Stoneware (or other high-fire clay)']);
  });

  it('reads a long term line in one pass', () => {
    // A definition list's term line has no length limit: the spaces before the bracket were tried
    // from each character of the name ("a", 250,000 spaces, "(" took ~50 s at ingest).
    expect(nameAndAlias(`a${' '.repeat(250_000)}(`, 4)).toEqual([`a${' '.repeat(250_000)}(`]);
    expect(nameAndAlias(`Cone${' '.repeat(250_000)}(pyrometric cone)`, 4)).toEqual(['Cone', 'pyrometric cone']);
  });
});

describe('abbreviates (the letter test nameAndAlias and the sentence reader share)', () => {
  it('reads initials, with or without linking words, and runs of letters opening each word', () => {
    expect(abbreviates('RAM', ['random', 'access', 'memory'])).toBe(true);
    expect(abbreviates('DoD', ['Department', 'of', 'Defense'])).toBe(true);
    expect(abbreviates('ADH', ['antidiuretic', 'hormone'])).toBe(true);
    expect(abbreviates('RAM', ['read', 'only', 'memory'])).toBe(false);
    expect(abbreviates('AH', ['air', 'changes', 'per', 'hour'])).toBe(false);
  });
});
