import { describe, expect, it } from 'vitest';
import { analyzeText, stemWord } from '../../../../src/core/common/bm25/index';
import { MAX_READ_LETTERS, MISSPELLINGS_PER_QUERY, wordForStem } from '../../../../src/core/query/book-terms/book-forms';
import { bookSpelling, inBookWords } from '../../../../src/core/query/book-terms/in-book-words';
import { assessQueryTerms } from '../../../../src/core/query/book-terms/term-evidence';
import { TINY_BOOK_VOCABULARIES } from '../../../support/tiny-book-vocabulary';
import { storedVocabulary } from '../../../../src/core/query/book-terms/book-vocabulary';
import { encodeBookVocabulary } from '../../../../src/core/build-time/book-vocabulary-encode';
import { buildLexiconFilter } from '../../../../src/core/common/text/lexicon-filter';

// The same reading whichever store holds the book.
describe.each(TINY_BOOK_VOCABULARIES)('inBookWords (the query in the book\'s words), vocabulary of %s', (_, vocabularyOf) => {
  const book = vocabularyOf(true);

  it('reads a word misspelt by one letter as the book word: dropped, added, swapped or mistyped', () => {
    for (const typo of ['gaskt', 'gaskeet', 'gakset', 'gaskex']) {
      const read = inBookWords(book, `replace the tank lid ${typo}`);
      expect(read.text).toBe('replace the tank lid gasket');
      expect(read.read).toEqual([{ word: typo, as: 'gasket', how: 'misspelt' }]);
    }
  });

  it("gives the share of the book's chunks that use a stem, as its vocabulary counts them", () => {
    const { chunkShare } = inBookWords(book, 'replace the gasket');
    expect(chunkShare('gasket')).toBeCloseTo(book.df('gasket') / book.n);
    expect(chunkShare('gasket')).toBeGreaterThan(0);
    expect(chunkShare('zebra')).toBe(0);
  });

  it('keeps the rest of the text as written, case and punctuation included', () => {
    expect(inBookWords(book, 'Why is the Pump so loud? (the contoller, I mean)').text).toBe('Why is the Pump so loud? (the controller, I mean)');
  });

  it('reaches a three-letter stem only from a word of five letters or more', () => {
    expect(inBookWords(book, 'the loggin of every service').read).toEqual([{ word: 'loggin', as: 'logging', how: 'misspelt' }]);
    expect(inBookWords(book, 'the logz of every service').read).toEqual([]);
  });

  it('reads a slip of the fingers before a wrong letter ("dater" is date with a stray r, not water in more chunks)', () => {
    expect(book.df(stemWord('water'))).toBeGreaterThan(book.df(stemWord('date')));
    const [dater] = inBookWords(book, 'when was the dater checked').read;
    expect([dater?.how, stemWord(dater?.as ?? '')]).toEqual(['misspelt', stemWord('date')]);
    // "r" for the "t" beside it on the keyboard is a slip too: the heater's, not the water's.
    expect(inBookWords(book, 'the hearer is saturated').read).toEqual([{ word: 'hearer', as: 'heater', how: 'misspelt' }]);
  });

  it('leaves book words and English words alone, even an English word one letter from a book word', () => {
    for (const q of ['replace the rubber gasket', 'dump the water', 'swap the seal']) {
      expect(inBookWords(book, q)).toMatchObject({ text: q, read: [] });
    }
  });

  it('corrects a name only for a dropped, swapped or doubled letter ("Jupter" is Jupiter, "Jython" is not Python)', () => {
    expect(inBookWords(book, 'fill the Heatr with water').read).toEqual([{ word: 'Heatr', as: 'heater', how: 'misspelt' }]);
    expect(inBookWords(book, 'fill the Haeter with water').read).toEqual([{ word: 'Haeter', as: 'heater', how: 'misspelt' }]);
    expect(inBookWords(book, 'fill the Heatter with water').read).toEqual([{ word: 'Heatter', as: 'heater', how: 'misspelt' }]);
    expect(inBookWords(book, 'fill the Heatier with water').read).toEqual([]); // an added letter, not a doubled one
    expect(inBookWords(book, 'fill the Heaxer with water').read).toEqual([]);
    expect(inBookWords(book, 'fill the HeaXer with water').read).toEqual([]);
    // Lowercase, the same slip is read.
    expect(inBookWords(book, 'fill the heaxer with water').read).toEqual([{ word: 'heaxer', as: 'heater', how: 'misspelt' }]);
  });

  it('reads clipped, prefixed and suffixed forms and spelled-out Greek letters as the book writes them', () => {
    expect(analyzeText(inBookWords(book, 'the distro manifold').text)).toEqual(['distribut', 'manifold']);
    expect(inBookWords(book, 'reservice the pump').read).toEqual([{ word: 'reservice', as: 'service', how: 'prefixed' }]);
    expect(inBookWords(book, 'a gasketless lid').read).toEqual([{ word: 'gasketless', as: 'gasket', how: 'suffixed' }]);
    expect(inBookWords(book, 'check the beta2 valve').text).toBe('check the β2 valve');
  });

  it('reads what the term rule counts as covered: a slip weighs what the book word weighs', () => {
    const typo = assessQueryTerms(book, 'replace the tank lid gakset');
    expect(typo).toMatchObject({ unknown: ['gakset'], foreign: [], covered: true });
    expect(typo.coverage).toBeCloseTo(assessQueryTerms(book, 'replace the tank lid gasket').coverage, 9);
  });

  it('does not cover a question whose words all only resemble book words: two or more guesses, none as written', () => {
    // Gibberish resembles book words in looser ways than a one-letter slip (a suffix here).
    expect(assessQueryTerms(book, 'gasketless heatr')).toMatchObject({ covered: false, onlyGuesses: true });
    // Every word a one-letter slip of a book word is a hurried reader, not gibberish: covered.
    expect(assessQueryTerms(book, 'gakset heatr')).toMatchObject({ covered: true });
    expect(assessQueryTerms(book, 'gakset heatr').onlyGuesses).toBeUndefined();
    // One guess is a typo in a one-word question; a guess beside a book word is a typo in a question.
    expect(assessQueryTerms(book, 'gakset')).toMatchObject({ covered: true });
    expect(assessQueryTerms(book, 'gakset heatr tank')).toMatchObject({ covered: true });
    expect(assessQueryTerms(book, 'gakset heatr tank').onlyGuesses).toBeUndefined();
  });

  it('reads nothing without a lexicon (an older index): every unknown word might be English', () => {
    expect(inBookWords(vocabularyOf(false), 'replace the tank lid gakset').read).toEqual([]);
  });
});

describe('wordForStem', () => {
  it('spells every stem of a book as a word that stems back to it', () => {
    const stems = new Set(analyzeText('configuration repositories distribution heaters saturated clamps temperature every integral quickly'));
    for (const stem of stems) expect(stemWord(wordForStem(stem))).toBe(stem);
  });
});

describe('a word both clipped and one edit from another book word', () => {
  it('is read as the word it opens, not as the misspelling of another ("manip" is not "many")', () => {
    const texts = ['Many arms grasp many parts.', 'Many robots need many sensors.', 'Manipulation of parts with a gripper.'];
    const book = storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts, buildLexiconFilter(analyzeText('maniac'))) })))!;
    expect(book.df(stemWord('many'))).toBeGreaterThan(book.df(stemWord('manipulation')));
    expect(stemWord('manie')).toBe(stemWord('many')); // one edit from "manip"
    expect(inBookWords(book, 'manip with a gripper').read).toEqual([{ word: 'manip', as: wordForStem(stemWord('manipulation')), how: 'clipped' }]);
  });
});

describe('a word that opens a book stem but for its last letter', () => {
  const bookOf = (texts: string[]) => storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts, buildLexiconFilter(analyzeText('maniac'))) })))!;

  it('is read as the book word it misspells when there is one ("reanme" is "rename", not the "rean…" of reannotate)', () => {
    const book = bookOf(['Reannotate the genome.', 'Reannotate it again.', 'Reannotate once more.', 'Rename the table.']);
    expect(book.df(stemWord('reannotate'))).toBeGreaterThan(book.df(stemWord('rename')));
    expect(inBookWords(book, 'reanme a table').read).toEqual([{ word: 'reanme', as: 'rename', how: 'misspelt' }]);
  });

  it('is tested as written, less a plural: "poining" stems to "poin" but means pointing, not the pointer', () => {
    const book = bookOf(['Move the pointer.', 'The pointer again.', 'Pointing at a star.', 'Distributions differ.']);
    expect(stemWord('poining')).toBe('poin');
    expect(inBookWords(book, 'poining at Mars').read).toEqual([{ word: 'poining', as: 'pointing', how: 'misspelt' }]);
    expect(inBookWords(book, 'which distros').read).toEqual([{ word: 'distros', as: wordForStem(stemWord('distribution')), how: 'clipped' }]);
  });

  it('yields to a stem the whole word opens ("config" is configuration, even where "confirm" is in more chunks)', () => {
    const book = bookOf(['Confirm the dialog.', 'Confirm twice.', 'Confirm the change.', 'The configuration file.']);
    expect(inBookWords(book, 'where is the config').read).toEqual([{ word: 'config', as: wordForStem(stemWord('configuration')), how: 'clipped' }]);
  });

  it('is a clipped word only when short ("distro" is distribution, "multimeter" is not multimedia)', () => {
    const book = bookOf(['Each distribution ships its own packages.', 'Play multimedia files.']);
    expect(inBookWords(book, 'which distro').read).toEqual([{ word: 'distro', as: wordForStem(stemWord('distribution')), how: 'clipped' }]);
    expect(inBookWords(book, 'measure it with a multimeter').read).toEqual([]);
  });
});

describe('a misspelling that two slips of the fingers could make', () => {
  it('is read as the book word in most chunks ("seeed": seek, added k, or seem, added m)', () => {
    const book = storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(['Seek the track.', 'Seek back.', 'Seek forward.', 'It seemed fine.'], buildLexiconFilter(analyzeText('kitchen'))) })))!;
    expect(book.isOrdinary('seeed')).toBe(false);
    expect(inBookWords(book, 'it seeed slow').read).toEqual([{ word: 'seeed', as: 'seeked', how: 'misspelt' }]);
  });
});

describe('bookSpelling (how read_as shows the word searched)', () => {
  it('shows the stem a clipped word was searched as the way the best passage that writes it spells it', () => {
    const passages = ['Nothing about it here.', 'Pick a Distribution first.', 'A distributed system.'];
    expect(bookSpelling('distribut', passages)).toBe('distribution');
    expect(bookSpelling(wordForStem('configur'), ['Configure the node.', 'The configuration file.'])).toBe('configure');
    // A misspelling's one-edit candidate that the book does not write ("simulant", stem "simul").
    expect(bookSpelling('simulant', ['Start the simulator.', 'A simulation.'])).toBe('simulator');
  });

  it('keeps the searched word when a passage writes it as such, even after another form', () => {
    expect(bookSpelling('messages', ['One message.', 'Many messages.'])).toBe('messages');
    expect(bookSpelling('simulant', ['Nothing about it here.'])).toBe('simulant');
  });

  it('keeps the case the passage writes when asked to (the reader wrote a capital: a name)', () => {
    expect(bookSpelling('peterloo', ['What happened at Peterloo in 1819?'], true)).toBe('Peterloo');
    expect(bookSpelling('distribut', ['Pick a Distribution first.'], true)).toBe('Distribution');
    expect(bookSpelling('peterloo', ['What happened at Peterloo in 1819?'])).toBe('peterloo');
  });

  it('shows the stem with an ellipsis when no passage returned writes it, never a form of another stem', () => {
    expect(bookSpelling('distribut', ['Nothing about it here.', 'A distant district.'])).toBe('distribut…');
    expect(bookSpelling('distribut', [])).toBe('distribut…');
  });
});

describe('the misspelling budget of one query', () => {
  const [, vocabularyOf] = TINY_BOOK_VOCABULARIES[0]!;
  const book = vocabularyOf(true);

  it(`looks up only the first ${MISSPELLINGS_PER_QUERY} distinct unknown words, in the term rule and the search alike`, () => {
    const filler = Array.from({ length: MISSPELLINGS_PER_QUERY }, (_, i) => `zq${'x'.repeat(i + 3)}`).join(' ');
    const late = inBookWords(book, `${filler} replace the gakset`);
    expect(late.read).toEqual([]);
    expect(assessQueryTerms(book, `${filler} replace the gakset`).foreign).toContain('gakset');
    // A repeated word spends nothing more, and an early slip is still read.
    const early = inBookWords(book, `gakset gakset ${filler}`);
    expect(early.read).toEqual([{ word: 'gakset', as: 'gasket', how: 'misspelt' }, { word: 'gakset', as: 'gasket', how: 'misspelt' }]);
  });
});

describe('a word that splits as a prefix and a book word, but is a book word with a letter slipped', () => {
  const bookOf = (texts: string[]) => storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts, buildLexiconFilter(analyzeText('kitchen'))) })))!;
  const book = bookOf(['Pin the app to the desktop.', 'Stop the service first.', 'Stop it again.', 'Load the file.', 'Reload the page.', 'Merge the branches.']);

  it('is read as that book word when the slip keeps its opening ("destop" is desktop, not "de" + stop)', () => {
    expect(book.df(stemWord('stop'))).toBeGreaterThan(book.df(stemWord('desktop')));
    expect(inBookWords(book, 'icons on my destop').read).toEqual([{ word: 'destop', as: 'desktop', how: 'misspelt' }]);
  });

  it('stays a prefixed form when no slip makes a book word, or only one that changes its first letters', () => {
    expect(inBookWords(book, 'unmerge the branches').read).toEqual([{ word: 'unmerge', as: 'merge', how: 'prefixed' }]);
    // "reload" is "preload" less its first letter: a prefix, not a slip ("pre" + load).
    expect(inBookWords(book, 'preload the file').read).toEqual([{ word: 'preload', as: 'load', how: 'prefixed' }]);
  });
});

describe('an error in the first letter', () => {
  const book = storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(['Push the button.', 'Use the tool.', 'Use it again.', 'Use it once more.'], buildLexiconFilter(analyzeText('kitchen'))) })))!;

  it('ranks below a slip after it, whatever the chunk counts ("pused" is pushed, not used)', () => {
    expect(book.df(stemWord('use'))).toBeGreaterThan(book.df(stemWord('push')));
    expect(inBookWords(book, 'I pused the button').read).toEqual([{ word: 'pused', as: 'pushed', how: 'misspelt' }]);
  });

  it('is still read when it is the only reading ("oush": o for the p beside it)', () => {
    expect(inBookWords(book, 'oush the button').read).toEqual([{ word: 'oush', as: 'push', how: 'misspelt' }]);
  });
});

describe('a word too long to be a book word in disguise', () => {
  // A book that uses one very long word (34 letters), recorded as a Qdrant collection records it.
  const texts = ['The song supercalifragilisticexpialidocious is long.', 'The pump moves water.', 'The tank holds water.'];
  const book = storedVocabulary(JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts, buildLexiconFilter([])) })))!;

  it(`is not looked up as a misspelling past ${MAX_READ_LETTERS} letters (the search builds ~54 candidates per letter, each as long as the word)`, () => {
    // One letter dropped from the 34-letter word: a slip that a shorter word would be read through.
    expect(inBookWords(book, 'supercalifragilisticexpialidocous').read).toEqual([]);
    expect(inBookWords(book, 'the pupm').read).toEqual([{ word: 'pupm', as: 'pump', how: 'misspelt' }]);
  });
});
