import { describe, expect, it } from 'vitest';
import { analyzeText, stemWord } from '../../../../src/core/common/bm25/index';
import { inflectedBookWord } from '../../../../src/core/query/book-terms/inflected-words';
import { inBookWords } from '../../../../src/core/query/book-terms/in-book-words';
import { assessQueryTerms } from '../../../../src/core/query/book-terms/term-evidence';
import { storedVocabulary } from '../../../../src/core/query/book-terms/book-vocabulary';
import { encodeBookVocabulary } from '../../../../src/core/build-time/book-vocabulary-encode';
import { buildLexiconFilter } from '../../../../src/core/common/text/lexicon-filter';
import { vocabularyGaps } from '../../../../src/core/build-time/eval/vocabulary-gaps';

// Ordinary English words, the reader's forms among them: an inflection is read though it is English.
const ENGLISH = 'scarf scarves knife knives shelf shelves leaf leaves leave wolf mice mouse tooth teeth child children ran run running wrote write drew draw froze freeze feet foot cake';
const bookOf = (texts: string[]) =>
  storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts, buildLexiconFilter(analyzeText(ENGLISH))) })))!;

// A little sewing book that writes the -ves plurals and some irregular forms, never their other form.
const SEWING = bookOf([
  'Silk scarves need a fine needle and a narrow hem.',
  'Keep your knives and shears sharp; dull knives chew the fabric.',
  'Store finished scarves flat on the shelves, away from moths.',
  'The thread ran out halfway through the seam.',
  'Running stitches gather the fabric.',
  'The pattern was written for a woven fabric.',
  'Mice nest in a stash of wool left in the attic.',
]);

describe('inflectedBookWord (an inflection the stemmer does not join)', () => {
  it('reads an -ves plural as its singular and a singular as its -ves plural, by the book word in the book', () => {
    expect(stemWord('scarf')).not.toBe(stemWord('scarves'));
    expect(inflectedBookWord('scarf', stemWord('scarf'), SEWING)).toEqual({ stem: stemWord('scarves'), word: 'scarves' });
    expect(inflectedBookWord('knife', stemWord('knife'), SEWING)).toEqual({ stem: stemWord('knives'), word: 'knives' });
    expect(inflectedBookWord('shelf', stemWord('shelf'), SEWING)).toEqual({ stem: stemWord('shelves'), word: 'shelves' });
    const plural = bookOf(['A wolf hunts alone.', 'A sharp knife cuts clean.']);
    expect(inflectedBookWord('wolves', stemWord('wolves'), plural)).toEqual({ stem: 'wolf', word: 'wolf' });
    expect(inflectedBookWord('knives', stemWord('knives'), plural)).toEqual({ stem: 'knife', word: 'knife' });
  });

  it('reads an irregular noun as its other form, both ways', () => {
    expect(inflectedBookWord('mouse', stemWord('mouse'), SEWING)).toEqual({ stem: 'mice', word: 'mice' });
    const singular = bookOf(['Brush each tooth gently.', 'One child per machine.']);
    expect(inflectedBookWord('teeth', 'teeth', singular)).toEqual({ stem: 'tooth', word: 'tooth' });
    expect(inflectedBookWord('children', stemWord('children'), singular)).toEqual({ stem: 'child', word: 'child' });
  });

  it('reads no irregular verb: a narrated past is mostly no word of the answer', () => {
    // Measured: "I ran DELETE…", "I drew a ground area", "I forgot the password" read as the book's
    // "run", "draw" and "forget" cost two answers a place and an off-topic question its flag.
    const present = bookOf(['Run the machine slowly.', 'Running the machine fast breaks needles.', 'Write the size on the pattern.', 'Draw the outline first.']);
    expect(inflectedBookWord('ran', 'ran', present)).toBeNull();
    expect(inflectedBookWord('wrote', 'wrote', present)).toBeNull();
    expect(inflectedBookWord('drew', 'drew', present)).toBeNull();
    expect(inflectedBookWord('write', stemWord('write'), SEWING)).toBeNull();
  });

  it('reads no word whose other form is as often another word, nor a form the book does not write', () => {
    // "leaves" is also the verb "leave": a book that writes "leaf" has no "leaves" read so, nor "leaf" its "leave".
    expect(inflectedBookWord('leaves', stemWord('leaves'), bookOf(['A leaf turns brown.']))).toBeNull();
    expect(inflectedBookWord('leaf', 'leaf', bookOf(['Leave the glue to dry.']))).toBeNull();
    // Nor is "believes" a plural of "belief", nor "relief" a singular of "relieves": verbs, not -ief nouns.
    expect(inflectedBookWord('believes', stemWord('believes'), bookOf(['A belief is held.']))).toBeNull();
    expect(inflectedBookWord('relief', 'relief', bookOf(['The valve relieves pressure.']))).toBeNull();
    expect(inflectedBookWord('thieves', stemWord('thieves'), bookOf(['A thief took it.']))).toEqual({ stem: 'thief', word: 'thief' });
    // "saves" is no plural of "safe", "serves" none of "serf".
    expect(inflectedBookWord('saves', stemWord('saves'), bookOf(['Keep the safe locked.']))).toBeNull();
    expect(inflectedBookWord('serves', stemWord('serves'), bookOf(['A serf worked the land.']))).toBeNull();
    // "saw" is also the tool, "found" also to found: neither is listed.
    expect(inflectedBookWord('saw', 'saw', bookOf(['I see the seam.']))).toBeNull();
    expect(inflectedBookWord('found', 'found', bookOf(['Find the seam.']))).toBeNull();
    expect(inflectedBookWord('teeth', 'teeth', SEWING)).toBeNull();
  });
});

describe('an inflected word in a question', () => {
  it('is searched as the book word, and the reading says how', () => {
    const read = inBookWords(SEWING, 'how do I wash a silk scarf');
    expect(read.text).toBe('how do I wash a silk scarves');
    expect(read.read).toEqual([{ word: 'scarf', as: 'scarves', how: 'inflected' }]);
    expect(inBookWords(SEWING, 'what if a mouse got into my wool').read).toEqual([{ word: 'mouse', as: 'mice', how: 'inflected' }]);
  });

  it('is not read when written as a name ("Wolves", a team)', () => {
    const book = bookOf(['A wolf hunts alone.', 'The pack follows the wolf.']);
    expect(inBookWords(book, 'did the Wolves win on Sunday').read).toEqual([]);
  });

  it("counts as the book's word for the term rule, as written, not as a guess", () => {
    const asked = assessQueryTerms(SEWING, 'hem a scarf');
    expect(asked).toMatchObject({ foreign: [], covered: true });
    expect(asked.coverage).toBeCloseTo(assessQueryTerms(SEWING, 'hem a scarves').coverage, 9);
    // Two inflections and no word as the book writes it are no gibberish.
    expect(assessQueryTerms(SEWING, 'mouse knife')).toMatchObject({ covered: true });
  });

  it('is no gap for `--gaps`: the search reads it as the book word', () => {
    const gaps = vocabularyGaps(SEWING, ['how do I fold a scarf', 'my knife is blunt', 'a cake for the mouse']);
    expect(gaps.words.map((gap) => gap.word)).toEqual(['fold', 'blunt', 'cake']);
  });
});
