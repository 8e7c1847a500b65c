import { describe, expect, it } from 'vitest';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';
import { costlyContainers, MAX_CLOSING_STEPS, MAX_LAZY_STEPS, MAX_NESTING_DEPTH, tooDeeplyNested } from '../../../../src/core/build-time/ingest/nesting-depth';

const repeat = (n: number, make: (i: number) => string): string => Array.from({ length: n }, (_, i) => make(i)).join('');
const nestedList = (levels: number): string => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');

describe('tooDeeplyNested', () => {
  it('counts nested blockquote markers on a line, with or without spaces between them', () => {
    expect(tooDeeplyNested(`${'> '.repeat(150)}deep`)).toEqual({ line: 1, depth: 150 });
    expect(tooDeeplyNested(`intro\n\n${'>'.repeat(101)} deep`)).toEqual({ line: 3, depth: 101 });
    expect(tooDeeplyNested(`${'> '.repeat(MAX_NESTING_DEPTH)}deep`)).toBeNull();
  });

  it('counts list items nested by indentation, and items opened on one line', () => {
    expect(tooDeeplyNested(nestedList(1500))).toEqual({ line: 101, depth: 101 });
    expect(tooDeeplyNested(nestedList(MAX_NESTING_DEPTH))).toBeNull();
    expect(tooDeeplyNested(`${'- '.repeat(120)}x`)?.depth).toBe(120);
  });

  it('closes a list level when an item stands at or left of it: long flat or restarted lists are shallow', () => {
    const flat = Array.from({ length: 500 }, (_, i) => `- item ${i}\n  - sub ${i}`).join('\n');
    expect(tooDeeplyNested(flat)).toBeNull();
    const restarted = Array.from({ length: 10 }, () => nestedList(60)).join('\n\nA paragraph.\n\n');
    expect(tooDeeplyNested(restarted)).toBeNull();
  });

  it('does not count fenced code, however deeply it indents', () => {
    const yaml = Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- key${i}:`).join('\n');
    expect(tooDeeplyNested(`# Config\n\n\`\`\`yaml\n${yaml}\n\`\`\`\n`)).toBeNull();
  });
});

describe('costlyContainers', () => {
  it('sums the line numbers of lines that end a quote or list other than by a container in its place', () => {
    // Blank line after a quote, paragraph after a list, a sibling item with a nested one still open.
    for (const make of [(i: number) => `> quote ${i}\n\n`, (i: number) => `- a${i}\n\npara ${i}\n\n`, (i: number) => `- a${i}\n  - b${i}\n`, (i: number) => `- > q${i}\n`]) {
      const found = costlyContainers(repeat(5000, make));
      expect(found).toMatchObject({ kind: 'closing' });
      expect(found!.steps).toBeGreaterThan(MAX_CLOSING_STEPS);
    }
    expect(costlyContainers('> a\n\n> b\n\npara\n', { closing: 0, lazy: Infinity })).toEqual({ line: 2, kind: 'closing', steps: 2 });
  });

  it('lets long flat, loose or quoted lists and long quotes through: a container in its place copies nothing', () => {
    for (const make of [(i: number) => `- a${i}\n`, (i: number) => `- a${i}\n\n`, (i: number) => `> - a${i}\n`, (i: number) => `> a${i}\n>\n`, (i: number) => `1. a${i}\n   more\n`]) {
      expect(costlyContainers(repeat(20000, make))).toBeNull();
    }
    expect(costlyContainers(repeat(300, (i) => `## Part ${i}\n\n> A quote.\n\n- a\n  - b\n\nText.\n\n`))).toBeNull();
  });

  it('sums the paragraph lines walked back over at each lazy continuation line', () => {
    const found = costlyContainers(`> a\n${repeat(20000, (i) => `b${i}\n`)}`);
    expect(found).toMatchObject({ kind: 'lazy' });
    expect(found!.steps).toBeGreaterThan(MAX_LAZY_STEPS);
    expect(costlyContainers(`- a\n${repeat(20000, (i) => `b${i}\n`)}`)).toMatchObject({ kind: 'lazy' });
    expect(costlyContainers(repeat(5000, (i) => `> a${i}\nb${i}\n\n`))).toMatchObject({ kind: 'closing' });
    expect(costlyContainers(repeat(1000, (i) => `> a${i}\nlazy ${i}\n\n`))).toBeNull();
  });

  it('does not read fenced code', () => {
    expect(costlyContainers(`\`\`\`\n${repeat(5000, (i) => `> q${i}\n\n`)}\`\`\`\n`)).toBeNull();
  });
});

describe('chunkMarkdownFile: pathological nesting', () => {
  it('skips 5,000 nested blockquotes with a reason instead of overflowing the stack', async () => {
    const result = await chunkMarkdownFile({ filePath: 'deep.md', text: `${'> '.repeat(5000)}deep\n` });
    expect(result).toMatchObject({ ok: false, code: 'too_deeply_nested' });
    expect(!result.ok && result.reason).toMatch(/^nested 5000 levels deep at line 1 .*at most 100/);
  });

  it('skips a list nested 1,500 levels deep (the parser took minutes and gigabytes on it)', async () => {
    const result = await chunkMarkdownFile({ filePath: 'deep.md', text: nestedList(1500) });
    expect(result).toMatchObject({ ok: false, code: 'too_deeply_nested' });
  });

  it('skips a page whose quotes or lists end thousands of times (5,000 quotes between blank lines took 3.7 s), or of thousands of lazy lines', async () => {
    const quotes = await chunkMarkdownFile({ filePath: 'quotes.md', text: `# Quotes\n\n${repeat(5000, (i) => `> quote ${i}\n\n`)}` });
    expect(quotes).toMatchObject({ ok: false, code: 'too_deeply_nested' });
    expect(!quotes.ok && quotes.reason).toMatch(/^blockquotes or lists ending thousands of times by line \d+ /);
    const lazy = await chunkMarkdownFile({ filePath: 'lazy.md', text: `> a\n${repeat(20000, (i) => `b${i}\n`)}` });
    expect(lazy).toMatchObject({ ok: false, code: 'too_deeply_nested' });
    expect(!lazy.ok && lazy.reason).toMatch(/^lazy continuation lines .* up to line \d+:/);
  });

  it('still reads a page nested as deeply as the limit allows', async () => {
    const result = await chunkMarkdownFile({ filePath: 'ok.md', text: nestedList(MAX_NESTING_DEPTH) });
    expect(result.ok).toBe(true);
  });
});
