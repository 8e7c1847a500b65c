/** Random index data for the embedded tests (seeded, so failures reproduce). */
import { mulberry32 } from '../../../../src/core/build-time/local-index/prng';
import type { EmbeddedIndexData } from '../../../../src/core/query/local-index/index-types';
import type { PointId, SparseVector } from '../../../../src/core/common/types';

export interface RandomIndexOptions {
  n: number;
  dims: number;
  seed?: number;
  /** Term ids the sparse vectors draw from. */
  terms?: number[];
}

/** n points: mixed integer/UUID ids, payloads with `group`/`rank`/`tags`, a few exact duplicate vectors (ties). */
export function randomIndexData({ n, dims, seed = 1, terms = [3, 17, 42, 99, 1000, 65536, 4_000_000_000] }: RandomIndexOptions): EmbeddedIndexData {
  const next = mulberry32(seed);
  const ids: PointId[] = [];
  const dense: number[][] = [];
  const sparse: SparseVector[] = [];
  for (let i = 0; i < n; i++) {
    // Every 7th point is a UUID; ids are shuffled relative to position so tie order is not insertion order.
    ids.push(i % 7 === 3 ? `0000${(1000 + i).toString(16)}-0000-4000-8000-000000000000` : (i * 7919) % 100_003);
    // Every 10th point duplicates the previous vector, scaled (same direction → exactly tied cosine).
    const v = i % 10 === 9 ? dense[i - 1]!.map((x) => x * 2) : Array.from({ length: dims }, () => next() * 2 - 1);
    dense.push(v);
    const indices: number[] = [];
    const values: number[] = [];
    for (const t of terms) if (next() < 0.3) (indices.push(t), values.push(0.1 + next()));
    // Unsorted on purpose: the encoder must sort.
    sparse.push({ indices: indices.reverse(), values: values.reverse() });
  }
  return {
    collection: 'random',
    createdAt: '2026-01-01T00:00:00.000Z',
    embedder: { kind: 'cohere', model: 'test-model', dims, model_id: 'test-model' },
    ids,
    payloads: ids.map((_, i) => ({ group: ['a', 'b', 'c'][i % 3], rank: i, tags: i % 4 === 0 ? ['even4'] : [], title: `Point ${i} — ü` })),
    dense: { vectors: dense },
    sparse: { vectors: sparse },
    bm25: { avgLen: 123.5 },
  };
}
