import { describe, expect, it } from 'vitest';
import { analyzeText, stemWord } from '../../../../src/core/common/bm25/index';
import { clockApart, digitsGrouped, nameNumberApart, stopwordUnitApart, thousandsApart, timesApart, unitApart } from '../../../../src/core/query/book-terms/glued-units';
import { inBookWords } from '../../../../src/core/query/book-terms/in-book-words';
import { assessQueryTerms } from '../../../../src/core/query/book-terms/term-evidence';
import type { BookVocabulary } from '../../../../src/core/query/ports';

// A photography book's chunks, which set numbers and units apart as books do.
const CHUNKS = [
  'Use 1/200 s with a 200 mm lens held by hand.',
  'Tungsten bulbs are about 3200 K, midday sun 5500 K.',
  'A 50 mm prime lets in more light than a kit zoom.',
  'The histogram shows the brightness of every pixel.',
  'An ND filter cuts the light; the 4th stop is the last.',
  'Binoculars marked 10×50 magnify 10 times with 50 mm lenses; 300× is too much power.',
];

function vocabularyOf(chunks: readonly string[]): BookVocabulary {
  const df = new Map<string, number>();
  for (const chunk of chunks) for (const stem of new Set(analyzeText(chunk))) df.set(stem, (df.get(stem) ?? 0) + 1);
  return { n: chunks.length, df: (stem) => df.get(stem) ?? 0, isOrdinary: () => true, bookStems: [...df.keys()] };
}

function vocabulary(): BookVocabulary {
  const df = new Map<string, number>();
  for (const chunk of CHUNKS) for (const stem of new Set(analyzeText(chunk))) df.set(stem, (df.get(stem) ?? 0) + 1);
  return { n: CHUNKS.length, df: (stem) => df.get(stem) ?? 0, isOrdinary: () => true, bookStems: [...df.keys()] };
}

describe('unitApart', () => {
  const v = vocabulary();

  it('sets a number glued to a unit the book writes apart: "200mm", "3200k"', () => {
    expect(unitApart('200mm', v)).toEqual({ text: '200 mm', unitStem: 'mm' });
    expect(unitApart('3200k', v)).toEqual({ text: '3200 k', unitStem: 'k' });
  });

  it('leaves a unit the book never writes, a stopword unit, an ordinal, letters before digits and a bare number', () => {
    expect(unitApart('5kg', v)).toBeNull();
    expect(unitApart('250s', v)).toBeNull(); // "s" is a stopword: nothing of the book's to find
    expect(unitApart('nd8', v)).toBeNull();
    expect(unitApart('200', v)).toBeNull();
    expect(unitApart('200lenses', v)).toBeNull(); // more letters than a unit's symbol
    expect(unitApart('2nd', v)).toBeNull(); // an ordinal, though the book writes "ND"
  });

  it('takes a one-letter unit only with a number the book writes: else the letter is a variable\'s', () => {
    // A statistics or algebra book writes "p" and "k" as words (the p value, k groups): "1080p" and
    // "401k" asked of it are not its words, and were read as "1080 p", "401 k", hiding that the
    // question is off-topic. "3200k" stays the book's "3200 K" (the book writes 3200).
    const stats = { ...v, df: (stem: string) => (stem === 'p' || stem === 'k' ? 3 : v.df(stem)) };
    expect(unitApart('1080p', stats)).toBeNull();
    expect(unitApart('401k', stats)).toBeNull();
    expect(unitApart('3200k', stats)).toEqual({ text: '3200 k', unitStem: 'k' });
    expect(assessQueryTerms(stats, 'roll over my 401k').unknown).toContain('401k');
  });

  it('is searched apart, as the book writes it, with no reading reported', () => {
    const read = inBookWords(v, 'blurry at 200mm');
    expect(read.text).toBe('blurry at 200 mm');
    expect(read.read).toEqual([]);
  });

  it('counts as the book\'s word for the term rule: a question about "3200K" is covered', () => {
    const evidence = assessQueryTerms(v, 'tungsten 3200K');
    expect(evidence.unknown).toEqual([]);
    expect(evidence.covered).toBe(true);
    expect(stemWord('3200k')).toBe('3200k'); // the glued form is one token the book never uses
    expect(v.df('3200k')).toBe(0);
  });
});

describe('timesApart', () => {
  const v = vocabulary();

  it('reads numbers joined by the letter x as the times sign books print: "10x50", "300x"', () => {
    expect(timesApart('10x50')).toBe('10 × 50');
    expect(timesApart('300x')).toBe('300 ×');
    expect(timesApart('1920x1080')).toBe('1920 × 1080');
  });

  it('leaves hexadecimal, letters first, a bare number and other letters', () => {
    expect(timesApart('0x1f')).toBeNull();
    expect(timesApart('0x50')).toBeNull(); // hexadecimal, though all digits
    expect(timesApart('x50')).toBeNull();
    expect(timesApart('50')).toBeNull();
    expect(timesApart('10xl')).toBeNull();
  });

  it("is searched as the book's numbers, with no reading reported", () => {
    const read = inBookWords(v, 'what do 10x50 binoculars mean');
    expect(read.text).toBe('what do 10 × 50 binoculars mean');
    expect(read.read).toEqual([]);
  });

  it('wins over a one-letter unit "x": the search reads "300x" as the term rule does, the times sign', () => {
    // A book that writes "x" as a word (an axis, a variable) and the number 300: "300x" was searched
    // as "300 x" while the term rule weighed it as numbers, the two readings of one word disagreeing.
    const axes = { ...v, df: (stem: string) => (stem === 'x' || stem === '300' ? 2 : v.df(stem)) };
    expect(unitApart('300x', axes)).toBeNull();
    expect(inBookWords(axes, 'is 300x too much').text).toBe('is 300 × too much');
  });

  it('is no word the book never mentions: the question stays covered and names nothing', () => {
    expect(v.df(stemWord('10x50'))).toBe(0);
    const evidence = assessQueryTerms(v, 'binoculars 10x50 at 300x');
    expect(evidence.unknown).toEqual([]);
    expect(evidence.foreign).toEqual([]);
    expect(evidence.covered).toBe(true);
  });
});

describe('clockApart', () => {
  // A pet-care book's chunks, which print a time of day as "4 a.m." and "6 p.m.".
  const book = [
    'A cat that wakes you at 4 a.m. is often bored and hungry.',
    'Give the last meal at 6 p.m. or at bedtime.',
    'Play hard in the evening with a wand toy.',
  ];
  const df = new Map<string, number>();
  for (const chunk of book) for (const stem of new Set(analyzeText(chunk))) df.set(stem, (df.get(stem) ?? 0) + 1);
  const v: BookVocabulary = { n: book.length, df: (stem) => df.get(stem) ?? 0, isOrdinary: () => true, bookStems: [...df.keys()] };

  it('sets an hour or minutes glued to am or pm apart: "4am", "6pm", the "30pm" of "4:30pm"', () => {
    expect(clockApart('4am')).toBe('4 am');
    expect(clockApart('11pm')).toBe('11 pm');
    expect(clockApart('30pm')).toBe('30 pm');
  });

  it('leaves what is no time of day: a number past 59, other letters, letters first, a bare number', () => {
    expect(clockApart('75pm')).toBeNull();
    expect(clockApart('4amp')).toBeNull();
    expect(clockApart('am4')).toBeNull();
    expect(clockApart('4')).toBeNull();
    expect(clockApart('400am')).toBeNull();
  });

  it('is no word the book never mentions: "my cat wakes me up at 4am" is covered and names nothing', () => {
    expect(v.df(stemWord('4am'))).toBe(0); // the glued form is one token the book never uses
    const evidence = assessQueryTerms(v, 'my cat wakes me up at 4am');
    expect(evidence.unknown).toEqual([]);
    expect(evidence.foreign).toEqual([]);
    expect(evidence.covered).toBe(true);
  });

  it("is searched as the book's number, with no reading reported", () => {
    const read = inBookWords(v, 'cat wakes me at 4AM');
    expect(read.text).toBe('cat wakes me at 4 am');
    expect(read.read).toEqual([]);
    expect(analyzeText(read.text)).toContain('4');
  });
});

describe('stopwordUnitApart', () => {
  // A skiing book's chunks: metres and seconds set apart, and "m" and "s" are stopwords.
  const v = vocabularyOf([
    'Skis marked 11–14 m turn quickly; 18–25 m suits long turns.',
    'Hold the wall sit for 3 × 45 s, then rest.',
    'A helmet should sit level on the head.',
  ]);

  it('sets a number the book writes glued to a one-letter stopword unit apart: "14m", "45s"', () => {
    expect(stopwordUnitApart('14m', v)).toBe('14 m');
    expect(stopwordUnitApart('45s', v)).toBe('45 s');
  });

  it('leaves a number the book never writes, a unit that is no stopword or longer, letters first, a bare number', () => {
    expect(stopwordUnitApart('250s', v)).toBeNull();
    expect(stopwordUnitApart('14k', v)).toBeNull(); // "k" is no stopword: unitApart's case
    expect(stopwordUnitApart('14am', v)).toBeNull(); // two letters: clockApart's case
    expect(stopwordUnitApart('m14', v)).toBeNull();
    expect(stopwordUnitApart('14', v)).toBeNull();
  });

  it('is no word the book never mentions: "skis marked 14m" is covered and names nothing', () => {
    expect(v.df(stemWord('14m'))).toBe(0); // the glued form is one token the book never uses
    const evidence = assessQueryTerms(v, 'skis marked 14m');
    expect(evidence.unknown).toEqual([]);
    expect(evidence.covered).toBe(true);
    expect(assessQueryTerms(v, 'skis marked 250s').unknown).toContain('250s');
  });

  it("is searched as the book's number, with no reading reported", () => {
    const read = inBookWords(v, 'skis marked 14m');
    expect(read.text).toBe('skis marked 14 m');
    expect(read.read).toEqual([]);
  });
});

describe('thousandsApart', () => {
  // A home-buying book's chunks, which group thousands with a comma, as money is printed.
  const book = [
    'Most lenders lend 4 times income: if you earn £35,000 a year, about £140,000.',
    'On a £250,000 flat a 10% deposit is £25,000.',
    'Check your credit file before you apply.',
  ];
  const vocab = (chunks: string[]): BookVocabulary => {
    const df = new Map<string, number>();
    for (const chunk of chunks) for (const stem of new Set(analyzeText(chunk))) df.set(stem, (df.get(stem) ?? 0) + 1);
    return { n: chunks.length, df: (stem) => df.get(stem) ?? 0, isOrdinary: () => true, bookStems: [...df.keys()] };
  };
  const v = vocab(book);

  it('reads a count of thousands typed with k as the book prints it: "35k" is "35,000"', () => {
    expect(thousandsApart('35k', v)).toBe('35 000');
    expect(thousandsApart('250k', v)).toBe('250 000');
    expect(inBookWords(v, 'borrow on a 35k salary').text).toBe('borrow on a 35 000 salary');
  });

  it('is no word the book never mentions for the term rule', () => {
    expect(assessQueryTerms(v, 'lenders 35k income').unknown).toEqual([]);
    expect(assessQueryTerms(v, 'lenders 35k income').covered).toBe(true);
  });

  it('leaves a number the book never writes, a book that writes "k", a book without thousands, and what is no count', () => {
    expect(thousandsApart('401k', v)).toBeNull(); // no 401 in the book: another subject's word
    expect(assessQueryTerms(v, 'roll over my 401k').unknown).toContain('401k');
    expect(thousandsApart('35k', vocab([...book, 'Run a 5 K race at k = 3.']))).toBeNull(); // "k" is the book's word
    expect(thousandsApart('35k', vocab(['Earn 35 pounds a week.']))).toBeNull(); // no "000"
    expect(thousandsApart('3500k', v)).toBeNull();
    expect(thousandsApart('035k', v)).toBeNull();
    expect(thousandsApart('35kg', v)).toBeNull();
  });
});

describe('digitsGrouped', () => {
  // A book that groups thousands with a comma ("10,000 yen"), which the tokenizer reads as "10" and "000".
  const book = ['A ticket costs 10,000 yen; a flat deposit is 250,000 yen.', 'In 2024 the fare was 1080 yen.'];
  const df = new Map<string, number>();
  for (const chunk of book) for (const stem of new Set(analyzeText(chunk))) df.set(stem, (df.get(stem) ?? 0) + 1);
  const v: BookVocabulary = { n: book.length, df: (stem) => df.get(stem) ?? 0, isOrdinary: () => true, bookStems: [...df.keys()] };

  it('reads five to nine digits typed whole as the book groups them: "10000" is "10,000"', () => {
    expect(digitsGrouped('10000', v)).toBe('10 000');
    expect(digitsGrouped('250000', v)).toBe('250 000');
    expect(inBookWords(v, 'how to say 10000 yen').text).toBe('how to say 10 000 yen');
  });

  it('leaves four digits (a year), a number the book writes whole or whose lead it never writes, and a book without grouped thousands', () => {
    expect(digitsGrouped('2024', v)).toBeNull();
    expect(digitsGrouped('1080', v)).toBeNull();
    expect(digitsGrouped('30000', v)).toBeNull(); // no "30" in the book
    expect(digitsGrouped('10000', { ...v, df: (stem) => (stem === '10000' ? 1 : v.df(stem)) })).toBeNull(); // written whole
    expect(digitsGrouped('10000', { ...v, df: (stem) => (stem === '000' ? 0 : v.df(stem)) })).toBeNull(); // no "000"
    expect(digitsGrouped('01000', v)).toBeNull();
    expect(digitsGrouped('1234567890', v)).toBeNull(); // ten digits: an id, not a count
  });
});

describe('nameNumberApart', () => {
  // A workshop book's chunks, which hyphenate a product's name and number ("WD-40"), read by the
  // tokenizer as "wd" and "40".
  const book = [
    'Sprays such as WD-40 clean a chain but leave it dry within a few kilometres.',
    'Lube the chain every 40 km in the wet.',
    'A T25 key fits the rotor bolts; tighten them to 6 N·m.',
  ];
  const v = vocabularyOf(book);

  it('sets a name glued to its number apart when the book writes both: "wd40" is "WD-40"', () => {
    expect(v.df(stemWord('wd40'))).toBe(0); // the glued form is one token the book never uses
    expect(nameNumberApart('wd40', v)).toEqual({ text: 'wd 40', nameStem: 'wd' });
    expect(inBookWords(v, 'is WD40 ok for a chain').text).toBe('is wd 40 ok for a chain');
    expect(inBookWords(v, 'is WD40 ok for a chain').read).toEqual([]);
  });

  it('counts as the book\'s word for the term rule: "is WD40 ok for a chain" is covered and names nothing', () => {
    const evidence = assessQueryTerms(v, 'is WD40 ok for a chain');
    expect(evidence.unknown).toEqual([]);
    expect(evidence.foreign).toEqual([]);
    expect(evidence.covered).toBe(true);
  });

  it('leaves a spelled-out Greek letter with its number to the Greek reading: "pi0" is the book\'s "π0"', () => {
    const g = vocabularyOf(['The π0 model outputs actions.', 'Set pi to 3.14 and start at step 0.']);
    expect(nameNumberApart('pi0', g)).toEqual({ text: 'pi 0', nameStem: 'pi' }); // both parts are the book's
    expect(inBookWords(g, 'how does pi0 act').text).toBe('how does π0 act');
  });

  it('leaves a name or number the book never writes, one letter, digits first and a stopword', () => {
    expect(nameNumberApart('ps5', v)).toBeNull(); // no "PS" in the book
    expect(nameNumberApart('wd41', v)).toBeNull(); // no 41
    expect(nameNumberApart('t6', v)).toBeNull(); // one letter: a code as often as a name
    expect(nameNumberApart('40wd', v)).toBeNull();
    expect(nameNumberApart('it40', { ...v, df: (stem: string) => (stem === 'it' ? 1 : v.df(stem)) })).toBeNull();
    expect(assessQueryTerms(v, 'is a PS5 ok for a chain').unknown).toContain('ps5');
  });
});

describe('nameNumberApart on a code of digits, letters and digits', () => {
  // A grant-writing book's chunks, which punctuate the tax code's section ("501(c)(3)"), read by the
  // tokenizer as "501", "c" and "3".
  const v = vocabularyOf([
    'Most foundations give only to organizations exempt under section 501(c)(3).',
    'If you do not yet have 501(c)(3) status, a fiscal sponsor can receive grants for you.',
    'Federal money passes through a state to you; see part 3.',
  ]);

  it('sets the reader\'s "501c3" apart as the book writes it, for the search and the term rule', () => {
    expect(v.df(stemWord('501c3'))).toBe(0); // the glued form is one token the book never uses
    expect(nameNumberApart('501c3', v)).toEqual({ text: '501 c 3', nameStem: 'c' });
    expect(inBookWords(v, "we don't have our own 501c3 yet").text).toBe("we don't have our own 501 c 3 yet");
    const evidence = assessQueryTerms(v, "we don't have our own 501c3 yet");
    expect(evidence.unknown).toEqual([]);
    expect(evidence.covered).toBe(true);
  });

  it('leaves a code with a part the book never writes, a stopword letter, and a multiplication', () => {
    expect(nameNumberApart('501h', v)).toBeNull(); // letters then no digits: not this rule
    expect(nameNumberApart('501h3', v)).toBeNull(); // no "h" in the book
    expect(nameNumberApart('502c3', v)).toBeNull(); // no 502
    expect(nameNumberApart('3d6', vocabularyOf(['Roll 3 dice of 6 sides: d is the die.']))).toBeNull(); // "d" is a stopword
    expect(inBookWords(v, 'a 3x3 grid').text).toBe('a 3 × 3 grid'); // a times sign, not a code
    expect(assessQueryTerms(v, 'lobbying limits for a 501h').unknown).toContain('501h');
  });

  it('leaves a hexadecimal or binary number a name, though the book writes each part', () => {
    // A programming book that writes "x", "b", 0, 50 and 101, but never "0x50" or "0b101".
    const code = vocabularyOf(['Let x be 0 and b be 50; then 101 is printed.', 'The hexadecimal prefix is 0 followed by x.']);
    expect(nameNumberApart('0x50', code)).toBeNull();
    expect(nameNumberApart('0b101', code)).toBeNull();
    expect(inBookWords(code, 'what is 0x50').text).toBe('what is 0x50');
    expect(assessQueryTerms(code, 'what is 0x50').unknown).toContain('0x50');
    // The same code with a first digit other than 0 is still read apart.
    expect(nameNumberApart('50b101', code)).toEqual({ text: '50 b 101', nameStem: 'b' });
  });
});
