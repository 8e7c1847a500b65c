import { describe, expect, it } from 'vitest';
import { proseLines } from '../../../../src/core/build-time/ingest/prose-lines';

describe('proseLines (a chunk\'s prose, wrapped sentences whole)', () => {
  it('joins a line to the one above where the break falls mid-sentence', () => {
    expect(proseLines('Rock underground is called\n**magma**.')).toEqual(['Rock underground is called **magma**.']);
    expect(proseLines('The block above the Fault\nplane is the hanging wall.')).toEqual(['The block above the Fault plane is the hanging wall.']);
    // A bold term of several forms, one a line: the run stays open across the breaks.
    expect(proseLines('- **`--restore`  \n  `--no-restore`**: Control whether …')).toEqual(['- **`--restore`   `--no-restore`**: Control whether …']);
  });

  it('keeps apart a line under a unit of its own, a new item or glossary entry, and a definition list\'s term', () => {
    expect(proseLines('Note:\nA vent is an opening.')).toEqual(['Note:', 'A vent is an opening.']);
    expect(proseLines('- one item that goes\n- two')).toEqual(['- one item that goes', '- two']);
    expect(proseLines('some words, then\n**Term**: a gloss.')).toEqual(['some words, then', '**Term**: a gloss.']);
    expect(proseLines('a lead that goes on\nCaldera\n: A collapsed summit.')).toEqual(['a lead that goes on', 'Caldera', ': A collapsed summit.']);
  });

  it('leaves out code, headings, tables and JSX, and joins nothing across them', () => {
    expect(proseLines('text that goes\n```\ncode here\n```\nand more')).toEqual(['text that goes', 'and more']);
    expect(proseLines('## Head\n| a | b |\n<Tabs>\nbody')).toEqual(['body']);
  });
});
