import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../../src/core/build-time/ingest/estimate-tokens';
import { chunksOf, expectLineRangesMatch, paragraphs, sentences } from './chunk-test-helpers';

const SMALL = { targetTokens: 120, maxTokens: 150, minTokens: 20, overlapTokens: 20 };

describe('chunking follows the heading structure', () => {
  const text = [
    '# Guide',
    paragraphs(1, 6, 'Intro'),
    '## Install',
    paragraphs(1, 6, 'Install'),
    '### Linux',
    paragraphs(1, 6, 'Linux'),
    '## Usage',
    paragraphs(1, 6, 'Usage'),
  ].join('\n\n');

  it('gives each section its own chunk with an H1 > H2 > H3 breadcrumb', async () => {
    const chunks = await chunksOf('guide.md', text);
    expect(chunks.map((c) => c.payload.headings)).toEqual([
      ['Guide'],
      ['Guide', 'Install'],
      ['Guide', 'Install', 'Linux'],
      ['Guide', 'Usage'],
    ]);
    expect(chunks.map((c) => c.payload.section)).toEqual(['Guide', 'Install', 'Linux', 'Usage']);
    expect(chunks[2]!.payload.content.startsWith('### Linux')).toBe(true);
    expect(chunks[2]!.payload.content).not.toContain('## Usage');
    expectLineRangesMatch(text, chunks);
  });

  it('handles a file without any heading', async () => {
    const plain = paragraphs(10, 5, 'Plain');
    const chunks = await chunksOf('notes/plain.md', plain);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.payload.headings).toEqual([]);
      expect(c.payload.section).toBeNull();
    }
    expectLineRangesMatch(plain, chunks);
  });

  it('starts a new chunk at a heading whose section has a sentence or two of its own (a definition is not glued to the next section)', async () => {
    const definition = 'A topic is a named channel carrying messages of a single type. Publishers do not know who is listening, and subscribers do not know who publishes.';
    const doc = ['# Guide', paragraphs(1, 6, 'Intro'), '## Topics', definition, '### A publisher', paragraphs(1, 6, 'Pub')].join('\n\n');
    const chunks = await chunksOf('g.md', doc);
    expect(chunks).toHaveLength(3);
    expect(chunks[1]!.payload.content).toBe(`## Topics\n\n${definition}`);
    expect(chunks[1]!.payload.headings).toEqual(['Guide', 'Topics']);
    expect(chunks[2]!.payload.content.startsWith('### A publisher\n\n')).toBe(true);
    expectLineRangesMatch(doc, chunks);
  });

  it('joins a section of a mere line to what follows, labelled where it starts', async () => {
    const doc = ['# Guide', paragraphs(1, 6, 'Intro'), '## Prerequisites', 'A recent Ubuntu.', '## Install', paragraphs(1, 6, 'Inst')].join('\n\n');
    const chunks = await chunksOf('g.md', doc);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]!.payload.content).toMatch(/^## Prerequisites\n\nA recent Ubuntu\.\n\n## Install\n/);
    expect(chunks[1]!.payload.section).toBe('Prerequisites');
    expect(chunks[1]!.payload.heading_trail).toEqual(['Guide', 'Prerequisites', 'Install']);
  });

  it('merges a heading-only section with its first sub-section, labelled where its text starts, the spanned headings in the trail', async () => {
    const doc = ['# Guide', paragraphs(1, 6, 'Intro'), '## Setup', '### Step 1', paragraphs(1, 6, 'Step')].join('\n\n');
    const chunks = await chunksOf('g.md', doc);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]!.payload.content.startsWith('## Setup\n\n### Step 1\n\n')).toBe(true);
    // "## Setup" has no text of its own: the chunk's text is Step 1's, and so are its label and link.
    expect(chunks[1]!.payload.headings).toEqual(['Guide', 'Setup', 'Step 1']);
    expect(chunks[1]!.payload.section).toBe('Step 1');
    expect(chunks[1]!.payload.section_url).toMatch(/#step-1$/);
    expect(chunks[1]!.payload.heading_trail).toEqual(['Guide', 'Setup', 'Step 1']);
  });

  it('a tiny section whose next section has another parent ends the section before it instead of standing alone', async () => {
    const doc = [
      '# Guide', paragraphs(1, 6, 'Intro'),
      '## Part A', paragraphs(1, 6, 'A'),
      '### See also', 'Short sentence about A.',
      '## Part B', paragraphs(1, 6, 'B'),
    ].join('\n\n');
    const chunks = await chunksOf('g.md', doc);
    expect(chunks.find((c) => c.payload.section === 'See also')).toBeUndefined();
    const partA = chunks.find((c) => c.payload.section === 'Part A');
    expect(partA?.payload.content.endsWith('### See also\n\nShort sentence about A.')).toBe(true);
    expect(partA?.payload.heading_trail).toContain('See also');
    expect(chunks.find((c) => c.payload.section === 'Part B')?.payload.content.startsWith('## Part B')).toBe(true);
  });

  it('a tiny first section with nothing before it still stands alone', async () => {
    const doc = ['# Guide', '## Part A', 'Short sentence about A.', '# Other', paragraphs(1, 6, 'B')].join('\n\n');
    const chunks = await chunksOf('h.md', doc);
    expect(chunks[0]?.payload.content).toContain('Short sentence about A.');
    expect(chunks[0]?.payload.content).not.toContain('B1');
  });
});

describe('sizes and overlap', () => {
  const long = `## Long section\n\n${paragraphs(12, 5, 'Ov')}`;

  it('splits a long section into ≤ maxTokens chunks that overlap by whole sentences', async () => {
    const chunks = await chunksOf('l.md', long);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i + 1 < chunks.length; i++) {
      const prev = chunks[i]!.payload;
      const next = chunks[i + 1]!.payload;
      let k = next.content.length;
      while (k > 0 && !prev.content.endsWith(next.content.slice(0, k))) k--;
      const shared = next.content.slice(0, k);
      expect(shared).toMatch(/^Ov fact \d+ .*\.$/s); // starts and ends on a sentence boundary
      expect(estimateTokens(shared)).toBeLessThanOrEqual(75); // 1.5 × overlapTokens at most
      expect(next.start_line).toBeLessThanOrEqual(prev.end_line);
      expect(next.headings).toEqual(['Long section']);
    }
    for (const c of chunks) expect(c.payload.chunk_token_count).toBeLessThanOrEqual(500);
    expectLineRangesMatch(long, chunks);
  });

  it('splits one long paragraph right under its heading by sentence, wrapped or on one line', async () => {
    for (const join of [' ', '\n']) {
      const text = `# T\n\n## One paragraph\n\n${sentences(80, 'Para').join(join)}\n`;
      const chunks = await chunksOf('p.md', text);
      expect(chunks.length, JSON.stringify(join)).toBeGreaterThanOrEqual(3);
      for (const c of chunks) expect(c.payload.chunk_token_count).toBeLessThanOrEqual(500);
      expect(chunks[1]!.payload.headings).toEqual(['T', 'One paragraph']);
      expectLineRangesMatch(text, chunks);
    }
  });

  it('has no overlap with overlapTokens: 0, and respects smaller sizes', async () => {
    const chunks = await chunksOf('l.md', long, { ...SMALL, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    const ids = chunks.map((c) => c.payload.content.match(/Ov fact (\d+) /g) ?? []);
    expect(ids.flat()).toEqual(sentences(60, 'Ov').map((_, i) => `Ov fact ${i} `)); // each sentence exactly once, in order
    for (const c of chunks) expect(c.payload.chunk_token_count).toBeLessThanOrEqual(SMALL.maxTokens);
  });

  it('counts list markers between pieces toward maxTokens', async () => {
    // A list whose item texts alone fit in 500 tokens but whose markers push it over.
    const items = sentences(60, 'Item');
    let n = 1;
    while (estimateTokens(['## List', ...items.slice(0, n + 1).map((t, i) => `${i + 1}. ${t}`)].join('\n')) <= 500) n++;
    const text = ['## List', ...items.slice(0, n + 1).map((t, i) => `${i + 1}. ${t}`)].join('\n');
    expect(estimateTokens(['## List', ...items.slice(0, n + 1)].join('\n'))).toBeLessThanOrEqual(500);
    const chunks = await chunksOf('list.md', text);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.payload.chunk_token_count).toBeLessThanOrEqual(500);
    expectLineRangesMatch(text, chunks);
  });

  it('never carries overlap into the next section', async () => {
    const doc = `${long}\n\n## Second\n\n${paragraphs(12, 5, 'Two')}`;
    const chunks = await chunksOf('l.md', doc);
    const first = chunks.find((c) => c.payload.section === 'Second')!;
    expect(first.payload.content.startsWith('## Second')).toBe(true);
  });
});

describe('code blocks and tables are never split', () => {
  const code = Array.from({ length: 150 }, (_, i) => `value_${i} = compute(${i}) + offset  # step ${i}`);
  const doc = [
    '## Build',
    paragraphs(3, 4, 'Before'),
    '```python',
    ...code,
    '```',
    paragraphs(3, 4, 'After'),
    '~~~markdown',
    'Fenced with tildes:',
    '```js',
    'console.log("inner");',
    '```',
    '~~~',
  ].join('\n');

  it('keeps an oversized ``` block whole in a chunk of its own, even above maxTokens', async () => {
    const chunks = await chunksOf('b.md', doc);
    const holders = chunks.filter((c) => code.some((line) => c.payload.content.includes(line)));
    expect(holders).toHaveLength(1);
    const block = holders[0]!.payload;
    expect(block.content).toBe(['```python', ...code, '```'].join('\n'));
    expect(block.chunk_token_count).toBeGreaterThan(500);
    expectLineRangesMatch(doc, chunks);
  });

  it('keeps a ~~~ block (with ``` inside) intact', async () => {
    const chunks = await chunksOf('b.md', doc, SMALL);
    const tilde = chunks.filter((c) => c.payload.content.includes('console.log("inner");'));
    expect(tilde).toHaveLength(1);
    expect(tilde[0]!.payload.content).toContain('~~~markdown\nFenced with tildes:\n```js\nconsole.log("inner");\n```\n~~~');
  });

  it('keeps a table whole, with small and default sizes', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => `| joint_${i} | ${i * 5} | revolute |`);
    const table = ['| Joint | Limit | Type |', '|---|---|---|', ...rows].join('\n');
    const text = `## Joints\n\n${paragraphs(2, 4, 'T')}\n\n${table}\n\n${paragraphs(2, 4, 'U')}`;
    for (const options of [undefined, SMALL]) {
      const chunks = await chunksOf('t.md', text, options);
      const holders = chunks.filter((c) => rows.some((r) => c.payload.content.includes(r)));
      expect(holders).toHaveLength(1);
      expect(holders[0]!.payload.content).toContain(table);
      expectLineRangesMatch(text, chunks);
    }
  });

  it('keeps a short lead-in sentence with the code block it introduces', async () => {
    const mid = Array.from({ length: 25 }, (_, i) => `x${i} = ${i}`).join('\n');
    const text = `## Demo\n\nRun this:\n\n\`\`\`python\n${mid}\n\`\`\`\n\n${paragraphs(6, 5, 'Later')}`;
    const chunks = await chunksOf('d.md', text);
    expect(chunks[0]!.payload.content.startsWith(`## Demo\n\nRun this:\n\n\`\`\`python\n${mid}\n\`\`\``)).toBe(true);
  });
});
