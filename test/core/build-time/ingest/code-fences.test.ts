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
});
