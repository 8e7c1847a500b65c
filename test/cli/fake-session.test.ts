/**
 * `npm run fake`: the loopback Cohere + Qdrant with a book ingested, for a session by hand, and the
 * variables it tells the developer to use.
 */
import { describe, expect, it } from 'vitest';
import { fakeSessionText, startFakeWithBook } from '../../bench/fake-with-book';
import { MINI_BOOK } from './ingest/ingest-harness';

describe('npm run fake', () => {
  it('serves the book as a Qdrant collection and prints the variables that reach it', async () => {
    const { fake, vars } = await startFakeWithBook('session', { docs: MINI_BOOK });
    try {
      const res = await fetch(`${vars.QDRANT_URL}/collections/textbook_chunks`, { headers: { 'api-key': vars.QDRANT_API_KEY! } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: { points_count: number } }).result.points_count).toBeGreaterThan(5);
      const text = fakeSessionText(vars, MINI_BOOK);
      for (const [name, value] of Object.entries(vars)) expect(text).toContain(`\n${name}=${value}\n`);
      expect(text).toMatch(/__fake\/reset forgets the calls AND the collections/);
    } finally {
      await fake.close();
    }
  }, 60_000);
});
