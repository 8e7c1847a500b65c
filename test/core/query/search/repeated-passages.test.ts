import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYLOAD_FIELDS, parsePayloadFields } from '../../../../src/core/common/config/payload-fields';
import { withoutRepeats } from '../../../../src/core/query/search/repeated-passages';

const hit = (id: number, payload: Record<string, unknown>) => ({ id, score: 1 - id / 10, payload });

describe('withoutRepeats', () => {
  it('drops a later copy of a passage, one heading level deeper, in other case and spacing', () => {
    const hits = [
      hit(1, { content: '# MD001 - Heading levels\n\nHeading levels should only increment by one.', file_path: 'md001.md' }),
      hit(2, { content: 'Another rule entirely.', file_path: 'md002.md' }),
      hit(3, { content: '## MD001 - Heading levels\n\nheading levels should  only increment\nby one.', file_path: 'Rules.md' }),
    ];
    expect(withoutRepeats(hits, DEFAULT_PAYLOAD_FIELDS, 10).map((h) => h.id)).toEqual([1, 2]);
  });

  it('keeps passages that only share words, and hits without text', () => {
    const hits = [hit(1, { content: 'Heading levels should increment by one.' }), hit(2, { content: 'Heading levels may increment by two.' }), hit(3, {}), hit(4, {})];
    expect(withoutRepeats(hits, DEFAULT_PAYLOAD_FIELDS, 10).map((h) => h.id)).toEqual([1, 2, 3, 4]);
  });

  it('tells repeats apart among the first hits it keeps only: the rest are returned as they are', () => {
    const hits = [hit(1, { content: 'Same words.' }), hit(2, { content: 'same words.' }), hit(3, { content: 'Other words.' }), hit(4, { content: 'Same words.' })];
    expect(withoutRepeats(hits, DEFAULT_PAYLOAD_FIELDS, 2).map((h) => h.id)).toEqual([1, 3, 4]);
  });

  it('reads the text through the payload field map (PAYLOAD_FIELDS)', () => {
    const hits = [hit(1, { page_content: 'Same words here.' }), hit(2, { page_content: 'same words here.' })];
    expect(withoutRepeats(hits, parsePayloadFields('content=page_content'), 10).map((h) => h.id)).toEqual([1]);
  });
});
