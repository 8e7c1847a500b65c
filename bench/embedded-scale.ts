/**
 * Embedded store at scale in workerd: 10k chunks × 1024 dims, brute force with a top-k heap,
 * against a naive score-all-and-sort baseline measured in the same run; plus the cost of decoding
 * the index (what a Worker pays once per isolate).
 */
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { encodeIndex } from '../src/core/build-time/local-index/index-encode';
import { mulberry32 } from '../src/core/build-time/local-index/prng';

/** Synthetic index: n points × dims, payloads like real chunks. */
function syntheticIndex(n: number, dims: number): Uint8Array {
  const next = mulberry32(1);
  const vectors = Array.from({ length: n }, () => Float32Array.from({ length: dims }, () => next() * 2 - 1));
  return encodeIndex({
    collection: 'textbook_chunks',
    createdAt: '2026-01-01T00:00:00.000Z',
    embedder: { kind: 'cohere', model: 'embed-english-v3.0', dims, model_id: 'embed-english-v3.0' },
    ids: Array.from({ length: n }, (_, i) => i + 1),
    payloads: Array.from({ length: n }, (_, i) => ({ content: `chunk ${i}`, module: `m${i % 5}`, chunk_index: i })),
    dense: { vectors },
    sparse: { vectors: vectors.map(() => ({ indices: [], values: [] })) },
    bm25: { avgLen: 200 },
  });
}

async function timeRequest(mf: Miniflare, path: string, repeats = 3): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    const started = performance.now();
    const res = await mf.dispatchFetch(`http://bench${path}`);
    await res.text();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Runs the scale bench and returns its figures. */
export async function benchEmbeddedScale(n = 10_000, dims = 1024) {
  mkdirSync('bench/.out', { recursive: true });
  const bytes = syntheticIndex(n, dims);
  writeFileSync('bench/.out/scale-index.bin', bytes);
  await build({
    entryPoints: ['bench/scale-worker.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    // As wrangler resolves packages for a Worker: 'neutral' alone reads no main field, so a
    // CommonJS-only dependency (porter2) did not resolve and the whole bench stopped here.
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    outfile: 'bench/.out/scale-worker.js',
    external: ['*.bin'],
    logLevel: 'error',
  });
  const mf = new Miniflare({
    modules: [
      { type: 'ESModule', path: 'bench/.out/scale-worker.js' },
      { type: 'Data', path: 'bench/.out/scale-index.bin', contents: bytes },
    ],
    modulesRoot: 'bench/.out',
    compatibilityDate: '2026-04-01',
  });
  try {
    const startupFirst = await timeRequest(mf, '/noop?n=1', 1); // includes module evaluation + decode
    const Q = 20;
    const noop = await timeRequest(mf, `/noop?n=${Q}`);
    const store = (await timeRequest(mf, `/store?n=${Q}`) - noop) / Q;
    const naive = (await timeRequest(mf, `/naive?n=${Q}`) - noop) / Q;
    const D = 200;
    const decode = (await timeRequest(mf, `/decode?n=${D}`) - (await timeRequest(mf, '/noop?empty=1'))) / D;
    return { n, dims, indexMiB: bytes.byteLength / 2 ** 20, storeMs: store, naiveMs: naive, decodeMs: decode, firstRequestMs: startupFirst, noopMs: noop };
  } finally {
    await mf.dispose();
  }
}
