import { describe, expect, it } from 'vitest';
import { isRelevant, judgeRanking, normalizeUrl, pageKey, pageLabelCount } from '../../../../src/core/build-time/eval/relevance';

describe('normalizeUrl', () => {
  it('drops the fragment and trailing slashes, keeps the query string', () => {
    expect(normalizeUrl('https://book.dev/docs/ros2/#nodes')).toBe('https://book.dev/docs/ros2');
    expect(normalizeUrl(' https://book.dev/docs/ros2// ')).toBe('https://book.dev/docs/ros2');
    expect(normalizeUrl('https://book.dev/p?id=2#x')).toBe('https://book.dev/p?id=2');
  });
});

describe('pageKey', () => {
  it('prefers file_path, then the URL, then the id, then the rank', () => {
    expect(pageKey({ score: 1, payload: { file_path: 'a.md', source_url: 'https://b/a' } }, 0)).toBe('file:a.md');
    expect(pageKey({ score: 1, payload: { source_url: 'https://b/a/#s' } }, 0)).toBe('url:https://b/a');
    expect(pageKey({ id: 7, score: 1, payload: {} }, 0)).toBe('id:7');
    expect(pageKey({ score: 1 }, 4)).toBe('rank:4');
  });
});

describe('judgeRanking', () => {
  it('credits every distinct chunk of a relevant page, a repeated chunk once', () => {
    const a0 = { score: 1, payload: { file_path: 'a.md', chunk_index: 0 } };
    const a1 = { score: 1, payload: { file_path: 'a.md', chunk_index: 1 } };
    const x = { score: 1, payload: { file_path: 'x.md', chunk_index: 0 } };
    const verdicts = judgeRanking([a0, x, a1, a0], { file_paths: ['a.md'] });
    expect(verdicts.map((v) => [v.relevant, v.credited])).toEqual([[true, true], [false, false], [true, true], [true, false]]);
    expect(verdicts.map((v) => v.page)).toEqual(['file:a.md', 'file:x.md', 'file:a.md', 'file:a.md']);
  });

  it('without page identity, each chunk is its own page', () => {
    const chunk = { score: 1, payload: { chapter: 'ros2' } };
    expect(judgeRanking([chunk, chunk], { chapters: ['ros2'] }).map((v) => v.credited)).toEqual([true, true]);
  });
});

describe('pageLabelCount', () => {
  it('counts distinct normalised URLs plus distinct file paths, not chapters', () => {
    expect(pageLabelCount({ urls: ['https://b/a/', 'https://b/a#x', 'https://b/c'], file_paths: ['a.md', 'a.md'], chapters: ['x'] })).toBe(3);
    expect(pageLabelCount({ file_paths: ['a.md', './a', 'a.mdx', 'b.md'] })).toBe(2);
  });
});

describe('isRelevant by file path', () => {
  it('names a page with or without its extension or a leading ./, never a neighbour', () => {
    const result = { score: 1, payload: { file_path: '01-ros2/02-topics.mdx' } };
    for (const label of ['01-ros2/02-topics.mdx', '01-ros2/02-topics.md', '01-ros2/02-topics', './01-ros2/02-topics.md', '01-ros2\\02-topics.md']) {
      expect(isRelevant(result, { file_paths: [label] })).toBe(true);
    }
    for (const label of ['02-topics.md', '01-ros2/02-topics-more.md', '01-ros2/02-topics.txt', '01-ros2']) {
      expect(isRelevant(result, { file_paths: [label] })).toBe(false);
    }
  });
});
