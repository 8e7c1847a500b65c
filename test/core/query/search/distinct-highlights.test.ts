import { describe, expect, it } from 'vitest';
import { distinctHighlights } from '../../../../src/core/query/search/distinct-highlights';
import { highlightPassage, type HighlightOptions } from '../../../../src/core/query/search/highlight';
import { questionWeights } from '../../../../src/core/query/search/question-weights';

// Two neighbouring chunks of one glossary: the second opens with the sentence the first ends with
// (the chunker's sentence overlap), as both are shown for one question.
const first = [
  '**Granulation**',
  ': The speckled texture made by heavy pigment particles.',
  '',
  '**Lightfastness**',
  ': How well a pigment resists fading in light.',
].join('\n');
const second = [
  '**Lightfastness**',
  ': How well a pigment resists fading in light.',
  '',
  '**Pigment code**',
  ': The Colour Index name printed on a tube. A light-resistant pigment is rated I on the ASTM scale.',
].join('\n');

describe('distinctHighlights', () => {
  const weights = questionWeights('what does lightfastness mean, how does a pigment resist light');
  const of = (content: string, _i: number, besides?: HighlightOptions['besides']) => highlightPassage(content, weights, besides ? { besides } : {});

  it('gives a later result its best other sentence when its best one is already shown above', () => {
    // Alone, each chunk highlights the shared line.
    expect(of(first, 0)!.text).toBe(of(second, 1)!.text);
    const [a, b] = distinctHighlights([first, second], of);
    expect(a!.text).toBe('**Lightfastness**: How well a pigment resists fading in light.');
    expect(b!.text).not.toBe(a!.text);
    expect(b!.text).toContain('ASTM scale');
    // Still located in its own content.
    expect(second.slice(b!.start, b!.end)).toContain('light-resistant pigment');
  });

  it('keeps the repeat when the chunk has no other sentence holding a word of the question', () => {
    const only = '**Lightfastness**\n: How well a pigment resists fading in light.\n\n**Wash**\n: An even area of colour.';
    const [a, b] = distinctHighlights([first, only], of);
    expect(b!.text).toBe(a!.text);
  });

  it('gives a third result a sentence neither result above shows, when it has one', () => {
    // Three neighbouring chunks: the third's best line is the first's, and its next best the
    // second's; its own third line was never shown, as each later result left out only its best.
    const w = questionWeights('lichens rock');
    const by = (content: string, _i: number, besides?: HighlightOptions['besides']) => highlightPassage(content, w, besides ? { besides } : {});
    const chunks = ['Lichens grow on bare rock.', 'Lichens grow on bare rock. Mosses follow lichens on rock.', 'Mosses follow lichens on rock. Lichens grow on bare rock. Ferns follow lichens on rock.'];
    const texts = distinctHighlights(chunks, by).map((h) => h!.text);
    expect(texts).toEqual(['Lichens grow on bare rock.', 'Mosses follow lichens on rock.', 'Ferns follow lichens on rock.']);
    // With none left unshown, the best one stays.
    expect(distinctHighlights(chunks.slice(0, 2).concat('Mosses follow lichens on rock. Lichens grow on bare rock.'), by)[2]!.text).toBe('Lichens grow on bare rock.');
  });

  it('leaves a result without content or without a match as null, and different highlights as they are', () => {
    const other = 'A pigment code names the pigment in a tube.';
    const found = distinctHighlights([null, first, other], of);
    expect(found[0]).toBeNull();
    expect(found[1]!.text).toBe(of(first, 1)!.text);
    expect(found[2]!.text).toBe(of(other, 2)!.text);
  });
});

describe('highlightPassage besides', () => {
  it('picks no sentence overlapping the span it is told to leave out, and null when none is left', () => {
    const weights = questionWeights('lightfastness pigment');
    const best = highlightPassage(second, weights)!;
    const other = highlightPassage(second, weights, { besides: [{ start: best.start, end: best.end }] })!;
    expect(other.start >= best.end || other.end <= best.start).toBe(true);
    const one = 'Lightfastness is how well a pigment resists light.';
    expect(highlightPassage(one, weights, { besides: [{ start: 0, end: one.length }] })).toBeNull();
  });
});
