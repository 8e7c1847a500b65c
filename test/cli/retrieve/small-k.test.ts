/**
 * A smaller k answers from the same candidates as the default k (search-plan.ts): over every
 * question of the sample book's two query sets, in the default mode, each chunk that k = 3 returns
 * is among those that k = 5 returns. When k = 3 fused only each list's top 6, a chunk that one list
 * ranked 7th was fused from the other list alone, and k = 3 could return a chunk the default k
 * ranks below its top 5 ("… different reliability settings": Durability instead of the
 * Compatibility rules section).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SearchOutcome } from '../../../src/core/query/search/search-pipeline';
import { ROOT, retrieve } from './support';

const questions = ['sample-book/queries.json', 'sample-book/student-queries.json'].flatMap(
  (file) => (JSON.parse(readFileSync(`${ROOT}/${file}`, 'utf8')) as { query: string }[]).map((q) => q.query),
);

async function chunkIds(q: string, k: number): Promise<string[]> {
  const run = await retrieve([q, '-k', String(k), '--json']);
  return (JSON.parse(run.out) as SearchOutcome).results.map((r) => String(r.chunk_id));
}

describe('a small k is the head of the default k', () => {
  it('every chunk returned at k = 3 is among the results at k = 5, for every sample question', async () => {
    const outside: string[] = [];
    for (const q of [...questions, 'what happens if publisher and subscriber have different reliability settings']) {
      const five = new Set(await chunkIds(q, 5));
      for (const id of await chunkIds(q, 3)) if (!five.has(id)) outside.push(`${q} → ${id}`);
    }
    expect(questions.length).toBeGreaterThan(70);
    expect(outside).toEqual([]);
  }, 60_000);
});
