/**
 * Issue 10's benchmark: our Qdrant-only build in workerd against the loopback fake with a fixed
 * latency per call (20 ms Qdrant, 60 ms Cohere embed), side by side with a bare embed + query
 * Worker and a fixed-JSON Worker (bench/baseline-workers.ts), all in the same run:
 * upstream calls per search (first after deploy, fresh isolate, repeat), the repeated- and
 * unique-question workloads, embed calls per request at concurrency 8.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { runIngest } from '../src/cli/ingest';
import { startFakeUpstream } from '../test/support/fake-upstream/server';
import { BARE_WORKER, FIXED_WORKER, STORAGE_WORKER } from './baseline-workers';
import { median, percentile, runLoad, timedGet } from './load';
import { benchWireBytes } from './wire-bytes';
import { QUIET_LOGS, workerModules } from './worker-requests';

/** Per-call latency of the fake upstream during the measurements. */
export const LATENCY = { qdrant: 20, embed: 60, cohere: 20 };
const CONCURRENCY = 8;
const COMPAT = '2026-04-01';

type Calls = { embeds: number; qdrant: number; describes: number; rerank: number };

/** Starts the fake, ingests the sample book into it (no latency), then turns the latency on. */
export async function fakeWithBook() {
  const latencyMs: Partial<typeof LATENCY> = {};
  const fake = await startFakeUpstream({ latencyMs });
  const base = `${fake.url}/t/hot-path`;
  const vars = { COHERE_API_KEY: 'test-cohere-key', COHERE_BASE_URL: base, QDRANT_URL: base, QDRANT_API_KEY: 'test-qdrant-key' };
  const log = console.log;
  console.log = () => {};
  const code = await runIngest(['sample-book/docs', '--target', 'qdrant', '--quiet'], vars).finally(() => (console.log = log));
  if (code !== 0) throw new Error(`ingest into the fake failed with exit code ${code}`);
  Object.assign(latencyMs, LATENCY);
  const calls = async (): Promise<Calls> => {
    const all = (await (await fetch(`${base}/__fake/calls`)).json()) as { service: string; method: string; path: string; body: any }[];
    return {
      embeds: all.filter((c) => c.path === '/v2/embed' && c.body?.input_type === 'search_query').length,
      qdrant: all.filter((c) => c.service === 'qdrant').length,
      describes: all.filter((c) => c.service === 'qdrant' && c.method === 'GET').length,
      rerank: all.filter((c) => c.path === '/v2/rerank').length,
    };
  };
  return { fake, vars, calls };
}

/** Our Worker (a wrangler dry-run build in `outdir`) with KV and Cache persisted in `persist`. */
export function ourWorker(outdir: string, persist: string, bindings: Record<string, string>): Miniflare {
  return new Miniflare({
    modules: workerModules(outdir),
    modulesRoot: outdir,
    compatibilityDate: COMPAT,
    kvNamespaces: ['EMBED_CACHE'],
    kvPersist: join(persist, 'kv'),
    cachePersist: join(persist, 'cache'),
    bindings,
    ...QUIET_LOGS,
  });
}

const diff = (a: Calls, b: Calls) => `${b.qdrant - a.qdrant} Qdrant (${b.describes - a.describes} GET /collections) + ${b.embeds - a.embeds} embed + ${b.rerank - a.rerank} rerank`;
const q = (text: string, extra = '') => `/search?q=${encodeURIComponent(text)}&k=5${extra}`;

/** Runs the whole benchmark against the build in `outdir` (the Qdrant-only entry). */
export async function benchHotPath(outdir: string) {
  const { fake, vars, calls } = await fakeWithBook();
  const persist = mkdtempSync(join(tmpdir(), 'er-bench-'));
  const rows: [string, string][] = [];
  let ours = ourWorker(outdir, persist, vars);
  const bare = new Miniflare({ modules: true, script: BARE_WORKER, compatibilityDate: COMPAT, bindings: vars, ...QUIET_LOGS });
  // Same bindings and storage as ours (KV + Cache persisted on disk), none of our logic.
  const storage = new Miniflare({
    modules: true,
    script: STORAGE_WORKER,
    compatibilityDate: COMPAT,
    kvNamespaces: ['EMBED_CACHE'],
    kvPersist: join(persist, 'kv-storage'),
    cachePersist: join(persist, 'cache-storage'),
    bindings: vars,
    ...QUIET_LOGS,
  });
  try {
    let base = await ours.ready;
    const step = async (label: string, path: string) => {
      const before = await calls();
      const res = await timedGet(base, path);
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${res.body.toString().slice(0, 200)}`);
      rows.push([label, diff(before, await calls())]);
      return res;
    };
    await step('first search after a deploy (facts unknown)', q('what is a ros 2 topic'));
    await step('new question, same isolate', q('how do I tune qos reliability'));
    await step('repeat, same isolate', q('how do I tune qos reliability'));
    await ours.dispose();
    ours = ourWorker(outdir, persist, vars); // a fresh isolate: empty memory, same KV and cache
    base = await ours.ready;
    await step('new question, fresh isolate', q('what does a launch file do'));
    await step('repeat of another isolate\'s question, fresh isolate', q('how do I tune qos reliability'));
    await step('new question + rerank=cohere, fresh isolate', q('how do nodes discover each other', '&rerank=cohere'));
    const answer = await step('client bypass (cache=bypass), embedding in KV', q('what does a launch file do', '&cache=bypass'));

    const fixed = new Miniflare({ modules: true, script: FIXED_WORKER, compatibilityDate: COMPAT, bindings: { BODY: answer.body.toString() }, ...QUIET_LOGS });
    const fixedBase = await fixed.ready;
    const bareBase = await bare.ready;
    const storageBase = await storage.ready;
    // Repeated questions: 12 distinct × 16, shuffled deterministically, at concurrency 8.
    const repeated = (prefix: string) => {
      const list = Array.from({ length: 192 }, (_, i) => q(`${prefix} question ${i % 12} about ros 2 topics`));
      return list.map((p, i) => ({ p, r: (i * 7919) % 192 })).sort((a, b) => a.r - b.r).map((x) => x.p);
    };
    const unique = (prefix: string) => Array.from({ length: 96 }, (_, i) => q(`${prefix} unique question ${i} on nodes`));
    const throughput = (load: { wallMs: number; latencies: number[] }) => load.latencies.length / (load.wallMs / 1000);

    const rounds = {
      repOurs: [] as number[], repBare: [] as number[], uniOurs: [] as number[], uniBare: [] as number[], uniStorage: [] as number[],
      p50Ours: [] as number[], p50Fixed: [] as number[], embedsPerReq: [] as number[],
      p50OursPlain: [] as number[], p50FixedPlain: [] as number[],
      p50OursWarm: [] as number[], p50FixedWarm: [] as number[],
    };
    for (let round = 0; round < 3; round++) {
      const before = await calls();
      const mine = await runLoad(base, repeated(`r${round}`), CONCURRENCY);
      const after = await calls();
      rounds.embedsPerReq.push((after.embeds - before.embeds) / mine.latencies.length);
      rounds.repOurs.push(throughput(mine));
      rounds.p50Ours.push(percentile(mine.latencies, 50));
      rounds.repBare.push(throughput(await runLoad(bareBase, repeated(`b${round}`), CONCURRENCY)));
      rounds.p50Fixed.push(percentile((await runLoad(fixedBase, repeated(`f${round}`), CONCURRENCY)).latencies, 50));
      // The same without Accept-Encoding: no compression on either side. Under Miniflare a body our
      // Worker names br for costs ~0.3 ms more workerd CPU per answer than the fixed Worker's body,
      // which Miniflare's edge emulation compresses (its entry worker re-wraps every response).
      rounds.p50OursPlain.push(percentile((await runLoad(base, repeated(`rp${round}`), CONCURRENCY, {})).latencies, 50));
      rounds.p50FixedPlain.push(percentile((await runLoad(fixedBase, repeated(`fp${round}`), CONCURRENCY, {})).latencies, 50));
      // Repeats only: each question asked once before the round, so every timed request is a cache
      // hit and none runs beside the write-behind (KV and Cache puts) of a question's first asking.
      for (const path of new Set(repeated(`rw${round}`))) await timedGet(base, path);
      await new Promise((settle) => setTimeout(settle, 300)); // let the last write-behind finish
      rounds.p50OursWarm.push(percentile((await runLoad(base, repeated(`rw${round}`), CONCURRENCY)).latencies, 50));
      rounds.p50FixedWarm.push(percentile((await runLoad(fixedBase, repeated(`fw${round}`), CONCURRENCY)).latencies, 50));
      rounds.uniOurs.push(throughput(await runLoad(base, unique(`u${round}`), CONCURRENCY)));
      rounds.uniBare.push(throughput(await runLoad(bareBase, unique(`v${round}`), CONCURRENCY)));
      rounds.uniStorage.push(throughput(await runLoad(storageBase, unique(`w${round}`), CONCURRENCY)));
    }
    await fixed.dispose();
    // Ablation: the same Worker without KV and with the result cache off — our code's own cost,
    // without the emulated storage (Miniflare's KV and Cache run each op through one local object).
    const lean = new Miniflare({ modules: workerModules(outdir), modulesRoot: outdir, compatibilityDate: COMPAT, bindings: { ...vars, RESULT_CACHE_TTL_SECONDS: '0' }, ...QUIET_LOGS });
    const leanBase = await lean.ready;
    await timedGet(leanBase, q('warm the lean isolate'));
    const ablation = { ours: throughput(await runLoad(leanBase, unique('l'), CONCURRENCY)), bare: throughput(await runLoad(bareBase, unique('m'), CONCURRENCY)) };
    await lean.dispose();
    // Sequential unique questions: no concurrent requests queueing on the emulated KV and cache.
    const sequential = { ours: throughput(await runLoad(base, unique('s'), 1)), bare: throughput(await runLoad(bareBase, unique('t'), 1)) };
    const wire = await benchWireBytes(base);
    return {
      wire,
      rows,
      repeated: {
        ours: median(rounds.repOurs), bare: median(rounds.repBare), p50Ours: median(rounds.p50Ours), p50Fixed: median(rounds.p50Fixed),
        p50OursPlain: median(rounds.p50OursPlain), p50FixedPlain: median(rounds.p50FixedPlain),
        p50OursWarm: median(rounds.p50OursWarm), p50FixedWarm: median(rounds.p50FixedWarm),
      },
      unique: { ours: median(rounds.uniOurs), bare: median(rounds.uniBare), storage: median(rounds.uniStorage) },
      // Per-round ratios (each round measures ours and its baselines back to back): the spread.
      perRound: {
        repeated: rounds.repOurs.map((x, i) => x / rounds.repBare[i]!),
        p50: rounds.p50Ours.map((x, i) => x / rounds.p50Fixed[i]!),
        p50Plain: rounds.p50OursPlain.map((x, i) => x / rounds.p50FixedPlain[i]!),
        p50Warm: rounds.p50OursWarm.map((x, i) => x / rounds.p50FixedWarm[i]!),
        unique: rounds.uniOurs.map((x, i) => x / rounds.uniBare[i]!),
        uniqueVsStorage: rounds.uniOurs.map((x, i) => x / rounds.uniStorage[i]!),
        storageVsBare: rounds.uniStorage.map((x, i) => x / rounds.uniBare[i]!),
      },
      sequential,
      ablation,
      embedsPerRequest: median(rounds.embedsPerReq),
      embedsIdeal: 12 / 192,
    };
  } finally {
    await Promise.all([ours.dispose(), bare.dispose(), storage.dispose()]);
    await fake.close();
    rmSync(persist, { recursive: true, force: true });
  }
}
