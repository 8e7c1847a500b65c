import { describe, expect, it } from 'vitest';
import { highlightSection } from '../../src/client/highlight-section';

describe('highlightSection', () => {
  const chunk = ['# Storing your crops', '', 'Crops want different conditions.', '', '## Storage conditions', '', '| Crop | How long |', '| --- | --- |', '| Onions | 6–8 months |'].join('\n');

  it('names the later heading a highlight lies under, in place of the chunk\'s label', () => {
    expect(highlightSection(chunk, chunk.indexOf('| Onions'), 'Storing your crops')).toBe('Storage conditions');
  });

  it('keeps the chunk\'s label for a highlight before any later heading, and headings the chunk opens with', () => {
    expect(highlightSection(chunk, chunk.indexOf('Crops want'), 'Storing your crops')).toBe('Storing your crops');
    const opening = '# Mulching\n\n## What a mulch does\n\nA mulch keeps moisture in.';
    expect(highlightSection(opening, opening.indexOf('A mulch'), 'What a mulch does')).toBe('What a mulch does');
    expect(highlightSection(null, 0, 'Section')).toBe('Section');
    expect(highlightSection(chunk, undefined, null)).toBeNull();
  });

  it('reads a file with CRLF line ends as one with LF', () => {
    const crlf = chunk.replace(/\n/g, '\r\n');
    expect(highlightSection(crlf, crlf.indexOf('| Onions'), 'Storing your crops')).toBe('Storage conditions');
  });

  it('reads no heading in fenced code, and a heading as plain text', () => {
    const code = ['## Software versions', '', 'Check them:', '', '```bash', '# Reference environment', 'lsb_release -d', '```'].join('\n');
    expect(highlightSection(code, code.indexOf('lsb_release'), 'Software versions')).toBe('Software versions');
    const marked = '## Messages\n\nSome text.\n\n### \\[Malformed Packet\\] and **bold** ###\n\nMalformed means…';
    expect(highlightSection(marked, marked.indexOf('Malformed means'), 'Messages')).toBe('[Malformed Packet] and bold');
    // Escapes are read once (by inlinePlain): a backslash inside a code span, or an escaped one, stays.
    const escaped = '## Globs\n\nSome text.\n\n### Matching `\\*` and C:\\\\\\[x\\]\n\nA star…';
    expect(highlightSection(escaped, escaped.indexOf('A star'), 'Globs')).toBe('Matching \\* and C:\\[x]');
  });
});
