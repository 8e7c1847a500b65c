import { describe, expect, it } from 'vitest';
import { highlightHeading } from '../../../../src/core/query/search/highlight-heading';

describe('highlightHeading', () => {
  const payload = { later_headings: [[32, 'Track Width', 'track-width'], [80, 'Second Title', '']] };

  it('names and links the last later heading at or before the highlight', () => {
    expect(highlightHeading(payload, 48, 'https://b.dev/pcb')).toEqual({ section: 'Track Width', section_url: 'https://b.dev/pcb#track-width' });
    expect(highlightHeading(payload, 32, 'https://b.dev/pcb')?.section).toBe('Track Width');
    // A later H1 (no anchor) links to the page itself.
    expect(highlightHeading(payload, 90, 'https://b.dev/pcb')).toEqual({ section: 'Second Title', section_url: 'https://b.dev/pcb' });
    expect(highlightHeading(payload, 90, null)).toEqual({ section: 'Second Title', section_url: null });
  });

  it('is null for a highlight before every later heading: the chunk\'s own section stands', () => {
    expect(highlightHeading(payload, 31, 'https://b.dev/pcb')).toBeNull();
  });

  it('is null for a payload ingested before the field, or another pipeline\'s malformed one', () => {
    expect(highlightHeading({ section_url: 'https://b.dev/pcb#via-size' }, 48, 'https://b.dev/pcb')).toBeNull();
    expect(highlightHeading({ later_headings: 'Track Width' }, 48, 'https://b.dev/pcb')).toBeNull();
    expect(highlightHeading({ later_headings: [[32, 'Track Width']] }, 48, 'https://b.dev/pcb')).toBeNull();
    expect(highlightHeading({ later_headings: [{ offset: 32 }] }, 48, 'https://b.dev/pcb')).toBeNull();
  });
});
