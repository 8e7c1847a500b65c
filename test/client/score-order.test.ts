import { describe, expect, it } from 'vitest';
import { placedAfterNewPage } from '../../src/client/score-order';

describe('placedAfterNewPage', () => {
  it('is a result that scores above the one ranked just before it', () => {
    expect(placedAfterNewPage({ score: 0.97 }, 0.95)).toBe(true);
    expect(placedAfterNewPage({ score: 0.95 }, 0.95)).toBe(false); // a tie is score order
    expect(placedAfterNewPage({ score: 0.9 }, 0.95)).toBe(false);
    expect(placedAfterNewPage({ score: 0.97 }, undefined)).toBe(false); // the first result
  });

  it('never under MMR, which orders by its own score', () => {
    expect(placedAfterNewPage({ score: 0.97, mmr: { score: 0.4 } }, 0.95)).toBe(false);
  });
});
