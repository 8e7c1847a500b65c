import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../../../src/core/build-time/ingest/types';
import { chunksOf } from './chunk-test-helpers';

/** Each later heading of a chunk as `[line it points at, heading, anchor]`, so a test reads what the offset means. */
function laterOf(chunk: Chunk): [string, string, string][] | undefined {
  const { content, later_headings: later } = chunk.payload;
  return later?.map(([offset, heading, anchor]) => [content.slice(offset, content.indexOf('\n', offset)), heading, anchor]);
}

describe('later_headings', () => {
  it('stores where each heading after the chunk start lies, with its anchor, a repeat numbered as Docusaurus does', async () => {
    const text = '# PCB\n\n## Via Size\n\nVias are drilled holes.\n\n## Track Width\n\nWide tracks carry current.\n\n## Via Size\n\nAgain a via.\n';
    const [chunk, ...rest] = await chunksOf('pcb.md', text, { baseUrl: 'https://b.dev' });
    expect(rest).toEqual([]);
    expect(chunk!.payload.section_url).toBe('https://b.dev/docs/pcb#via-size');
    expect(laterOf(chunk!)).toEqual([
      ['## Track Width', 'Track Width', 'track-width'],
      ['## Via Size', 'Via Size', 'via-size-1'],
    ]);
  });

  it('keeps a {#custom-id} as the anchor, though content shows the heading without it', async () => {
    const [chunk] = await chunksOf('pcb.md', '## Via Size\n\nVias are drilled.\n\n### Track Width {#tw}\n\nWide tracks carry current.\n');
    expect(laterOf(chunk!)).toEqual([['### Track Width', 'Track Width', 'tw']]);
  });

  it('gives a later H1 no anchor: like an H1 chunk, it links to the top of the page', async () => {
    const [chunk] = await chunksOf('notes.md', 'Opening words.\n\n# Second Title\n\nMore text here.\n');
    expect(laterOf(chunk!)).toEqual([['# Second Title', 'Second Title', '']]);
  });

  it('leaves out the headings a chunk starts under, and the field when there is no later one', async () => {
    const [chunk] = await chunksOf('a.md', '# Title\n\n## Part\n\n### Step\n\nOnly text of its own.\n');
    expect(chunk!.payload.section).toBe('Step');
    expect(chunk!.payload.later_headings).toBeUndefined();
    expect(Object.keys(chunk!.payload)).not.toContain('later_headings');
  });

  it('points into the cleaned content, past MDX imports, tags and comments that cleaning removed', async () => {
    const text = "import Tabs from '@theme/Tabs';\n\n## Setup\n\n<!-- draft note -->\nInstall it first.\n\n<Tabs>\n\n## Run it\n\nThen run it.\n\n</Tabs>\n";
    const [chunk] = await chunksOf('a.mdx', text);
    expect(laterOf(chunk!)).toEqual([['## Run it', 'Run it', 'run-it']]);
  });

  it('reads a setext heading and a CRLF file alike', async () => {
    const [chunk] = await chunksOf('a.md', 'Intro\r\n=====\r\n\r\nFirst words.\r\n\r\nSecond part\r\n-----------\r\n\r\nMore words.\r\n');
    expect(laterOf(chunk!)).toEqual([['Second part', 'Second part', 'second-part']]);
  });
});
