import { describe, expect, it } from 'vitest';
import { likelyPage, unmatchedFileLabels, unmatchedLabelsWarning } from '../../../../src/core/build-time/eval/label-check';

const item = (id: string, file_paths: string[]) => ({ id, expected: { file_paths } });

describe('unmatchedFileLabels', () => {
  it('names the file labels that match no page, compared as the judge compares (extension, ./ and backslashes aside)', () => {
    const book = ['01-ros2/02-topics.md', 'intro.mdx'];
    const items = [item('ok', ['./01-ros2\\02-topics.mdx', 'intro']), item('typo', ['docs/01-ros2/02-topics.md', 'intro.md']), { id: 'off' }];
    expect(unmatchedFileLabels(items, book)).toEqual([{ id: 'typo', label: 'docs/01-ros2/02-topics.md', likely: '01-ros2/02-topics.md' }]);
    // `retrieve --validate` passes each chunk's file: a page of several chunks is still one page.
    expect(unmatchedFileLabels(items, [...book, ...book])).toEqual([{ id: 'typo', label: 'docs/01-ros2/02-topics.md', likely: '01-ros2/02-topics.md' }]);
  });
});

describe('likelyPage', () => {
  const book = ['03-emergencies/01-choking.md', '03-emergencies/02-bleeding.md', '04-injuries/01-burns.md', 'a/intro.md', 'b/intro.md'];

  it('finds a page renumbered since the label was written, one written from the repository root, and the only page of that name', () => {
    expect(likelyPage('03-emergencies/02-choking.md', book)).toBe('03-emergencies/01-choking.md');
    expect(likelyPage('02-emergencies/2_choking', book)).toBe('03-emergencies/01-choking.md');
    expect(likelyPage('docs/04-injuries/01-burns.md', book)).toBe('04-injuries/01-burns.md');
    expect(likelyPage('05-first-aid/burns.mdx', book)).toBe('04-injuries/01-burns.md');
  });

  it('guesses nothing when no page fits or several do', () => {
    expect(likelyPage('03-emergencies/05-poisoning.md', book)).toBeNull();
    expect(likelyPage('c/intro.md', book)).toBeNull();
  });
});

describe('unmatchedLabelsWarning', () => {
  it('is null when every label names a page, one line naming the first five otherwise', () => {
    expect(unmatchedLabelsWarning([])).toBeNull();
    const many = Array.from({ length: 7 }, (_, i) => ({ id: `q${i}`, label: `x${i}.md` }));
    expect(unmatchedLabelsWarning(many)).toBe('warning: 7 page labels name no page of the book (q0: x0.md, q1: x1.md, q2: x2.md, q3: x3.md, q4: x4.md, and 2 more); those questions can only fail');
  });

  it('ends with the pages the labels most likely mean', () => {
    const unmatched = [{ id: 'a14', label: '03-emergencies/02-choking.md', likely: '03-emergencies/01-choking.md' }, { id: 'a15', label: 'x.md' }];
    expect(unmatchedLabelsWarning(unmatched)).toBe('warning: 2 page labels name no page of the book (a14: 03-emergencies/02-choking.md, a15: x.md); those questions can only fail. Did you mean 03-emergencies/01-choking.md for a14?');
  });
});
