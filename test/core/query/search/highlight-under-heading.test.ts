import { describe, expect, it } from 'vitest';
import { highlightPassage } from '../../../../src/core/query/search/highlight';
import { candidateSpans } from '../../../../src/core/query/search/highlight-spans';
import { firstUnderMatchedHeading } from '../../../../src/core/query/search/highlight-under-heading';
import { questionWeights } from '../../../../src/core/query/search/question-weights';

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe('a chunk whose only match is a heading', () => {
  it("highlights the heading's first sentence, and the next when the two fit, with no terms, located in the content", () => {
    const chunk = '## Fake update warnings\n\nA pop-up on a website saying "Your phone has 3 viruses" is a scam. Real updates come\nfrom the system\'s settings.';
    const h = highlightPassage(chunk, questionWeights('how can I tell if an email is fake'))!;
    expect(h.text).toBe('A pop-up on a website saying "Your phone has 3 viruses" is a scam. Real updates come from the system\'s settings.');
    expect(collapse(chunk.slice(h.start, h.end))).toBe(h.text);
    expect(h.terms).toEqual([]);
  });

  it('reads under the later heading that matches, not from the chunk\'s start (a short section runs on)', () => {
    const chunk = [
      '# Planning a first hike',
      '',
      'Start small and go with a friend.',
      '',
      '## The ten essentials',
      '',
      'Carry these on every trip, however short:',
      '',
      '- a map and a compass',
      '- water and food',
    ].join('\n');
    // Only the second heading holds "essentials": its lead-in, with the items it introduces that fit.
    const h = highlightPassage(chunk, questionWeights('what are the essentials'))!;
    expect(h.text).toBe('Carry these on every trip, however short: a map and a compass; water and food');
    expect(h.start).toBe(chunk.indexOf('Carry'));
    expect(h.terms).toEqual([]);
  });

  it('takes the heading holding the most of the question, the first of equals', () => {
    const chunk = '## Ropes\n\nKeep them dry.\n\n## Ropes and knots\n\nTie a bowline.\n\n## Knots\n\nPractise at home.';
    expect(highlightPassage(chunk, questionWeights('ropes and knots'))!.text).toBe('Tie a bowline.');
    expect(highlightPassage(chunk, questionWeights('knots'))!.text).toBe('Tie a bowline.');
  });

  it('keeps the sentence that holds a word of the question over any heading', () => {
    const chunk = '## Fake update warnings\n\nA pop-up is a scam.\n\nA fake email asks you to click.';
    const h = highlightPassage(chunk, questionWeights('fake email'))!;
    expect(h.text).toBe('A fake email asks you to click.');
    expect(h.terms).toEqual(['fake', 'email']);
  });

  it("reads a code block's '# comment' as it reads a heading: the line under it", () => {
    const chunk = '## Setup\n\n```bash\n# install the compiler\napt-get install gcc\n```\n\nThen build.';
    expect(highlightPassage(chunk, questionWeights('compiler'))!.text).toBe('apt-get install gcc');
    expect(highlightPassage(chunk, questionWeights('setup'))!.text).toBe('apt-get install gcc');
  });

  it('is null with nothing under the matching heading, or no heading that matches', () => {
    expect(highlightPassage('Intro text.\n\n## Knots', questionWeights('knots'))).toBeNull();
    expect(highlightPassage('## Ropes\n\nKeep them dry.', questionWeights('gazebo'))).toBeNull();
  });

  it('finds the span under the heading among the highlight\'s candidates', () => {
    const content = '## Fake update warnings\n\nA pop-up saying so is a scam.';
    expect(firstUnderMatchedHeading(content, candidateSpans(content, 480), questionWeights('is this email fake'), new Map())).toBe(0);
    expect(firstUnderMatchedHeading(content, candidateSpans(content, 480), questionWeights('email'), new Map())).toBe(-1);
  });
});
