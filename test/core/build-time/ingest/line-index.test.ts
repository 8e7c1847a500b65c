import { describe, expect, it } from 'vitest';
import { createLineIndex, mapLines } from '../../../../src/core/build-time/ingest/line-index';

describe('createLineIndex', () => {
  it('counts \\r\\n, \\r and \\n each as one line ending', () => {
    const idx = createLineIndex('a\r\nbc\rd\ne');
    expect(idx.lineCount).toBe(4);
    expect(idx.lineOf(3)).toBe(2);
    expect(idx.lineStart(3)).toBe(6);
    expect(idx.lineEnd(2)).toBe(5);
  });
});

describe('mapLines', () => {
  it('rewrites each line in order and keeps every line ending as written', () => {
    const seen: string[] = [];
    const out = mapLines('one\r\ntwo\rthree\n\nfour', (line) => {
      seen.push(line);
      return line.toUpperCase();
    });
    expect(out).toBe('ONE\r\nTWO\rTHREE\n\nFOUR');
    expect(seen).toEqual(['one', 'two', 'three', '', 'four']);
  });

  it('calls once for a text without line endings, and once more after a trailing one', () => {
    expect(mapLines('x', () => 'y')).toBe('y');
    const calls: string[] = [];
    mapLines('x\n', (line) => (calls.push(line), line));
    expect(calls).toEqual(['x', '']);
  });
});
