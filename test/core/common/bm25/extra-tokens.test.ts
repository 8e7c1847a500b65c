import { describe, expect, it } from 'vitest';
import { analyzeText, bm25QueryVector, bm25SearchVector, extraTokens, tokenId } from '../../../../src/core/common/bm25/index';

describe('extraTokens: the tokens the keyword search adds beside Qdrant\u2019s analysis', () => {
  it('reads each kind: capitals, hyphen runs, folded acronyms, modals used as nouns, apostrophe words', () => {
    expect(extraTokens("Use WHERE; castle O-O; tax under PAYE; she left no will; the on'yomi.")).toEqual(['where', 'o-o', 'acronym:paye', 'will', 'onyomi']);
    expect(extraTokens('you will find it where the file is')).toEqual([]);
  });

  it('is what the search vector adds to the analyzer\u2019s stems, and only that', () => {
    const question = 'is PAYE due under WHERE, O-O, or a will';
    const ids = (stems: string[]) => [...new Set(stems.map(tokenId))].sort((a, b) => a - b);
    expect(bm25SearchVector(question).indices).toEqual(ids([...analyzeText(question), ...extraTokens(question)]));
    expect(bm25SearchVector(question).indices.length).toBeGreaterThan(bm25QueryVector(question).indices.length);
  });
});
