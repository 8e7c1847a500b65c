import { describe, expect, it } from 'vitest';
import { bm25DocumentVectorFromTokens, bm25SearchVector, analyzeText, extraTokens, framePhrases, tokenId } from '../../../../src/core/common/bm25/index';
import { questionFrameWeights } from '../../../../src/core/query/search/question-frame';

/** The ids two sparse vectors share. */
function shared(a: { indices: number[] }, b: { indices: number[] }): number[] {
  return a.indices.filter((id) => b.indices.includes(id));
}

describe('framePhrases: "how long" and "how often" as one token each', () => {
  it('reads the phrase in any case, repeats kept, not a compound\u2019s first part', () => {
    expect(framePhrases('How long does it take to learn? How OFTEN should I wax? how long')).toEqual(['how long', 'how often', 'how long']);
    expect(framePhrases('how long-term care pays; how\nlong it lasts')).toEqual(['how long']);
    expect(framePhrases('a long turn, often wet; how far; somehow long')).toEqual([]);
  });

  it('lets a reader\u2019s "how long" meet a heading that asks it, while "long" alone still weighs nothing', () => {
    const question = 'how long until I can ski parallel';
    const weights = questionFrameWeights(question);
    expect(weights.get('long')).toBe(0);
    const vector = bm25SearchVector(question, weights);
    const weightOf = (token: string) => vector.values[vector.indices.indexOf(tokenId(token))];
    expect(weightOf('how long')).toBe(1);
    expect(weightOf('long')).toBe(0);

    const doc = (text: string) => bm25DocumentVectorFromTokens([...analyzeText(text), ...extraTokens(text)], 20);
    const faq = doc('## How long does it take to learn?\n\nMost adults ski parallel after two to four weeks.');
    const prose = doc('In long turns the skis stay parallel; short turns are often quicker.');
    expect(shared(vector, faq)).toContain(tokenId('how long'));
    expect(shared(vector, prose)).not.toContain(tokenId('how long'));
  });
});
