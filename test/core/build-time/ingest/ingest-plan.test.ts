import { describe, expect, it } from 'vitest';
import { indexingText, planIngest, type IndexedPoint } from '../../../../src/core/build-time/ingest/ingest-plan';
import type { Chunk, ChunkPayload } from '../../../../src/core/build-time/ingest/types';

function chunk(id: string, over: Partial<ChunkPayload> = {}): Chunk {
  const payload: ChunkPayload = {
    content: 'Body text.',
    file_path: 'a.md',
    start_line: 1,
    end_line: 3,
    headings: ['Title', 'Part'],
    heading_trail: ['Title', 'Part'],
    title: 'Title',
    module: null,
    module_title: null,
    chapter: 'a',
    section: 'Part',
    kind: 'content',
    defines: [],
    heading_terms: ['part'],
    tags: ['x'],
    sidebar_position: null,
    chunk_index: 0,
    chunk_token_count: 3,
    source_url: '/docs/a',
    section_url: '/docs/a#part',
    chunk_id: 'a.md#0',
    content_hash: 'h1',
    ...over,
  };
  return { id, payload };
}

const stored = (c: Chunk, payload: unknown = c.payload) => ({ hash: c.payload.content_hash, file: c.payload.file_path, payload });

describe('planIngest', () => {
  it('sorts chunks into added / changed / unchanged and lists stale ids sorted', () => {
    const same = chunk('id-same');
    const edited = chunk('id-edit', { content_hash: 'h2' });
    const fresh = chunk('id-new');
    const indexed = new Map<string, IndexedPoint>([
      ['id-same', stored(same)],
      ['id-edit', { hash: 'h1', file: 'a.md' }],
      ['id-z-gone', { hash: 'h', file: 'z.md' }],
      ['id-b-gone', { hash: 'h', file: 'b.md' }],
    ]);
    const plan = planIngest([same, edited, fresh], indexed);
    expect(plan.added.map((c) => c.id)).toEqual(['id-new']);
    expect(plan.changed.map((c) => c.id)).toEqual(['id-edit']);
    expect(plan.unchanged).toBe(1);
    expect(plan.stale).toEqual(['id-b-gone', 'id-z-gone']);
  });

  it('re-embeds a chunk whose indexed text changed (title, headings), though its content did not', () => {
    for (const over of [{ title: 'New title' }, { headings: ['Renamed', 'Part'] }]) {
      const plan = planIngest([chunk('id', over)], new Map([['id', stored(chunk('id'))]]));
      expect(plan.changed, JSON.stringify(over)).toHaveLength(1);
      expect(plan.relabeled).toEqual([]);
    }
  });

  it('rewrites only the payload of a chunk whose indexed text is the same (lines, tags, url): its vectors stay', () => {
    for (const over of [{ start_line: 4, end_line: 6 }, { tags: ['x', 'y'] }, { source_url: 'https://b/docs/a' }, { sidebar_position: 2 }]) {
      const plan = planIngest([chunk('id', over)], new Map([['id', stored(chunk('id'))]]));
      expect(plan.relabeled.map((c) => c.id), JSON.stringify(over)).toEqual(['id']);
      expect(plan.changed).toEqual([]);
    }
  });

  it('writes only the payload of a chunk stored before module_title existed: a module title is not indexed text', () => {
    const c = chunk('id', { module: '01-ros2', module_title: 'Module 1: ROS 2' });
    const { module_title: _title, ...before } = c.payload;
    const plan = planIngest([c], new Map([['id', stored(c, before)]]));
    expect(plan.relabeled.map((r) => r.id)).toEqual(['id']);
    expect(plan.changed).toEqual([]);
  });

  it('writes only the payload of a chunk stored before later_headings existed: an upgrade re-embeds nothing', () => {
    const content = '## Via Size\n\nVias are drilled.\n\n## Track Width\n\nWide tracks carry current.';
    const c = chunk('id', { content, later_headings: [[content.indexOf('## Track'), 'Track Width', 'track-width']] });
    const { later_headings: _later, ...before } = c.payload;
    const plan = planIngest([c], new Map([['id', stored(c, before)]]));
    expect(plan.relabeled.map((r) => r.id)).toEqual(['id']);
    expect(plan.changed).toEqual([]);
  });

  it('ignores object key order (stores may reorder keys) but not array order', () => {
    const c = chunk('id');
    const reordered = Object.fromEntries(Object.entries(c.payload).reverse());
    expect(planIngest([c], new Map([['id', stored(c, reordered)]])).unchanged).toBe(1);
    const swapped = { ...c.payload, heading_trail: ['Part', 'Title'] };
    expect(planIngest([c], new Map([['id', stored(c, swapped)]])).relabeled).toHaveLength(1);
  });

  it('counts a stored payload with an extra field as a payload change, so the overwrite drops it', () => {
    const c = chunk('id');
    expect(planIngest([c], new Map([['id', stored(c, { ...c.payload, note: 1 })]])).relabeled).toHaveLength(1);
  });

  it('re-embeds when the stored payload cannot say what was embedded (no content or headings)', () => {
    const c = chunk('id', { tags: ['y'] });
    const { content: _content, ...withoutContent } = chunk('id').payload;
    expect(planIngest([c], new Map([['id', stored(c, withoutContent)]])).changed).toHaveLength(1);
  });

  it('falls back to hash + file when the payload was not read', () => {
    const c = chunk('id', { title: 'Anything' });
    expect(planIngest([c], new Map([['id', { hash: 'h1', file: 'a.md' }]])).unchanged).toBe(1);
    expect(planIngest([c], new Map([['id', { hash: 'h1', file: 'b.md' }]])).changed).toHaveLength(1);
  });
});

describe('indexingText', () => {
  it('puts the title and the heading trail (without repeating the title) before the content', () => {
    expect(indexingText(chunk('id'))).toBe('Title > Part\n\nBody text.');
    expect(indexingText(chunk('id', { title: 'Page', headings: [] }))).toBe('Page\n\nBody text.');
  });
});
