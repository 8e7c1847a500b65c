import { describe, expect, it } from 'vitest';
import { analyzeText, joinedStopwords, stemWord } from '../../../../src/core/common/bm25/index';
import { inBookWords } from '../../../../src/core/query/book-terms/in-book-words';
import { assessQueryTerms } from '../../../../src/core/query/book-terms/term-evidence';
import { hyphenatedBookWord, joinedBookWords } from '../../../../src/core/query/book-terms/joined-words';
import type { BookVocabulary } from '../../../../src/core/query/ports';
import { expectLinearGrowth } from '../../../support/linear-growth';

// A civics book's chunks: it writes "shutdown" and "breakdown" as one word, and uses "set" and
// "setup" both.
const CHUNKS = [
  'When appropriations lapse, agencies close in a government shutdown.',
  'The longest shutdown lasted 35 days.',
  'A breakdown of federal revenue by source.',
  'Set the date of the election; the setup of the polling place is the county clerk’s job.',
];

function vocabulary(): BookVocabulary {
  const df = new Map<string, number>();
  for (const chunk of CHUNKS) for (const stem of new Set(analyzeText(chunk))) df.set(stem, (df.get(stem) ?? 0) + 1);
  return { n: CHUNKS.length, df: (stem) => df.get(stem) ?? 0, isOrdinary: () => true, bookStems: [...df.keys()] };
}

describe('joinedBookWords', () => {
  const v = vocabulary();

  it('reads the first of two words the book writes as one as the joined word when it never uses the first, keeping the second', () => {
    expect(joinedBookWords(v, 'why does the government shut down sometimes')).toBe('why does the government shutdown down sometimes');
    expect(joinedBookWords(v, 'Shut-down rules?')).toBe('Shutdown-down rules?');
    expect(joinedBookWords(v, 'shut down and break down')).toBe('shutdown down and breakdown down');
  });

  it('leaves a pair alone when the book uses the first word, the joined word is not the book’s, or something else lies between', () => {
    // The book writes "set" too: its parts already match ("scatter plot" was measured so, and cost MRR).
    expect(joinedBookWords(v, 'how do I set up a polling place')).toBe('how do I set up a polling place');
    expect(joinedBookWords(v, 'shut the door')).toBe('shut the door');
    expect(joinedBookWords(v, 'shut, down')).toBe('shut, down');
    expect(joinedBookWords(v, 'shut\ndown')).toBe('shut\ndown');
    expect(joinedBookWords(v, 'shut')).toBe('shut');
  });

  it('is what the query is searched as', () => {
    expect(inBookWords(v, 'why does the government shut down').text).toBe('why does the government shutdown down');
  });
});

describe('joinedBookWords, the second word missing', () => {
  // A preparedness book's chunks: it writes "heat", "wave" never, "heatwave", "heatstroke" and
  // "downstairs" as one word, and "stair" nowhere.
  const book = [
    'A power cut during a heatwave removes fans; heat rises, so stay on the lowest floor.',
    'Heatstroke is an emergency: hot skin, confusion, collapse.',
    'Sleep downstairs, where the air is cooler.',
    'Heat exhaustion causes heavy sweating.',
  ];
  const df = new Map<string, number>();
  for (const chunk of book) for (const stem of new Set(analyzeText(chunk))) df.set(stem, (df.get(stem) ?? 0) + 1);
  const v: BookVocabulary = { n: book.length, df: (stem) => df.get(stem) ?? 0, isOrdinary: () => true, bookStems: [...df.keys()] };

  it('reads the second of two words the book writes as one as the joined word when it never uses the second, keeping the first', () => {
    expect(joinedBookWords(v, 'heat exhaustion or heat stroke?')).toBe('heat exhaustion or heat heatstroke?');
    expect(joinedBookWords(v, 'staying cool in a heat wave')).toBe('staying cool in a heat heatwave');
    expect(joinedBookWords(v, 'should we sleep down stairs')).toBe('should we sleep down downstairs');
    expect(joinedBookWords(v, 'heat-stroke')).toBe('heat-heatstroke');
  });

  it('leaves a pair alone when the book uses both words, or the second is a stopword or no part of a book word', () => {
    expect(joinedBookWords(v, 'heat exhaustion')).toBe('heat exhaustion');
    expect(joinedBookWords(v, 'heat it up')).toBe('heat it up');
    expect(joinedBookWords(v, 'heat pump')).toBe('heat pump');
  });

  it('never joins an article to the word it goes with ("a void" is no "avoid")', () => {
    // A book that writes "avoid", "away" and "alive" and never "void", "way" or "live": the article
    // is no prefix the reader split off, and "a" + word is mostly another word ("atypical").
    const words = ['avoid', 'away', 'alive', 'another', 'heat'];
    const w: BookVocabulary = { ...v, df: (stem) => (words.map(stemWord).includes(stem) ? 1 : 0) };
    expect(joinedBookWords(w, 'what is a void')).toBe('what is a void');
    expect(joinedBookWords(w, 'a way to keep cool')).toBe('a way to keep cool');
    expect(joinedBookWords(w, 'is the patient A live')).toBe('is the patient A live');
    expect(joinedBookWords(w, 'an other one')).toBe('an other one');
  });

  it('is what the query is searched as', () => {
    expect(inBookWords(v, 'signs of heat stroke').text).toBe('signs of heat heatstroke');
  });
});

describe('hyphenatedBookWord', () => {
  // A phishing book's chunks: it hyphenates "pop-up" and "log-in" (runs holding a stopword, which
  // its keyword index and vocabulary keep whole, as encodeBookVocabulary counts them), and writes
  // "popcorn" solid.
  const book = [
    'A pop-up on a website saying your phone has 3 viruses is a scam.',
    'Never type your log-in details into a page a message linked to.',
    'Popcorn-time apps are not in the official store; the popcorn brand means nothing.',
    'Close the window and run a scan from the system settings.',
  ];
  const df = new Map<string, number>();
  for (const chunk of book) for (const stem of new Set([...analyzeText(chunk), ...joinedStopwords(chunk)])) df.set(stem, (df.get(stem) ?? 0) + 1);
  const v: BookVocabulary = { n: book.length, df: (stem) => df.get(stem) ?? 0, isOrdinary: () => true, bookStems: [...df.keys()] };

  it('reads a closed-up word as the run the book hyphenates', () => {
    expect(v.df('popup')).toBe(0);
    expect(hyphenatedBookWord('popup', v)).toBe('pop-up');
    expect(hyphenatedBookWord('login', v)).toBe('log-in');
  });

  it('leaves a word whose parts are no run the book writes, or that holds no stopword, or is no word', () => {
    expect(hyphenatedBookWord('setup', v)).toBeNull(); // no "set-up" in the book
    expect(hyphenatedBookWord('popcorntime', v)).toBeNull(); // "popcorn-time" holds no stopword: not kept whole
    expect(hyphenatedBookWord('pop2up', v)).toBeNull();
    expect(hyphenatedBookWord('up', v)).toBeNull();
  });

  it('splits a long word only where a part can be a stopword, so a 100,000-letter token costs no more than a short one', () => {
    // Every split point sliced and looked up both parts: 0.5 s for one such token per request.
    expectLinearGrowth((n) => {
      const [head, tail] = [`pop${'x'.repeat(n)}`, `${'x'.repeat(n)}up`];
      return () => [hyphenatedBookWord(head, v), hyphenatedBookWord(tail, v)];
    }, 12_500);
    expect(hyphenatedBookWord(`pop${'x'.repeat(100_000)}`, v)).toBeNull();
    expect(hyphenatedBookWord(`${'x'.repeat(100_000)}up`, v)).toBeNull();
    // A stopword at either end is still found: "themselves" is the longest.
    const runs = new Map([['yourselves-kit', 1], ['check-in', 1]]);
    const w: BookVocabulary = { ...v, df: (stem) => runs.get(stem) ?? 0 };
    expect(hyphenatedBookWord('yourselveskit', w)).toBe('yourselves-kit');
    expect(hyphenatedBookWord('checkin', w)).toBe('check-in');
  });

  it('is what the query is searched as, and counts as the book\'s word for the term rule', () => {
    expect(inBookWords(v, 'a website popup says my phone has 3 viruses').text).toBe('a website pop-up says my phone has 3 viruses');
    const evidence = assessQueryTerms(v, 'a website popup says my phone has 3 viruses');
    expect(evidence.unknown).not.toContain('popup');
    expect(evidence.covered).toBe(true);
  });
});
