/**
 * A smaller k answers from the same candidates as the default k (search-plan.ts), over every
 * question of the sample book's two query sets in the default mode:
 * - with `diversity=none` the results of k = 3 are exactly the first three of k = 5;
 * - with page diversity (the default), which reorders the first ⌈k/2⌉ places and so depends on k,
 *   every chunk k = 3 returns is among those k = 5 returns.
 * When k = 3 fused only each list's top 6, a chunk that one list ranked 7th was fused from the other
 * list alone: "… different reliability settings" got the Durability section third at k = 3, where
 * k = 5 ranks the Compatibility rules section third (five questions differed, two returned a chunk
 * outside k = 5's results).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SearchOutcome } from '../../../src/core/query/search/search-outcome';
import { ROOT, retrieve } from './support';

const questions = [
  ...['sample-book/queries.json', 'sample-book/student-queries.json'].flatMap(
    (file) => (JSON.parse(readFileSync(`${ROOT}/${file}`, 'utf8')) as { query: string }[]).map((q) => q.query),
  ),
  'what happens if publisher and subscriber have different reliability settings',
];

async function chunkIds(q: string, k: number, extra: string[] = []): Promise<string[]> {
  const run = await retrieve([q, '-k', String(k), ...extra, '--json']);
  return (JSON.parse(run.out) as SearchOutcome).results.map((r) => String(r.chunk_id));
}

describe('a small k is the head of the default k', () => {
  it('without page diversity, k = 3 returns exactly the first three of k = 5, for every sample question', async () => {
    const differ: string[] = [];
    for (const q of questions) {
      const three = await chunkIds(q, 3, ['--diversity', 'none']);
      const five = await chunkIds(q, 5, ['--diversity', 'none']);
      if (three.join() !== five.slice(0, 3).join()) differ.push(`${q}: ${three.join()} vs ${five.slice(0, 3).join()}`);
    }
    expect(questions.length).toBeGreaterThan(80);
    expect(differ).toEqual([]);
  }, 60_000);

  it('with page diversity, every chunk returned at k = 3 is among the results at k = 5', async () => {
    const outside: string[] = [];
    for (const q of questions) {
      const five = new Set(await chunkIds(q, 5));
      for (const id of await chunkIds(q, 3)) if (!five.has(id)) outside.push(`${q} → ${id}`);
    }
    expect(outside).toEqual([]);
  }, 60_000);
});
