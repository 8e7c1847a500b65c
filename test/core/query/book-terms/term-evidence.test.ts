import { describe, expect, it } from 'vitest';
import { analyzeText, bm25DocumentVector } from '../../../../src/core/common/bm25/index';
import { decodeIndex } from '../../../../src/core/query/local-index/index-format';
import { encodeIndex } from '../../../../src/core/build-time/local-index/index-encode';
import { buildLexiconFilter, lexiconHas } from '../../../../src/core/query/book-terms/lexicon-filter';
import { embedWithLsa } from '../../../../src/core/query/local-index/lsa-model';
import { assessQueryTerms, capitalisedNames, MIN_COVERAGE, MIN_COVERAGE_SEVERAL_UNKNOWN } from '../../../../src/core/query/book-terms/term-evidence';
import { indexVocabulary, storedVocabulary } from '../../../../src/core/query/book-terms/book-vocabulary';
import type { BookVocabulary } from '../../../../src/core/query/ports';
import { encodeBookVocabulary } from '../../../../src/core/build-time/book-vocabulary-encode';
import { trainLsa } from '../../../../src/core/build-time/local-index/lsa-train';

const texts = [
  'The pump moves water from the tank through the heater.',
  'Bleed the air out of the pump housing before the first start.',
  'The controller clamps the integral term while the heater is saturated.',
  'Replace the rubber gasket of the tank lid when it has gone hard.',
  'Write the date of every service in the log next to the bench.',
  'The heater keeps the water in the tank at the target temperature.',
  'Check the distribution manifold and the β2 valve once a year.',
];
// Ordinary English words that this little book does not use.
const ENGLISH = ['travel', 'versus', 'holiday', 'kitchen', 'cake', 'recipe', 'garden', 'flower', 'seal', 'swap', 'machine', 'naples', 'best', 'my', 'new'];

const lexicon = () => buildLexiconFilter(ENGLISH.flatMap((w) => analyzeText(w)));

function index(withLexicon: boolean) {
  const lsa = trainLsa(texts, { dims: 4 });
  return decodeIndex(
    encodeIndex({
      collection: 'tiny',
      embedder: { kind: 'lsa', model: 'lsa', dims: lsa.dims, model_id: lsa.modelId },
      ids: texts.map((_, i) => i + 1),
      payloads: texts.map((text) => ({ text })),
      dense: { vectors: texts.map((t) => embedWithLsa(lsa, t)) },
      sparse: { vectors: texts.map((t) => bm25DocumentVector(t, 8)) },
      bm25: { avgLen: 8 },
      lsa,
      lexicon: withLexicon ? lexicon() : null,
    }),
  );
}

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

/** The same book's vocabulary as a Qdrant collection records it (through JSON, as metadata travels). */
function recorded(withLexicon: boolean): BookVocabulary {
  const metadata = JSON.parse(JSON.stringify({ vocabulary: encodeBookVocabulary(texts, withLexicon ? lexicon() : null) }));
  return storedVocabulary(metadata)!;
}

// The rule must give the same verdicts whichever store holds the book.
describe.each([
  ['the embedded index', (withLexicon: boolean) => indexVocabulary(index(withLexicon))],
  ['a Qdrant collection\'s metadata', recorded],
])('assessQueryTerms (the term rule), vocabulary of %s', (_, vocabularyOf) => {
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
    // A misspelt book word is the book's vocabulary: it does not count as a second unfamiliar word.
    const typo = assessQueryTerms(book, 'swap the tank lid gaskit');
    expect(typo).toMatchObject({ unknown: ['swap', 'gaskit'], foreign: [] });
    expect(typo.coverage).toBeLessThan(MIN_COVERAGE_SEVERAL_UNKNOWN);
    expect(typo.covered).toBe(true);
    // Two unfamiliar words among enough of the book's own are still covered.
    const diluted = assessQueryTerms(book, 'swap the seal of the tank lid gasket before the heater and the pump start');
    expect(diluted.coverage).toBeGreaterThanOrEqual(MIN_COVERAGE_SEVERAL_UNKNOWN);
    expect(diluted).toMatchObject({ unknown: ['swap', 'seal'], covered: true });
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

  it('ignores numbers and two-letter fragments; a query with no informative word is not covered', () => {
    expect(assessQueryTerms(book, 'pump 24 v')).toMatchObject({ foreign: [], covered: true });
    expect(assessQueryTerms(book, 'what is it?')).toMatchObject({ coverage: 0, covered: false });
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
