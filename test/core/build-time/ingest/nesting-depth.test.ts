import { describe, expect, it } from 'vitest';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';
import { MAX_NESTING_DEPTH, tooDeeplyNested } from '../../../../src/core/build-time/ingest/nesting-depth';

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

  it('still reads a page nested as deeply as the limit allows', async () => {
    const result = await chunkMarkdownFile({ filePath: 'ok.md', text: nestedList(MAX_NESTING_DEPTH) });
    expect(result.ok).toBe(true);
  });
});
