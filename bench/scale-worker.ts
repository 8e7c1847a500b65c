/**
 * Bench Worker for the embedded store at scale, run in workerd (Miniflare). Time cannot be read
 * reliably inside workerd (it advances only on I/O), so the host times requests from outside and
 * each request repeats its work `n` times.
 */
// Resolved next to the bundled script in bench/.out/ (see embedded-scale.ts).
import indexBytes from './scale-index.bin';
import { createEmbeddedStore } from '../src/core/query/local-index/embedded-store';
import { decodeIndex } from '../src/core/query/local-index/index-format';
import { mulberry32 } from '../src/core/build-time/local-index/prng';

const index = decodeIndex(indexBytes);
const store = createEmbeddedStore(index);

function queries(n: number, dims: number): Float32Array[] {
  const next = mulberry32(7);
  return Array.from({ length: n }, () => Float32Array.from({ length: dims }, () => next() * 2 - 1));
}

/** The obvious baseline: score every point, sort everything, take k. */
function naiveTopK(q: Float32Array, k: number): number[] {
  const { vectors, dims } = index.dense;
  let norm = 0;
  for (let d = 0; d < dims; d++) norm += q[d]! * q[d]!;
  const scores: { i: number; s: number }[] = [];
  for (let i = 0; i < index.size; i++) {
    let s = 0;
    for (let d = 0; d < dims; d++) s += vectors[i * dims + d]! * q[d]!;
    scores.push({ i, s: s / Math.sqrt(norm) });
  }
  scores.sort((a, b) => b.s - a.s);
  return scores.slice(0, k).map((x) => x.i);
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const n = Number(url.searchParams.get('n') ?? 1);
    // Query vectors are made for the search paths only, so /decode and /noop?empty=1 pay nothing else.
    const qs = url.searchParams.has('empty') || url.pathname === '/decode' ? [] : queries(n, index.dense.dims);
    let checksum = 0;
    switch (url.pathname) {
      case '/noop':
        break;
      case '/store':
        for (const q of qs) checksum += (await store.queryBatch([{ dense: { vector: q }, limit: 10 }]))[0]!.length;
        break;
      case '/naive':
        for (const q of qs) checksum += naiveTopK(q, 10).length;
        break;
      case '/decode':
        for (let i = 0; i < n; i++) checksum += decodeIndex(indexBytes).size;
        break;
      default:
        return new Response('not found', { status: 404 });
    }
    return Response.json({ checksum, points: index.size, dims: index.dense.dims });
  },
};
