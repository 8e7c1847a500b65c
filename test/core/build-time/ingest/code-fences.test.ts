import { describe, expect, it } from 'vitest';
import { fenceTracker } from '../../../../src/core/build-time/ingest/code-fences';

const track = (lines: string[], indented = false): boolean[] => lines.map(fenceTracker(indented));

describe('fenceTracker', () => {
  it('marks the opening, code and closing lines of a fence, and nothing after it', () => {
    expect(track(['# Title', '```bash', '# a comment', '```', '# Next'])).toEqual([false, true, true, true, false]);
  });

  it('closes only on a bare fence of the same character, at least as long', () => {
    const lines = ['````md', '```js', '```', '~~~~', '````', 'prose'];
    expect(track(lines)).toEqual([true, true, true, true, true, false]);
    expect(track(['~~~', '```', '~~~ not a close', '~~~', 'prose'])).toEqual([true, true, true, true, false]);
  });

  it('takes deeper indentation only when asked (lines of a list item inside a chunk)', () => {
    const lines = ['1. Run:', '', '    ```bash', '    ls', '    ```', 'done'];
    expect(track(lines)).toEqual([false, false, false, false, false, false]);
    expect(track(lines, true)).toEqual([false, false, true, true, true, false]);
  });
  it('ends an indented fence left open at a line outside its list item, as CommonMark ends the item', () => {
    // An item's text stands at most three columns left of a fence in it, so a line four or more
    // columns left of the fence is past the item, and so past its code: prose again, not code.
    const lines = ['1. Run:', '', '    ```bash', '    ls', '', 'Back to <b>prose</b>.', '```', 'code', '```'];
    expect(track(lines, true)).toEqual([false, false, true, true, true, false, true, true, true]);
    // Lines of the code no more than three columns left of its fence may still be in the item.
    expect(track(['- a', '    ```', '  x', ' y', '    ```', 'z'], true)).toEqual([false, true, true, true, true, false]);
    // A fence of three spaces or fewer is a page's own: only a closing fence ends it.
    expect(track(['   ```', 'code', '```'], true)).toEqual([true, true, true]);
  });
});
