/** How a line of markdown reads in a preview: the demo page, the widget and the CLI share these functions. */
import { describe, expect, it } from 'vitest';
import { inlinePlain } from '../../src/client/inline-plain';

describe('inlinePlain', () => {
  it('leaves a footnote mark out without leaving two spaces where it stood', () => {
    expect(inlinePlain('the mill [^2] was built in 1771')).toBe('the mill was built in 1771');
    expect(inlinePlain('the mill [^note-a], then')).toBe('the mill, then');
    expect(inlinePlain('witnessed the massacre.[^1] Then')).toBe('witnessed the massacre. Then');
    expect(inlinePlain("[^1]: Shelley's poem")).toBe("Shelley's poem");
  });

  it('keeps a bracket that is not a footnote, and a mark inside code, as written', () => {
    expect(inlinePlain('a mark [^0] outside code, `x [^1]` inside')).toBe('a mark outside code, x [^1] inside');
    expect(inlinePlain('see [1] and [a]')).toBe('see [1] and [a]');
  });
});
