import { describe, expect, it } from 'vitest';
import { unmatchedFileLabels, unmatchedLabelsWarning } from '../../../../src/core/build-time/eval/label-check';

const item = (id: string, file_paths: string[]) => ({ id, expected: { file_paths } });

describe('unmatchedFileLabels', () => {
  it('names the file labels that match no page, compared as the judge compares (extension, ./ and backslashes aside)', () => {
    const book = ['01-ros2/02-topics.md', 'intro.mdx'];
    const items = [item('ok', ['./01-ros2\\02-topics.mdx', 'intro']), item('typo', ['docs/01-ros2/02-topics.md', 'intro.md']), { id: 'off' }];
    expect(unmatchedFileLabels(items, book)).toEqual([{ id: 'typo', label: 'docs/01-ros2/02-topics.md' }]);
  });
});

describe('unmatchedLabelsWarning', () => {
  it('is null when every label names a page, one line naming the first five otherwise', () => {
    expect(unmatchedLabelsWarning([])).toBeNull();
    const many = Array.from({ length: 7 }, (_, i) => ({ id: `q${i}`, label: `x${i}.md` }));
    expect(unmatchedLabelsWarning(many)).toBe('warning: 7 page labels name no page of the book (q0: x0.md, q1: x1.md, q2: x2.md, q3: x3.md, q4: x4.md, and 2 more); those questions can only fail');
  });
});
