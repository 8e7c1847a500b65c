import { describe, expect, it } from 'vitest';
import { chunkKind, listOrTableShare } from '../../../../src/core/build-time/ingest/chunk-kind';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';

// A landing page's prose around a short list: 80% prose, so only "every entry links to a chapter"
// can make it overview (clean-chunk-text.test.ts has the rule's own cases).
const before = 'Before there is any water chemistry to worry about there is furniture: a glass box, a stand strong\nenough to hold it, a filter, a heater, a light and something on the bottom. The choices you make here\nare hard to undo once the tank is full, because a full tank cannot be moved.';
const after = 'If you already own a tank, read the second chapter anyway: an undersized filter or heater is the\nmost common equipment problem in a beginner\'s set-up.';
const page = (list: string) => `# Setting up the tank\n\n${before}\n\n${list}\n\n${after}`;

describe('chunkKind: a landing page whose every list entry links to a chapter', () => {
  it('counts an unlinked item over a thematic break as an entry: only a table row over a delimiter row is a header', () => {
    const list = '- [Choosing a tank](./choosing-a-tank)\n- [Filters and heaters](./filters-and-heaters)\n- [Plants and decor](./plants-and-decor)\n- Stocking the tank, in the next part\n---';
    expect(listOrTableShare(page(list))).toMatchObject({ linkedEntries: 3, unlinkedEntries: 1 });
    expect(chunkKind('01-setting-up/index.md', page(list))).toBe('content');
  });

  it('counts an image or a link to a place on the same page as no link to another page', () => {
    const images = '- ![A tank](./img/tank.png) Choosing a tank\n- ![A filter](./img/filter.png) Filters and heaters\n- ![A plant](./img/plant.png) Plants and decor';
    expect(listOrTableShare(page(images))).toMatchObject({ linkedEntries: 0, unlinkedEntries: 3 });
    expect(chunkKind('01-setting-up/index.md', page(images))).toBe('content');
    const anchors = '- [Choosing a tank](#choosing-a-tank)\n- [Filters and heaters](#filters-and-heaters)\n- [Plants and decor](#plants-and-decor)';
    expect(chunkKind('01-setting-up/index.md', page(anchors))).toBe('content');
    // A linked image, a chapter's cover that links to it, is a link to the chapter.
    const covers = '- [![](./img/tank.png) Choosing a tank](./choosing-a-tank)\n- [![](./img/filter.png) Filters](./filters)\n- [![](./img/plant.png) Plants](./plants)';
    expect(chunkKind('01-setting-up/index.md', page(covers))).toBe('overview');
    const chapters = '- [Choosing a tank](./choosing-a-tank#size)\n- [Filters and heaters](filters.md)\n- [Plants and decor](/docs/plants)';
    expect(chunkKind('01-setting-up/index.md', page(chapters))).toBe('overview');
  });
});

describe("chunkKind: the book's home page (front matter `slug: /`)", () => {
  const parts = '| Part | What it covers |\n|---|---|\n| 1. Setting up | Tanks, filters, heaters |\n| 2. Water | The nitrogen cycle, testing |\n| 3. Fish | Stocking, feeding, disease |';

  it("reads the home page's table of parts as overview whatever the page's name, its prose as home", () => {
    expect(chunkKind('intro.md', parts)).toBe('content');
    expect(chunkKind('intro.md', parts, true)).toBe('overview');
    expect(chunkKind('intro.md', before, true)).toBe('home');
    // A part's landing page is no home page: its prose stays content.
    expect(chunkKind('01-setting-up/index.md', before)).toBe('content');
  });

  it('learns the home page from its front matter when chunking a file', async () => {
    const text = (slug: string) => `---\ntitle: Welcome\n${slug}---\n\n# Welcome\n\n${before}\n\n## The parts of this book\n\n${parts}\n`;
    const kinds = async (slug: string) => {
      const result = await chunkMarkdownFile({ filePath: 'intro.md', text: text(slug) });
      return result.ok ? result.chunks.map((c) => [c.payload.section, c.payload.kind]) : [];
    };
    expect(await kinds('slug: /\n')).toEqual([['Welcome', 'home'], ['The parts of this book', 'overview']]);
    expect(await kinds('')).toEqual([['Welcome', 'content'], ['The parts of this book', 'content']]);
  });
});

