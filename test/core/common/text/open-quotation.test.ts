import { describe, expect, it } from 'vitest';
import { quotationClosesAfter, quotationReader } from '../../../../src/core/common/text/open-quotation';

describe('quotationReader', () => {
  it('says a straight or curly quotation is open at a cut until its closing mark', () => {
    const text = 'Say "Stop. Go." now. He wrote “A. B.” too.';
    const openAt = quotationReader(text);
    expect(openAt(0, text.indexOf('Stop.') + 5)).toBe(4);
    expect(openAt(0, text.indexOf('Go."') + 4)).toBe(-1);
    const curly = text.indexOf('He');
    expect(openAt(curly, text.indexOf('A.') + 2)).toBe(text.indexOf('“'));
    expect(openAt(curly, text.indexOf('B.”') + 3)).toBe(-1);
  });

  it('reads a mark after a digit or a letter as no opening one, and starts afresh when the sentence start moves', () => {
    const text = 'A 12" board. Then "x. y" ok.';
    const openAt = quotationReader(text);
    expect(openAt(0, 12)).toBe(-1);
    expect(openAt(13, text.indexOf('x.') + 2)).toBe(text.indexOf('"x'));
  });
});

describe('quotationClosesAfter', () => {
  it('finds the closing mark of an open quotation ahead in its paragraph, the quotation 160 characters at most', () => {
    expect(quotationClosesAfter('Say "Stop. Go." now', 10, 4)).toBe(true);
    expect(quotationClosesAfter('Say “Stop. Go” now', 10, 4)).toBe(true);
    expect(quotationClosesAfter('Say "Stop. Go." now', 10, -1)).toBe(false);
    expect(quotationClosesAfter('Say "Stop.\n\nGo." now', 10, 4)).toBe(false);
    expect(quotationClosesAfter('Say "Stop. Then "go', 10, 4)).toBe(false);
    expect(quotationClosesAfter(`Say "Stop. ${'w '.repeat(70)}x."`, 10, 4)).toBe(true);
    expect(quotationClosesAfter(`Say "Stop. ${'w '.repeat(80)}x."`, 10, 4)).toBe(false);
  });
});
