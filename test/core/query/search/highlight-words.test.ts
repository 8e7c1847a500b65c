import { describe, expect, it } from 'vitest';
import { asksJoined, chunkWordKey, stemsPerSpan } from '../../../../src/core/query/search/highlight-words';
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
