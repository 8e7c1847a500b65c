import { describe, expect, it } from 'vitest';
import { buildLexiconFilter, lexiconHas } from '../../../../src/core/common/text/lexicon-filter';
import { assessQueryTerms, capitalisedNames, isEverydayWord, MIN_COVERAGE, MIN_COVERAGE_SEVERAL_UNKNOWN } from '../../../../src/core/query/book-terms/term-evidence';
import { TINY_BOOK_VOCABULARIES } from '../../../support/tiny-book-vocabulary';

describe('lexicon filter', () => {
  it('holds every added stem and rejects most others', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `word${i}x`);
    const filter = buildLexiconFilter(words, 0.01);
    expect(words.every((w) => lexiconHas(filter, w))).toBe(true);
    const strangers = Array.from({ length: 2000 }, (_, i) => `other${i}y`).filter((w) => lexiconHas(filter, w)).length;
    expect(strangers).toBeLessThan(60); // ~1% expected
    expect(lexiconHas(buildLexiconFilter([]), 'anything')).toBe(false);
  });
});

// The rule must give the same verdicts whichever store holds the book.
describe('isEverydayWord', () => {
  it('knows everyday speech and its inflections, not words derived from it', () => {
    for (const word of ['get', 'waited', 'wanting', 'tries', 'stopped', 'gets', 'used']) expect(isEverydayWord(word), word).toBe(true);
    for (const word of ['nightly', 'gasket', 'kubernetes', 'homely', 'the']) expect(isEverydayWord(word), word).toBe(false);
  });
});

describe.each(TINY_BOOK_VOCABULARIES)('assessQueryTerms (the term rule), vocabulary of %s', (_, vocabularyOf) => {
  const book = vocabularyOf(true);

  it('covers a question in the book, paraphrased with ordinary words or with a one-letter typo', () => {
    expect(assessQueryTerms(book, 'how do I replace the gasket?')).toMatchObject({ coverage: 1, unknown: [], covered: true });
    const paraphrase = assessQueryTerms(book, 'swap the tank lid gasket');
    expect(paraphrase).toMatchObject({ unknown: ['swap'], foreign: [], covered: true });
    expect(paraphrase.coverage).toBeGreaterThanOrEqual(MIN_COVERAGE);
    expect(paraphrase.coverage).toBeLessThan(1);
    expect(assessQueryTerms(book, 'the heatr keeps the water warm')).toMatchObject({ unknown: ['heatr', 'warm'], foreign: ['warm'] });
    expect(assessQueryTerms(book, 'the heatr and the water tank')).toMatchObject({ foreign: [], covered: true });
  });

  it('reads a clipped word ("distro" of "distribution") as a paraphrase, not a name the book lacks', () => {
    expect(assessQueryTerms(book, 'which distro manifold do I check?')).toMatchObject({ unknown: ['distro'], foreign: [], covered: true });
    // Not a clipping: too short a shared opening, or the book word is not longer.
    expect(assessQueryTerms(book, 'check the distrobox manifold')).toMatchObject({ foreign: ['distrobox'] });
  });

  it('reads a prefixed form of a book or English word ("reservice", "unseal") as a paraphrase, not a name the book lacks', () => {
    expect(assessQueryTerms(book, 'when do I reservice the pump?')).toMatchObject({ unknown: ['reservice'], foreign: [], covered: true });
    expect(assessQueryTerms(book, 'unseal the tank lid')).toMatchObject({ unknown: ['unseal'], foreign: [], covered: true });
    // A prefix alone does not make a word ordinary: the rest must be a word too.
    expect(assessQueryTerms(book, 'reconfabulate the pump')).toMatchObject({ foreign: ['reconfabulate'] });
  });

  it('reads a suffixed form of a book or English word ("gasketless", "sealable", "swappy") as a paraphrase, not a name the book lacks', () => {
    expect(assessQueryTerms(book, 'a gasketless tank lid')).toMatchObject({ unknown: ['gasketless'], foreign: [], covered: true });
    expect(assessQueryTerms(book, 'replace the sealable tank lid gasket')).toMatchObject({ unknown: ['sealable'], foreign: [], covered: true });
    expect(assessQueryTerms(book, 'a swappy pump housing')).toMatchObject({ unknown: ['swappy'], foreign: [] });
    // The rest must be a word too.
    expect(assessQueryTerms(book, 'a zorbish pump')).toMatchObject({ foreign: ['zorbish'] });
  });

  it('reads a spelled-out Greek letter as the letter the book writes ("beta2" is "β2")', () => {
    expect(assessQueryTerms(book, 'when do I check the beta2 valve?')).toMatchObject({ unknown: [], foreign: [], covered: true });
  });

  it('does not cover a question mostly about things the book never uses, weighted by IDF', () => {
    const off = assessQueryTerms(book, 'cake recipe for a holiday in the kitchen garden');
    expect(off.coverage).toBe(0);
    expect(off.covered).toBe(false);
    // One book word among many ordinary outside words: still not covered.
    const mostly = assessQueryTerms(book, 'kitchen garden flower recipe with water');
    expect(mostly.coverage).toBeGreaterThan(0);
    expect(mostly.coverage).toBeLessThan(MIN_COVERAGE);
    expect(mostly.covered).toBe(false);
  });

  it('asks more of a question with several unfamiliar words: they must hold under a quarter of its weight', () => {
    // One unfamiliar word at ~70% coverage is a paraphrase; two at the same share are another subject.
    const one = assessQueryTerms(book, 'check the gasket and the lid of the machine');
    expect(one).toMatchObject({ unknown: ['machine'], covered: true });
    const two = assessQueryTerms(book, 'swap the tank lid gasket seal');
    expect(two).toMatchObject({ unknown: ['swap', 'seal'], foreign: [] });
    expect(two.coverage).toBeGreaterThanOrEqual(MIN_COVERAGE);
    expect(two.coverage).toBeLessThan(MIN_COVERAGE_SEVERAL_UNKNOWN);
    expect(two.covered).toBe(false);
    // A misspelt book word is the book's vocabulary: it weighs what the book's word weighs.
    const typo = assessQueryTerms(book, 'swap the tank lid gaskit');
    expect(typo).toMatchObject({ unknown: ['swap', 'gaskit'], foreign: [], covered: true });
    expect(typo.coverage).toBeCloseTo(assessQueryTerms(book, 'swap the tank lid gasket').coverage, 9);
    // Two unfamiliar words among enough of the book's own are still covered.
    const diluted = assessQueryTerms(book, 'swap the seal of the tank lid gasket before the heater and the pump start');
    expect(diluted.coverage).toBeGreaterThanOrEqual(MIN_COVERAGE_SEVERAL_UNKNOWN);
    expect(diluted).toMatchObject({ unknown: ['swap', 'seal'], covered: true });
  });

  it('does not count words of everyday speech the book never uses ("get") among the several unfamiliar ones', () => {
    const everyday = assessQueryTerms(book, 'get rid of the tank lid gasket');
    expect(everyday).toMatchObject({ unknown: ['get', 'rid'], foreign: [], covered: true });
    // Inflected too: SUBTLEX ranks "wait" and "waiting" among the 500, the rule reads "waited" as them.
    expect(assessQueryTerms(book, 'rid the tank lid gasket that waited')).toMatchObject({ unknown: ['rid', 'waited'], foreign: [], covered: true });
    expect(everyday.coverage).toBeLessThan(MIN_COVERAGE_SEVERAL_UNKNOWN);
    // The same share held by two words that are not everyday speech is another subject.
    const other = assessQueryTerms(book, 'swap the tank lid gasket seal');
    expect(other.coverage).toBeCloseTo(everyday.coverage, 9);
    expect(other.covered).toBe(false);
  });

  it('does not count a superlative of a book word ("hardest" of "hard") among the several unfamiliar ones', () => {
    // Snowball leaves "-est" on: "why is it hottest in the afternoon and not at midday" was told the
    // book never mentions "hottest" and "midday" in a book that says "hot" and "noon".
    const superlative = assessQueryTerms(book, 'swap the hardest tank lid gasket');
    expect(superlative).toMatchObject({ unknown: ['swap', 'hardest'], foreign: [], covered: true });
    expect(superlative.coverage).toBeCloseTo(assessQueryTerms(book, 'swap the tank lid gasket seal').coverage, 9);
  });

  it('does not cover a question naming something that is neither a book word nor an English word', () => {
    const named = assessQueryTerms(book, 'replace the pump gasket of my Gaggia espresso machine');
    expect(named.foreign).toEqual(['gaggia', 'espresso']);
    expect(named.covered).toBe(false);
  });

  it('does not cover a question about a named place or product the book never mentions, though the name is an English word', () => {
    // "naples" is ordinary English (discounted), "water tank" is the book's: coverage alone says covered.
    const lower = assessQueryTerms(book, 'water tank in naples');
    expect(lower).toMatchObject({ unknown: ['naples'], foreign: [], covered: true });
    const named = assessQueryTerms(book, 'water tank in Naples');
    expect(named).toMatchObject({ foreign: ['naples'], covered: false });
    // A capitalised word the book uses, a sentence's first word and Title Case say nothing.
    expect(assessQueryTerms(book, 'Holiday: how do I bleed the Pump?')).toMatchObject({ foreign: [], covered: true });
    expect(assessQueryTerms(book, 'Best Water Tank In Naples')).toMatchObject({ foreign: [] });
  });

  it('reads names as capitalised words inside a sentence, not Title Case, acronyms or "I"', () => {
    expect([...capitalisedNames('Where do I buy Gaggia parts in Naples? Kitchen tips for NASA')]).toEqual(['gaggia', 'naples']);
    expect([...capitalisedNames('The Red Hat Setup Guide For Beginners')]).toEqual([]);
    expect([...capitalisedNames("snap on Canonical's store, Java-based")]).toEqual(['canonical', 'java']);
  });

  it('ignores function words the stopword list lacks ("nobody", "else", "would"): they name no subject', () => {
    // Neither in this book nor in its English lexicon: counted, they would read as names the book lacks.
    expect(assessQueryTerms(book, 'would nobody else swap the tank lid gasket?')).toMatchObject({ unknown: ['swap'], foreign: [], covered: true });
    // A word that names something still counts beside them.
    expect(assessQueryTerms(book, 'would nobody else swap the tank lid gasket in the kitchen?')).toMatchObject({ unknown: ['swap', 'kitchen'] });
  });

  it('ignores conjunctions and prepositions the stopword list lacks ("whenever", "whereas", "within")', () => {
    // "wifi drops whenever the microwave is on": the warning named "whenever" as a word the book never
    // mentions, and it lowered the question's coverage as a subject word would.
    expect(assessQueryTerms(book, 'bleed the pump housing whenever the heater is saturated')).toMatchObject({ unknown: [], coverage: 1, covered: true });
    expect(assessQueryTerms(book, 'the tank lid gasket, whereas the heater keeps the water within the tank')).toMatchObject({ unknown: [], coverage: 1 });
    expect(assessQueryTerms(book, 'however the pump starts, check the manifold upon every service')).toMatchObject({ unknown: [], coverage: 1 });
    // A subject word beside them still counts.
    expect(assessQueryTerms(book, 'bleed the pump whenever the kitchen floods')).toMatchObject({ unknown: ['kitchen', 'floods'] });
  });

  it('reads a contraction typed without its apostrophe ("doesnt", "whats") as the stopwords it joins', () => {
    // "doesn't" splits into the stopwords "doesn" and "t"; typed "doesnt" it is one token, in neither the
    // book nor its lexicon, and was weighed as a name the book lacks: the question was judged off-topic.
    expect(assessQueryTerms(book, 'why doesnt the heater warm the water?')).toMatchObject({ unknown: ['warm'], foreign: ['warm'] });
    expect(assessQueryTerms(book, 'whats the gasket, and why isnt it in the tank')).toMatchObject({ unknown: [], coverage: 1, covered: true });
    expect(assessQueryTerms(book, 'the pump dont start')).toMatchObject({ unknown: [], coverage: 1, covered: true });
    // Written with the apostrophe, the same question reads the same.
    expect(assessQueryTerms(book, "what's the gasket, and why isn't it in the tank").coverage).toBe(1);
  });

  it('reads "versus" as the comparison it asks for, not a word the book lacks', () => {
    expect(assessQueryTerms(book, 'tank lid versus gasket')).toMatchObject({ unknown: [], coverage: 1, covered: true });
  });

  it('ignores numbers and two-letter fragments; a query with no informative word is not covered', () => {
    expect(assessQueryTerms(book, 'pump 24 v')).toMatchObject({ foreign: [], covered: true });
    expect(assessQueryTerms(book, 'what is it?')).toMatchObject({ coverage: 0, covered: false });
  });

  it('counts a two-letter word written in capitals as an abbreviation, not a fragment', () => {
    // "EQ" is neither the book's word nor English: it names what the question is about.
    expect(assessQueryTerms(book, 'how do I replace the EQ of the pump?')).toMatchObject({ foreign: ['eq'], covered: false });
    expect(assessQueryTerms(book, 'how do I replace the eq of the pump?')).toMatchObject({ foreign: [], covered: true });
    // One capital letter stays a fragment.
    expect(assessQueryTerms(book, 'pump 24 V')).toMatchObject({ foreign: [], covered: true });
  });

  it('counts a longer word in capitals that the stemmer clips to two letters as an abbreviation', () => {
    // "ILS" stems to "il" and "AED" to "a", as a plural's "s" and a past tense's "ed" are read.
    expect(assessQueryTerms(book, 'how do I replace the ILS of the pump?')).toMatchObject({ foreign: ['ils'], covered: false });
    expect(assessQueryTerms(book, 'how do I replace the AED of the pump?')).toMatchObject({ foreign: ['aed'], covered: false });
    // Written in lower case it is still a fragment, and a function word stressed in capitals is none.
    expect(assessQueryTerms(book, 'how do I replace the ils of the pump?')).toMatchObject({ foreign: [], covered: true });
    expect(assessQueryTerms(book, 'how MUST I replace the gasket of the pump?')).toMatchObject({ foreign: [], covered: true });
  });

  it('keeps an everyday word, a Roman numeral and a shouted question out of the abbreviations', () => {
    // "OK" is how most write "ok"; "II" is a number, and numbers weigh nothing; a question in
    // capitals throughout says nothing by its capitals ("GO", "OK").
    expect(assessQueryTerms(book, 'is it OK to replace the gasket?')).toMatchObject({ foreign: [], covered: true });
    expect(assessQueryTerms(book, 'replace the gasket of pump II')).toMatchObject({ foreign: [], covered: true });
    expect(assessQueryTerms(book, 'GO REPLACE THE GASKET')).toMatchObject({ foreign: [], covered: true });
    // Still an abbreviation beside them.
    expect(assessQueryTerms(book, 'is it OK to replace the EQ of the pump?')).toMatchObject({ foreign: ['eq'], covered: false });
  });

  it('without a lexicon (an older index) treats every unknown word as ordinary', () => {
    const old = vocabularyOf(false);
    expect(old.isOrdinary('gaggia')).toBe(true);
    expect(assessQueryTerms(old, 'replace the pump gasket of my gaggia espresso machine')).toMatchObject({ foreign: [] });
    expect(assessQueryTerms(old, 'replace the pump gasket of my gaggia')).toMatchObject({ foreign: [], covered: true });
    // A capitalised name needs no lexicon to be recognised.
    expect(assessQueryTerms(old, 'replace the pump gasket of my Gaggia espresso machine')).toMatchObject({ foreign: ['gaggia'] });
  });
});
