import { describe, expect, it } from 'vitest';
import { headingTails, sentenceParts } from '../../../../src/core/query/search/highlight-span-cuts';

const parts = (content: string): string[] => sentenceParts(content, 0, content.length).map(([s, e]) => content.slice(s, e));

describe('sentenceParts (a sentence cut at blank lines and around headings)', () => {
  it('cuts at blank lines and around a heading line, the heading a part of its own', () => {
    expect(sentenceParts('## Storage\nKeep it dry.', 0, 23)).toEqual([[0, 10], [11, 23]]);
    expect(parts('A lead-in:\n\n$$ z $$\n\n> ## Quoted\nText')).toEqual(['A lead-in:', '$$ z $$', '> ## Quoted', 'Text']);
  });

  it('leaves a sentence holding a code fence whole: a `# comment` in code is no heading', () => {
    const content = 'Run:\n```sh\n# install it\nnpm i\n```';
    expect(parts(content)).toEqual([content]);
  });
});

describe('headingTails (whether an index lies in a heading line, past its start)', () => {
  it('is true past a heading line start, quoted too, and false at its start and outside it', () => {
    const content = 'Intro. More.\n> ## Added one. How do I remove it?\nPress Remove.';
    const tail = headingTails(content);
    const at = (text: string): number => content.indexOf(text);
    expect([at('Intro'), at('More'), at('> ##'), at('How do'), at('Press')].map(tail)).toEqual([false, false, false, true, false]);
  });

  it('reads "#1" or "#tag" as no heading (no space after the marks)', () => {
    const content = '#1 rule. Keep it dry.';
    expect(headingTails(content)(content.indexOf('Keep'))).toBe(false);
  });
});
