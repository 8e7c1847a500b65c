import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYLOAD_FIELDS } from '../../../../src/core/common/config/payload-fields';
import { pointIdFor } from '../../../../src/core/common/point-id';
import type { ScoredPoint } from '../../../../src/core/common/types';
import { expansionPassages, overlap, planExpansion } from '../../../../src/core/query/search/expand-context';
import { onePerPage } from '../../../../src/core/query/search/group-by-page';

async function point(file: string, index: number, content: string, lines?: [number, number]): Promise<ScoredPoint> {
  const payload = { file_path: file, chunk_index: index, content, ...(lines ? { start_line: lines[0], end_line: lines[1] } : {}) };
  return { id: await pointIdFor(file, index), score: 1, payload };
}

describe('overlap', () => {
  it('finds the longest suffix of the first text that starts the second', () => {
    expect(overlap('Topics carry messages. Nodes publish them.', 'Nodes publish them. Services answer.')).toBe(19);
    expect(overlap('aaaa aaaa aaaa', 'aaaa aaaa aaaa b')).toBe(14);
  });
  it('ignores coincidences shorter than 8 characters and texts that do not overlap', () => {
    expect(overlap('It ends with the.', 'the. Next')).toBe(0);
    expect(overlap('One thing.', 'Another thing entirely.')).toBe(0);
    expect(overlap('short', 'sh')).toBe(0);
  });
});

describe('planExpansion / expansionPassages', () => {
  it('wants each side up to N, never below chunk 0, and not what the hits already are', async () => {
    const hits = [await point('a.md', 0, 'A0'), await point('a.md', 1, 'A1')];
    const plan = await planExpansion(hits, 2, DEFAULT_PAYLOAD_FIELDS);
    expect(plan.missing.sort()).toEqual([await pointIdFor('a.md', 2), await pointIdFor('a.md', 3)].sort());
  });

  it('merges in page order, joins adjacent line ranges with one newline, others with a blank line', async () => {
    const hit = await point('a.md', 1, 'Middle text here.', [11, 20]);
    const plan = await planExpansion([hit], 1, DEFAULT_PAYLOAD_FIELDS);
    const before = await point('a.md', 0, 'First text here.', [1, 10]);
    const after = await point('a.md', 2, 'Last text here.', [25, 30]);
    const { passages, report } = expansionPassages(plan, [after, before]);
    expect(passages[0]).toEqual({
      content: 'First text here.\nMiddle text here.\n\nLast text here.',
      chunk_indexes: [0, 1, 2],
      ids: [before.id, hit.id, after.id],
      start_line: 1,
      end_line: 30,
      source: 'a.md:1-30',
    });
    expect(report).toEqual({ expand: 1, expanded: 1, not_expandable: 0, fetched: 2 });
  });

  it('refuses a neighbour whose payload disagrees with its id, and hits with other ids', async () => {
    const hit = await point('a.md', 1, 'Middle.');
    const foreign = { id: 7, score: 1, payload: { file_path: 'a.md', chunk_index: 4, content: 'x' } };
    const plan = await planExpansion([hit, foreign], 1, DEFAULT_PAYLOAD_FIELDS);
    const liar = { id: await pointIdFor('a.md', 2), payload: { file_path: 'b.md', chunk_index: 2, content: 'wrong page' } };
    const { passages, report } = expansionPassages(plan, [liar]);
    expect(passages[0]!.chunk_indexes).toEqual([1]);
    expect(passages[1]).toBeNull();
    expect(report.not_expandable).toBe(1);
  });
});

describe('onePerPage', () => {
  it('keeps the first hit of each page (file_path, else source_url without #fragment) and hits with no page', () => {
    const hits: ScoredPoint[] = [
      { id: 1, score: 0.9, payload: { file_path: 'a.md' } },
      { id: 2, score: 0.8, payload: { source_url: 'https://b/x#one' } },
      { id: 3, score: 0.7, payload: { file_path: 'a.md' } },
      { id: 4, score: 0.6, payload: { source_url: 'https://b/x#two' } },
      { id: 5, score: 0.5, payload: {} },
      { id: 6, score: 0.4, payload: {} },
    ];
    expect(onePerPage(hits, DEFAULT_PAYLOAD_FIELDS).map((h) => h.id)).toEqual([1, 2, 5, 6]);
  });
});
