/**
 * A page the nesting scans let through may still overflow the parser's stack (20,000 nested `*`
 * did, after ~25 s, until tangled-inline.ts caught them first). Too slow for a test, so the parser
 * is made to fail as it then does.
 */
import { describe, expect, it, vi } from 'vitest';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';

const OVERFLOWS = '*'.repeat(50);

vi.mock('../../../../src/core/build-time/ingest/parse-markdown', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/core/build-time/ingest/parse-markdown')>();
  return {
    ...original,
    parseMarkdown: (text: string, options: { mdx: boolean }) => {
      if (text === OVERFLOWS) throw new RangeError('Maximum call stack size exceeded');
      return original.parseMarkdown(text, options);
    },
  };
});

describe('chunkMarkdownFile: the parser runs out of stack', () => {
  it('skips the page with a reason instead of throwing (which ended ingest as a bug, exit 4)', async () => {
    const result = await chunkMarkdownFile({ filePath: 'emphasis.md', text: OVERFLOWS });
    expect(result).toMatchObject({ ok: false, code: 'too_deeply_nested' });
    expect(!result.ok && result.reason).toMatch(/ran out of stack/);
  });

  it('still chunks every other page', async () => {
    const result = await chunkMarkdownFile({ filePath: 'fine.md', text: '# Fine\n\nText.\n' });
    expect(result.ok).toBe(true);
  });
});
