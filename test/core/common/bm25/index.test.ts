import { describe, expect, it } from 'vitest';
import * as bm25 from '../../../../src/core/common/bm25/index';
import { reference } from './reference-fixture';

describe('bm25 public API', () => {
  it('exports the contracted functions and constants', () => {
    expect(bm25.BM25_K).toBe(1.2);
    expect(bm25.BM25_B).toBe(0.75);
    expect(bm25.BM25_DEFAULT_AVG_LEN).toBe(256);
    for (const fn of ['analyzeText', 'tokenId', 'bm25DocumentVector', 'bm25DocumentVectorFromTokens', 'bm25QueryVector'] as const) {
      expect(typeof bm25[fn]).toBe('function');
    }
  });

  it('agrees with itself: a document vector from analyzeText equals one from the text', () => {
    const c = reference.cases.find((x) => x.name === 'markdown-code');
    expect(c).toBeDefined();
    const text = c?.text ?? '';
    expect(bm25.bm25DocumentVectorFromTokens(bm25.analyzeText(text), 100)).toEqual(bm25.bm25DocumentVector(text, 100));
    expect(bm25.analyzeText(text).map(bm25.tokenId).sort((a, b) => a - b)).toEqual(
      expect.arrayContaining(bm25.bm25QueryVector(text).indices),
    );
  });
});
