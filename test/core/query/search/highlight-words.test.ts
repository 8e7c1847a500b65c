import { describe, expect, it } from 'vitest';
import { asksJoined, chunkWordKey, isCalloutKindWord, stemsPerSpan } from '../../../../src/core/query/search/highlight-words';
import { questionWeights } from '../../../../src/core/query/search/question-weights';

describe('stemsPerSpan', () => {
  it("finds the question's stems in each span, each once, none between spans or in a link's target", () => {
    const content = '# Topic\nRead [topics](../topic-guide.md) now. A topic, a topic is a channel.';
    const spans = [{ span: [8, 45] as [number, number] }, { span: [46, content.length] as [number, number] }];
    // The heading's "Topic" lies before the first span; the path's "topic" and "guide" are no match.
    expect(stemsPerSpan(content, spans, questionWeights('what is a guide topic'), new Map())).toEqual([['topic'], ['topic']]);
    expect(stemsPerSpan('See the guide.', [{ span: [0, 14] }], questionWeights('what is a guide topic'), new Map())).toEqual([['guid']]);
  });
});

describe('chunkWordKey and asksJoined', () => {
  it('reads no stopword of the chunk as a question word, and asks for joined stopwords only when the question has one', () => {
    const weights = questionWeights('what is an AED');
    expect(chunkWordKey('a', 'a', 'a', weights)).toBeNull();
    expect(asksJoined(weights)).toBe(false);
    expect(asksJoined(new Map([['o-o', 1]]))).toBe(true);
  });
});

describe('isCalloutKindWord', () => {
  it("is a callout's capitalised kind word before its colon, not the word in prose or inside another word", () => {
    expect(isCalloutKindWord('Tip: Turn each pot.', 0)).toBe(true);
    expect(isCalloutKindWord('> Warning: Hot glass.', 2)).toBe(true);
    expect(isCalloutKindWord('The tip: a node.', 4)).toBe(false);
    expect(isCalloutKindWord('Leaf tips turn brown.', 5)).toBe(false);
    expect(isCalloutKindWord('Tipping: over.', 0)).toBe(false);
    expect(isCalloutKindWord('ProTip: x', 3)).toBe(false);
    // Mid-line it is prose: a quoted message's "Error:" is the reader's "error" like any other word.
    expect(isCalloutKindWord('The log says Error: disk full.', 13)).toBe(false);
    expect(isCalloutKindWord('Intro.\n>> Note: Keep it dry.', 10)).toBe(true);
  });
});
