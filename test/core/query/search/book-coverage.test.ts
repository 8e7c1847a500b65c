import { describe, expect, it } from 'vitest';
import { asWritten, judgeConfidence, noMatchWarning } from '../../../../src/core/query/search/book-coverage';

const covered = { coverage: 1, unknown: [], foreign: [], covered: true };
const named = { coverage: 0.7, unknown: ['kubectl'], foreign: ['kubectl'], covered: false };
const cosines = [{ score: 0.35 }, { score: 0.3 }];

describe('judgeConfidence: one rule per embedder', () => {
  it('Cohere on Qdrant: the cosine cut decides', () => {
    const { confidence } = judgeConfidence({ results: cosines, scale: 'cosine', embedderKind: 'cohere', lowConfidenceScore: 0.4 });
    expect(confidence).toMatchObject({ rating: 'low', low_confidence: true, rated_on: 'score' });
  });

  it('local LSA embedder: a low cosine alone does not flag, the term rule does', () => {
    const kept = judgeConfidence({ results: cosines, scale: 'cosine', embedderKind: 'lsa', terms: covered, lowConfidenceScore: 0.4 });
    expect(kept.confidence).toMatchObject({ rating: 'medium', low_confidence: false });
    const high = [{ score: 0.9 }, { score: 0.8 }];
    const flagged = judgeConfidence({ results: high, scale: 'cosine', embedderKind: 'lsa', terms: named, lowConfidenceScore: 0.4 });
    expect(flagged.confidence).toMatchObject({ rating: 'low', low_confidence: true, rated_on: 'terms' });
    // What the scores alone say is kept apart, so no warning claims a low cosine.
    expect(flagged.scores).toMatchObject({ rating: 'high', low_confidence: false });
  });

  it('local LSA embedder: high only when every informative word of the question is in the book', () => {
    const high = [{ score: 0.9 }, { score: 0.8 }];
    const all = judgeConfidence({ results: high, scale: 'cosine', embedderKind: 'lsa', terms: covered, lowConfidenceScore: 0.4 });
    expect(all.confidence.rating).toBe('high');
    const oneMissing = { coverage: 0.707, unknown: ['freeze'], foreign: [], covered: true };
    const most = judgeConfidence({ results: high, scale: 'cosine', embedderKind: 'lsa', terms: oneMissing, lowConfidenceScore: 0.4 });
    expect(most.confidence).toMatchObject({ rating: 'medium', low_confidence: false });
    expect(most.scores.rating).toBe('high'); // what the cosines alone say
    // A Cohere cosine bridges a paraphrase's missing word by itself: its high stands.
    expect(judgeConfidence({ results: high, scale: 'cosine', embedderKind: 'cohere', terms: oneMissing, lowConfidenceScore: 0.4 }).confidence.rating).toBe('high');
  });

  it('keyword lists on the embedded index: a flat list is not evidence, the term rule is', () => {
    const flat = [{ score: 3 }, { score: 2.9 }, { score: 2.95 }];
    expect(judgeConfidence({ results: flat, scale: 'bm25', embedderKind: null, lowConfidenceScore: 0.4 }).confidence.low_confidence).toBe(true);
    expect(judgeConfidence({ results: flat, scale: 'bm25', embedderKind: null, terms: covered, lowConfidenceScore: 0.4 }).confidence).toMatchObject({ rating: 'medium', low_confidence: false });
  });

  it('Cohere on the embedded index: either rule flags', () => {
    expect(judgeConfidence({ results: cosines, scale: 'cosine', embedderKind: 'cohere', terms: covered, lowConfidenceScore: 0.4 }).confidence.low_confidence).toBe(true);
    expect(judgeConfidence({ results: [{ score: 0.8 }], scale: 'cosine', embedderKind: 'cohere', terms: named, lowConfidenceScore: 0.4 }).confidence.low_confidence).toBe(true);
  });

  it('no results stay rated none', () => {
    expect(judgeConfidence({ results: [], scale: 'cosine', embedderKind: 'lsa', terms: named, lowConfidenceScore: 0.4 }).confidence.rating).toBe('none');
  });
});

describe('asWritten', () => {
  it('names a word as the question writes it, whole, else as it was searched', () => {
    expect(asWritten('naples', 'best pizza recipe in Naples')).toBe('Naples');
    expect(asWritten('3200k', 'Tungsten light 3200K')).toBe('3200K');
    // Not inside a longer word, and the later whole occurrence is found.
    expect(asWritten('cake', 'Cakewalk or a CAKE?')).toBe('CAKE');
    // The question's words as the tokenizer reads them: NFKC, as every question arrives ("CO₂" is "CO2").
    expect(asWritten('co2', 'how much CO₂ does it emit')).toBe('CO2');
    expect(asWritten('naples', undefined)).toBe('naples');
    expect(asWritten('naples', 'the Naples-Rome line')).toBe('Naples');
    // A word whose lowercase is longer ("İ") names itself and leaves the others theirs: the whole
    // question fell back to the searched forms.
    expect(asWritten('naples', 'İstanbul or Naples')).toBe('Naples');
    expect(asWritten('i̇zmir', 'İzmir or Naples')).toBe('İzmir');
    // A letter the tokenizer keeps in its word (an Alphabetic mark, not \p{L}) is no boundary.
    expect(asWritten('ab', 'Abͣ ab')).toBe('ab');
  });
});

describe('noMatchWarning', () => {
  it('names what the book never mentions, or what share of the question it holds', () => {
    expect(noMatchWarning(covered)).toBeNull();
    expect(noMatchWarning(named)).toMatchObject({
      code: 'no_match',
      message: 'The book never mentions "kubectl": it probably does not cover this question.',
      details: { query_coverage: 0.7, foreign_terms: ['kubectl'] },
    });
    // The other words the book never uses are named beside the names, in the question's order (not
    // everyday speech); past five words, the names are the ones kept.
    const cake = noMatchWarning({ coverage: 0.2, unknown: ['chocolate', 'cake', 'buttercream', 'best'], foreign: ['buttercream'], covered: false })!;
    expect(cake.message).toBe('The book never mentions "chocolate", "cake", "buttercream": it probably does not cover this question.');
    expect(cake.details).toMatchObject({ unknown_terms: ['chocolate', 'cake', 'buttercream', 'best'], foreign_terms: ['buttercream'] });
    const many = noMatchWarning({ coverage: 0.1, unknown: ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'kubectl'], foreign: ['kubectl'], covered: false })!;
    expect(many.message).toBe('The book never mentions "alpha", "beta", "gamma", "delta", "kubectl": it probably does not cover this question.');
    const naples = noMatchWarning({ coverage: 0.3, unknown: ['pizza', 'naples'], foreign: ['naples'], covered: false }, 'best pizza recipe in Naples')!;
    expect(naples.message).toBe('The book never mentions "pizza", "Naples": it probably does not cover this question.');
    expect(naples.details).toMatchObject({ unknown_terms: ['pizza', 'naples'] });
    // Names early in the question are counted once: still five words named, not three.
    const early = noMatchWarning({ coverage: 0.1, unknown: ['kubectl', 'helm', 'alpha', 'beta', 'gamma', 'delta'], foreign: ['kubectl', 'helm'], covered: false })!;
    expect(early.message).toBe('The book never mentions "kubectl", "helm", "alpha", "beta", "gamma": it probably does not cover this question.');
    const mostly = noMatchWarning({ coverage: 0.214, unknown: ['hiking', 'trails'], foreign: [], covered: false })!;
    expect(mostly.message).toBe('Most of what this question asks about ("hiking", "trails") never appears in the book (21% of its informative words do): it probably does not cover this question.');
    // The second cut: several unfamiliar words, though most of the question's weight is the book's.
    const several = noMatchWarning({ coverage: 0.72, unknown: ['record', 'microphone'], foreign: [], covered: false })!;
    expect(several.message).toBe('Several words of this question ("record", "microphone") never appear in the book (72% of its informative words do): it probably does not cover this question.');
    expect(several.details).toMatchObject({ query_coverage: 0.72, unknown_terms: ['record', 'microphone'] });
    expect(noMatchWarning({ coverage: 0, unknown: [], foreign: [], covered: false })!.message).toMatch(/no informative word/);
    // Everyday speech is not what a question asks about: the message names the rest, the details keep all.
    const chatty = noMatchWarning({ coverage: 0.3, unknown: ['feel', 'pizza', 'best', 'recipe'], foreign: [], covered: false })!;
    expect(chatty.message).toBe('Most of what this question asks about ("pizza", "recipe") never appears in the book (30% of its informative words do): it probably does not cover this question.');
    expect(chatty.details).toMatchObject({ unknown_terms: ['feel', 'pizza', 'best', 'recipe'] });
    expect(noMatchWarning({ coverage: 0.4, unknown: ['feel'], foreign: [], covered: false })!.message).toMatch(/^Most of what this question asks about \("feel"\)/);
    // Every word only resembles a book word: the coverage (1) must not be quoted as if it were the book's.
    const guesses = noMatchWarning({ coverage: 1, unknown: ['xyzzy', 'plugh'], foreign: [], covered: false, onlyGuesses: true })!;
    expect(guesses.message).toBe('No word of this question is written as the book writes it ("xyzzy", "plugh" only resemble book words): it probably does not cover this question.');
  });
});
