import { describe, expect, it } from 'vitest';
import { opensClause, pointsOrPlaces } from '../../../../src/core/build-time/ingest/pointing-subject';

describe('pointsOrPlaces (a copula subject that names no term)', () => {
  it('is true for a subject that points back, counts, points at the page or opens a place', () => {
    for (const subject of ['This table', 'Each row', 'two sounds', 'latter', 'The example above', 'Inside each nail', 'At the top', 'How much', 'how long', 'Why']) {
      expect(pointsOrPlaces(subject)).toBe(true);
    }
  });

  it('is true for an indefinite pronoun, which names no thing ("Anything below A is a reason to call")', () => {
    for (const subject of ['Anything below A', 'Everything in the kit', 'Something', 'Nothing', 'Anyone who', 'Everyone', 'Someone', 'Nobody', 'anybody', 'Everybody', 'Somebody']) {
      expect(pointsOrPlaces(subject)).toBe(true);
    }
  });

  it('is true for a partitive pronoun before "of" ("None of this is a reason to …"), which names no thing', () => {
    for (const subject of ['None of this', 'none of them', 'Neither of them', 'Either of the two']) {
      expect(pointsOrPlaces(subject)).toBe(true);
    }
  });

  it('is false for a term, a hyphenated number, an ordinal and a place word without its determiner', () => {
    for (const subject of ['topic', 'Two-factor authentication', 'second law', 'Through hole pads', 'ON clause', 'None', 'Someday', 'Nothingness']) {
      expect(pointsOrPlaces(subject)).toBe(false);
    }
  });

  it('is false for a hyphenated term that opens with "how" or "why" ("How-to guides are …" asks nothing)', () => {
    for (const subject of ['How-to guides', 'how-tos', 'Why-questions']) {
      expect(pointsOrPlaces(subject)).toBe(false);
    }
  });

  it('is false for a hyphenated term that opens with a determiner ("One-hot encoding is …", "No-till farming is …")', () => {
    for (const subject of ['One-hot encoding', 'No-till farming', 'All-purpose flour', 'Many-to-many relationships', 'Any-angle paths']) {
      expect(pointsOrPlaces(subject)).toBe(false);
    }
    // The determiner itself still points, before an apostrophe or a full stop too.
    for (const subject of ['One', "It's", 'Each.']) expect(pointsOrPlaces(subject)).toBe(true);
  });
});

describe('opensClause (a copula subject that is a clause\'s or a role\'s, not a term)', () => {
  it('is true for a subject that opens with a subordinating conjunction ("If the mouse is an optical mouse, …")', () => {
    for (const subject of ['If the mouse', 'When the destination', 'Since Python', 'Once the connection', 'Because the decoder', 'While IRC', 'Unless you', 'As telescopes']) {
      expect(opensClause(subject)).toBe(true);
    }
  });

  it('is true for a connective adverb before the subject ("Thus anarchism is the product of …")', () => {
    for (const subject of ['Thus anarchism', 'Therefore opposition to hierarchy', 'Otherwise leftmatrix', 'Instead decisions', 'Typically symbol', 'Hence if alpha', 'Also of note', 'Usually higher values']) {
      expect(opensClause(subject)).toBe(true);
    }
  });

  it('is false for a term after "so" (a stopword, never in a key: "So Anarchism is a political theory …" defines), a connective alone or one in a hyphenated word', () => {
    for (const subject of ['So Anarchism', 'Thus', 'Otherwise-branch', 'Hencely', 'Thusness']) {
      expect(opensClause(subject)).toBe(false);
    }
  });

  it('is true for a fronted phrase or a gerund before a determiner or pronoun ("Either way the repair is …")', () => {
    for (const subject of ['Either way the repair', 'In fact they', 'Mathematically it', 'For most buyers it', 'Knowing a chord shape', 'Getting this right', 'Actually this']) {
      expect(opensClause(subject)).toBe(true);
    }
  });

  it('is true for an evaluative word before a role noun ("The classic example is the sea otter")', () => {
    for (const subject of ['classic example', 'usual causes in beginners', 'best way', 'main reason', 'good starting point', 'best place to begin', 'Common reasons']) {
      expect(opensClause(subject)).toBe(true);
    }
  });

  it('is false for a name with a determiner after a preposition, a capital symbol, a term made of an evaluative word and a noun, or a hyphenated word', () => {
    for (const subject of ['luck of a roll', 'area under the line', 'Argument A', 'main sequence', 'simple moving average', 'standard deviation', 'rule of thirds', 'As-built drawings', 'topic', 'Ifrit']) {
      expect(opensClause(subject)).toBe(false);
    }
  });
});
