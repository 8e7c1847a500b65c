/**
 * Prints issue 10's figures (part of `npm run bench`; alone: `npx tsx bench/hot-path-run.ts`):
 * upstream calls per search, workloads against the bare and fixed-JSON Workers, embed calls per
 * request, bytes per format, cold start with and without the bundled index.
 */
import { measureBundle } from '../scripts/size';
import { benchColdStart } from './cold-start';
import { benchHotPath, fakeWithBook, LATENCY } from './hot-path';
import { linkMs } from './wire-bytes';

const f = (x: number, d = 2) => x.toFixed(d);
/** The per-round ratios as a range, e.g. "0.91–1.02×". */
const range = (xs: number[]) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}×`;

/** Runs and prints; `defaultOut` holds the default build, `remoteOut` gets the Qdrant-only one. */
export async function printHotPath(defaultOut = 'dist/size', remoteOut = 'dist/remote'): Promise<void> {
  const remote = measureBundle(remoteOut, 'src/worker/remote.ts');
  const remoteKiB = remote.reduce((sum, file) => sum + file.gzipKiB, 0);
  const r = await benchHotPath(remoteOut);
  console.log(`== hot path (fake upstream: ${LATENCY.qdrant} ms per Qdrant call, ${LATENCY.embed} ms per Cohere embed; Qdrant-only build; concurrency 8)`);
  console.log('upstream calls per search:');
  for (const [label, calls] of r.rows) console.log(`  ${label.padEnd(56)} ${calls}`);
  const rounds = r.perRound;
  console.log(`repeated questions (12 × 16): ${f(r.repeated.ours, 0)} req/s vs bare embed+query Worker ${f(r.repeated.bare, 0)} req/s = ${f(r.repeated.ours / r.repeated.bare)}×; per round ${range(rounds.repeated)} (goal ≥ 5×)`);
  console.log(`repeated questions p50: ${f(r.repeated.p50Ours)} ms vs fixed-JSON Worker ${f(r.repeated.p50Fixed)} ms = ${f(r.repeated.p50Ours / r.repeated.p50Fixed)}×; per round ${range(rounds.p50)} (goal ≤ 1.5×)`);
  console.log(`  the same, every question asked once before the round (repeats only, no first-time write-behind beside them): ${f(r.repeated.p50OursWarm)} vs ${f(r.repeated.p50FixedWarm)} ms = ${f(r.repeated.p50OursWarm / r.repeated.p50FixedWarm)}×; per round ${range(rounds.p50Warm)}`);
  console.log(`  the same, no Accept-Encoding (no compression on either side): ${f(r.repeated.p50OursPlain)} vs ${f(r.repeated.p50FixedPlain)} ms = ${f(r.repeated.p50OursPlain / r.repeated.p50FixedPlain)}×; per round ${range(rounds.p50Plain)}`);
  console.log(`unique questions (96): ${f(r.unique.ours, 0)} req/s vs bare ${f(r.unique.bare, 0)} req/s = ${f(r.unique.ours / r.unique.bare)}×; per round ${range(rounds.unique)} (goal ≥ 0.95×)`);
  console.log(`  the same vs bare + the same KV and Cache reads and writes, no other logic (Miniflare storage baseline): ${f(r.unique.storage, 0)} req/s = ${f(r.unique.ours / r.unique.storage)}×; per round ${range(rounds.uniqueVsStorage)}`);
  console.log(`  Miniflare storage baseline vs bare (the emulated KV + Cache alone): ${f(r.unique.storage / r.unique.bare)}×; per round ${range(rounds.storageVsBare)}`);
  console.log(`unique questions, one at a time: ${f(r.sequential.ours, 1)} req/s vs bare ${f(r.sequential.bare, 1)} req/s = ${f(r.sequential.ours / r.sequential.bare)}×`);
  console.log(`unique questions, no KV and result cache off (storage ablation): ${f(r.ablation.ours, 0)} req/s vs bare ${f(r.ablation.bare, 0)} req/s = ${f(r.ablation.ours / r.ablation.bare)}×`);
  console.log(`embed calls per request (12 distinct × 16, concurrency 8): ${f(r.embedsPerRequest, 4)} (distinct/requests = ${f(r.embedsIdeal, 4)})`);
  console.log('bytes per format (answers from the result cache; 10 Mbit/s times modelled from the sizes):');
  console.log(`  ${'format'.padEnd(8)}${'k'.padEnd(4)}${'encoding'.padEnd(10)}${'bytes'.padStart(8)}${'identity'.padStart(10)}${'ratio'.padStart(7)}${'TTLB ms'.padStart(9)}${'10 Mbit/s: compressed / identity'.padStart(36)}`);
  for (const w of r.wire) {
    console.log(
      `  ${w.format.padEnd(8)}${String(w.k).padEnd(4)}${w.used.padEnd(10)}${String(w.bytes).padStart(8)}${String(w.identityBytes).padStart(10)}${f(w.identityBytes / w.bytes, 1).padStart(6)}×${f(w.ttlbMs).padStart(9)}${`${f(linkMs(w.bytes), 1)} / ${f(linkMs(w.identityBytes), 1)} ms`.padStart(36)}`,
    );
  }
  const { fake, vars } = await fakeWithBook();
  try {
    const cold = await benchColdStart({ 'with index': defaultOut, 'without index': remoteOut }, vars);
    const withIndex = cold['with index']!;
    const without = cold['without index']!;
    console.log(`cold start, Qdrant configured (bundle without index: ${f(remoteKiB, 1)} KiB gzip):`);
    for (const [name, c] of Object.entries(cold)) console.log(`  ${name.padEnd(14)} ready ${f(c.readyMs, 1)} ms, first request ${f(c.firstRequestMs, 1)} ms`);
    console.log(`  without / with: ready ${f(without.readyMs / withIndex.readyMs)}×, first request ${f(without.firstRequestMs / withIndex.firstRequestMs)}×`);
  } finally {
    await fake.close();
  }
}

if (process.argv[1]?.endsWith('hot-path-run.ts')) {
  measureBundle('dist/size');
  await printHotPath();
}
