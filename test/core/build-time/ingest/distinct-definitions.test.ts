import { describe, expect, it } from 'vitest';
import { keepDistinctDefinitions, listedOnly, MAX_DEFINING_CHUNKS } from '../../../../src/core/build-time/ingest/distinct-definitions';
import { definedTerms } from '../../../../src/core/build-time/ingest/defined-terms';
import { analyzeText } from '../../../../src/core/common/bm25/index';
import { chunksOf } from './chunk-test-helpers';

describe('keepDistinctDefinitions (over a whole book)', () => {
  // A manual's option lists: every dialog page "defines" Channel; one page really defines a valve.
  const MODES = ['Multiply', 'Screen', 'Overlay', 'Dodge', 'Burn'];
  const page = (i: number) => `# Dialog ${i}\n\n- **Channel**: the channel this dialog works on.\n- **${MODES[i]}**: how it blends.\n`;
  const book = async (dialogs: number) => [
    ...(await Promise.all(Array.from({ length: dialogs }, (_, i) => chunksOf(`dialog-${i}.md`, page(i))))).flat(),
    ...(await chunksOf('valves.md', '# Valves\n\nA **valve** is a device that regulates flow.\n')),
  ];

  it(`drops a term more than ${MAX_DEFINING_CHUNKS} chunks define from all of them, and keeps the rest`, async () => {
    const chunks = await book(MAX_DEFINING_CHUNKS + 1);
    expect(chunks.filter((c) => c.payload.defines.includes('channel'))).toHaveLength(MAX_DEFINING_CHUNKS + 1);
    const kept = keepDistinctDefinitions(chunks);
    expect(kept.filter((c) => c.payload.defines.includes('channel'))).toHaveLength(0);
    // Each dialog's own mode, and the valve, are still defined where they are.
    expect(kept.map((c) => c.payload.defines)).toEqual([...MODES.slice(0, MAX_DEFINING_CHUNKS + 1).map((mode) => analyzeText(mode)), ['valv']]);
    // The input is left as it was.
    expect(chunks[0]!.payload.defines).toContain('channel');
  });

  it('drops an abbreviation that more chunks spell out than define it: a manual expands it on every page', async () => {
    const pages = (count: number) => Promise.all(Array.from({ length: count }, (_, i) => chunksOf(`page-${i}.md`, `# Exporting ${i}\n\nChart ${i} saves to Portable Document Format (PDF) files.\n`)));
    const few = (await pages(MAX_DEFINING_CHUNKS)).flat();
    expect(keepDistinctDefinitions(few).map((c) => c.payload.defines)).toEqual(few.map(() => ['pdf']));
    const many = (await pages(MAX_DEFINING_CHUNKS + 1)).flat();
    expect(keepDistinctDefinitions(many).map((c) => c.payload.defines)).toEqual(many.map(() => []));
  });

  it('keeps a term that sentences define, however many chunks do, and in a chunk that also lists it', async () => {
    // A textbook defines its central terms in several chapters; each sentence is a definition.
    const chapters = await Promise.all(
      Array.from({ length: MAX_DEFINING_CHUNKS + 2 }, (_, i) => chunksOf(`ch-${i}.md`, `# Chapter ${i}\n\nAn **action** is a goal the robot pursues in chapter ${i}.\n`)),
    );
    const listedToo = await chunksOf('both.md', '# Both\n\n- **Channel**: one colour of the image.\n\nA **channel** is one colour component.\n');
    const chunks = [...chapters.flat(), ...listedToo, ...(await book(MAX_DEFINING_CHUNKS + 1))];
    const kept = keepDistinctDefinitions(chunks);
    expect(kept.filter((c) => c.payload.defines.includes('action'))).toHaveLength(MAX_DEFINING_CHUNKS + 2);
    // "channel" is only listed in the dialog pages (dropped there) but said in a sentence in both.md.
    expect(kept.filter((c) => c.payload.defines.includes('channel')).map((c) => c.payload.file_path)).toEqual(['both.md']);
  });

  it('listedOnly: the terms a chunk defines only as list items, never in a sentence', () => {
    const content = ['- **Channel**: the colour component.', '- **Mask**: a grey image.', 'A **mask** is what hides part of a layer.', 'Layers are the sheets of an image.'].join('\n');
    expect(definedTerms(content).sort()).toEqual(['channel', 'layer', 'mask']);
    expect(listedOnly(content, definedTerms(content))).toEqual(['channel']);
  });

  it(`keeps a term ${MAX_DEFINING_CHUNKS} chunks define, and returns chunks without a dropped term as they are`, async () => {
    const chunks = await book(MAX_DEFINING_CHUNKS);
    const kept = keepDistinctDefinitions(chunks);
    expect(kept.filter((c) => c.payload.defines.includes('channel'))).toHaveLength(MAX_DEFINING_CHUNKS);
    kept.forEach((chunk, i) => expect(chunk).toBe(chunks[i]));
    expect(keepDistinctDefinitions(chunks, 2).filter((c) => c.payload.defines.includes('channel'))).toHaveLength(0);
  });
});
