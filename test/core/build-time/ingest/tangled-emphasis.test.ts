import { describe, expect, it } from 'vitest';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';
import { MAX_EMPHASIS_STEPS, tangledEmphasis } from '../../../../src/core/build-time/ingest/tangled-emphasis';

const repeat = (n: number, make: (i: number) => string): string => Array.from({ length: n }, (_, i) => make(i)).join('');

describe('tangledEmphasis', () => {
  it('finds emphasis nested past the limit, in one run of markers or run by run', () => {
    expect(tangledEmphasis(`${'*'.repeat(20000)}x${'*'.repeat(20000)}`)).toEqual({ line: 1, depth: 101 });
    expect(tangledEmphasis(`# Title\n\nIntro.\n\n${repeat(20000, (i) => `*a${i} `)}x${'*'.repeat(20000)}`)).toEqual({ line: 5, depth: 101 });
    expect(tangledEmphasis(`${repeat(300, (i) => `_a${i} `)}x${repeat(300, (i) => `b${i}_ `)}`)).toMatchObject({ depth: 101 });
  });

  it('lets through nesting up to the limit (100 strong levels) and counts levels as the parser does', () => {
    expect(tangledEmphasis(`${'*'.repeat(200)}x${'*'.repeat(200)}`)).toBeNull();
    expect(tangledEmphasis(`${'*'.repeat(202)}x${'*'.repeat(202)}`)).toEqual({ line: 1, depth: 101 });
    expect(tangledEmphasis('***a** b*', 1)).toEqual({ line: 1, depth: 2 }); // emphasis(strong(a) b)
    expect(tangledEmphasis('***a** b*', 2)).toBeNull();
  });

  it('finds closers that pair with nothing, each walked back over the whole paragraph', () => {
    const found = tangledEmphasis(`${repeat(5000, (i) => `_a${i} `)}${repeat(5000, (i) => `b${i}* `)}`);
    expect(found).toMatchObject({ line: 1 });
    expect(found && 'steps' in found && found.steps).toBeGreaterThan(MAX_EMPHASIS_STEPS);
  });

  it('passes ordinary emphasis, however much of it: pairs, bold list items, snake_case, code, escapes', () => {
    expect(tangledEmphasis(repeat(5000, (i) => `*a${i}* **b${i}** `))).toBeNull();
    expect(tangledEmphasis(repeat(5000, (i) => `- **item ${i}**: some *text*\n`))).toBeNull();
    expect(tangledEmphasis(repeat(5000, (i) => `snake_case_${i} `))).toBeNull();
    expect(tangledEmphasis(repeat(5000, (i) => `\`*a${i}\` \\*b `))).toBeNull();
    expect(tangledEmphasis(`\`\`\`\n${'*'.repeat(500)}x${'*'.repeat(500)}\n\`\`\`\n`)).toBeNull();
  });

  it('ends a paragraph at a blank line: many short paragraphs of stray markers are cheap', () => {
    expect(tangledEmphasis(repeat(5000, (i) => `a${i}* b*\n\n`))).toBeNull();
    expect(tangledEmphasis(repeat(5000, (i) => `a${i}* b*\n`))).toMatchObject({ line: expect.any(Number) });
  });
});

describe('chunkMarkdownFile: tangled emphasis', () => {
  it('skips a page of 20,000 nested `*` with its reason, before the parser (which took ~25 s to overflow)', async () => {
    for (const text of [`${'*'.repeat(20000)}x${'*'.repeat(20000)}`, `# Deep\n\n${repeat(20000, (i) => `*a${i} `)}x${'*'.repeat(20000)}`]) {
      const result = await chunkMarkdownFile({ filePath: 'emphasis.md', text });
      expect(result).toMatchObject({ ok: false, code: 'too_deeply_nested' });
      expect(!result.ok && result.reason).toMatch(/^emphasis \(`\*`\/`_`\) nested 101 levels deep at line \d+ \(at most 100 are read\)/);
    }
  });

  it('skips a page whose closers pair with nothing, naming the paragraph', async () => {
    const text = `# Stray\n\n${repeat(5000, (i) => `_a${i} `)}${repeat(5000, (i) => `b${i}* `)}\n`;
    const result = await chunkMarkdownFile({ filePath: 'stray.md', text });
    expect(result).toMatchObject({ ok: false, code: 'too_deeply_nested' });
    expect(!result.ok && result.reason).toMatch(/pair with nothing in the paragraph at line 3/);
  });

  it('still chunks a page with ordinary emphasis', async () => {
    const result = await chunkMarkdownFile({ filePath: 'fine.md', text: '# Fine\n\nSome *emphasis*, **strong** and ***both*** text.\n' });
    expect(result.ok && result.chunks[0]!.payload.content).toBe('# Fine\n\nSome *emphasis*, **strong** and ***both*** text.');
  });
});
