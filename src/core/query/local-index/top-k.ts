/**
 * Partial top-k selection with a binary min-heap: O(n log k) and no array of n results to sort,
 * which matters when scanning 10k points for 10 hits. Ranking is Qdrant's: score descending,
 * then point id ascending (integer ids before UUIDs; the pipeline's `compareIds`, so the store's
 * cut at k and the pipeline's final order agree) so ties are stable.
 */
import { compareIds } from '../../common/ordering';
import type { PointId } from '../../common/types';

/** Keeps the best `k` (point, score) pairs offered; points are indices into `ids`. */
export class TopK {
  private readonly points: Int32Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(
    private readonly k: number,
    private readonly ids: readonly PointId[],
  ) {
    this.points = new Int32Array(Math.max(k, 0));
    this.scores = new Float64Array(Math.max(k, 0));
  }

  /** True when (a, sa) ranks below (b, sb): lower score, or same score and larger id. */
  private worse(a: number, sa: number, b: number, sb: number): boolean {
    return sa < sb || (sa === sb && compareIds(this.ids[a]!, this.ids[b]!) > 0);
  }

  /**
   * Whether `push(point, score)` would keep the point. Lets callers skip costly checks (payload
   * filters) for points that cannot make the cut.
   */
  accepts(point: number, score: number): boolean {
    if (this.k <= 0) return false;
    if (this.size < this.k) return true;
    return this.worse(this.points[0]!, this.scores[0]!, point, score);
  }

  /** Offers a point; keeps it if it ranks among the best k so far. */
  push(point: number, score: number): void {
    if (!this.accepts(point, score)) return;
    if (this.size < this.k) {
      let i = this.size++;
      // Sift up: the root holds the worst kept point.
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(point, score, this.points[parent]!, this.scores[parent]!)) break;
        this.points[i] = this.points[parent]!;
        this.scores[i] = this.scores[parent]!;
        i = parent;
      }
      this.points[i] = point;
      this.scores[i] = score;
      return;
    }
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      let child = left;
      if (right < this.size && this.worse(this.points[right]!, this.scores[right]!, this.points[left]!, this.scores[left]!)) child = right;
      if (!this.worse(this.points[child]!, this.scores[child]!, point, score)) break;
      this.points[i] = this.points[child]!;
      this.scores[i] = this.scores[child]!;
      i = child;
    }
    this.points[i] = point;
    this.scores[i] = score;
  }

  /** The kept points, best first. */
  sorted(): { point: number; score: number }[] {
    const out: { point: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ point: this.points[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || compareIds(this.ids[a.point]!, this.ids[b.point]!));
  }
}
