/**
 * The deployed bundle (wrangler dry-run output) in workerd, against the loopback fake Cohere and
 * Qdrant holding the sample book: upstream round trips per search for every mode and reranker
 * (cache miss, then hit), per-request time as a ratio of a trivial request, and the first search
 * of a fresh isolate (cold: index decode, model load) against a warm one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { startFakeWithBook } from './fake-with-book';
import { canReadCpu, cpuMsPer, workerdPids } from './workerd-cpu';

/** One scenario's figures. */
export interface ScenarioRow {
  scenario: string;
  missCalls: string;
  hitCalls: string;
  warmMs: number;
}

const SCENARIOS: Record<string, string> = {
  'semantic': 'mode=semantic',
  'keyword': 'mode=keyword',
  'hybrid weighted': 'mode=hybrid',
  'hybrid rrf': 'mode=hybrid&fusion=rrf',
  'semantic + rerank=cohere': 'mode=semantic&rerank=cohere',
  'semantic + rerank=mmr': 'mode=semantic&rerank=mmr',
  'semantic + expand=1': 'mode=semantic&expand=1',
  'semantic + group_by=page': 'mode=semantic&group_by=page',
};

/** Queries of the batch bench (hybrid: two lists each, all in one Qdrant call). */
const BATCH = Array.from({ length: 16 }, (_, i) => `how do ros 2 topics and qos policies interact ${i}`);

/**
 * Miniflare option for every Worker a bench runs: the Worker's own console output (our one JSON
 * request line per search) is not printed between the bench's tables; warnings and errors still
 * are. The Worker still writes it (its cost stays in the measurement); only the terminal is spared.
 */
export const QUIET_LOGS = {
  handleStructuredLogs: ({ level, message }: { level: string; message: string }) => {
    if (level === 'warn' || level === 'error') process.stderr.write(`${message}\n`);
  },
};

/** The modules of a wrangler dry-run build, main module first, as Miniflare takes them. */
export function workerModules(outdir: string) {
  return readdirSync(outdir)
    .filter((file) => file.endsWith('.js') || file.endsWith('.bin'))
    .sort((a, b) => Number(b.endsWith('.js')) - Number(a.endsWith('.js'))) // the main module goes first
    .map((file) => ({ type: file.endsWith('.js') ? ('ESModule' as const) : ('Data' as const), path: join(outdir, file) }));
}

async function timed(mf: Miniflare, url: string, body?: unknown): Promise<{ ms: number; body: any }> {
  const started = performance.now();
  const init = body === undefined ? undefined : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await mf.dispatchFetch(url, init);
  const text = await res.text();
  return { ms: performance.now() - started, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

async function median(mf: Miniflare, url: string, n = 7, body?: unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push((await timed(mf, url, body)).ms);
  return times.sort((a, b) => a - b)[Math.floor(n / 2)]!;
}

/** Runs the request benches; `outdir` holds a wrangler dry-run build. */
export async function benchWorkerRequests(outdir = 'dist/size') {
  const { fake, base, vars } = await startFakeWithBook('bench');
  const count = async () => {
    const calls = (await (await fetch(`${base}/__fake/calls`)).json()) as { service: string }[];
    return { cohere: calls.filter((c) => c.service === 'cohere').length, qdrant: calls.filter((c) => c.service === 'qdrant').length };
  };
  const options = { modules: workerModules(outdir), modulesRoot: outdir, compatibilityDate: '2026-04-01', kvNamespaces: ['EMBED_CACHE'], ...QUIET_LOGS };
  const upstream = new Miniflare({ ...options, bindings: vars });
  await upstream.ready;
  const otherPids = canReadCpu() ? workerdPids() : [];
  const embedded = new Miniflare({ ...options, bindings: {} });
  await embedded.ready;
  const embeddedPid = canReadCpu() ? workerdPids().find((pid) => !otherPids.includes(pid)) : undefined;
  try {
    const rows: ScenarioRow[] = [];
    await timed(upstream, 'http://w/search?q=warm+up+the+isolate'); // collection facts cached per isolate
    const trivialMs = await median(upstream, 'http://w/');
    let n = 0;
    for (const [scenario, query] of Object.entries(SCENARIOS)) {
      const q = `q=how+do+I+tune+qos+reliability+${n++}&k=5&${query}`;
      const before = await count();
      await timed(upstream, `http://w/search?${q}`);
      const afterMiss = await count();
      // Bypass the result cache: this table is about the search itself with the embedding cached.
      await timed(upstream, `http://w/search?${q}&cache=bypass`);
      const afterHit = await count();
      rows.push({
        scenario,
        missCalls: `${afterMiss.cohere - before.cohere} Cohere + ${afterMiss.qdrant - before.qdrant} Qdrant`,
        hitCalls: `${afterHit.cohere - afterMiss.cohere} Cohere + ${afterHit.qdrant - afterMiss.qdrant} Qdrant`,
        warmMs: await median(upstream, `http://w/search?${q}&cache=bypass`),
      });
    }
    const request = { defaults: { k: 5, mode: 'hybrid' }, queries: BATCH };
    const beforeBatch = await count();
    await timed(upstream, 'http://w/search/batch', request);
    const batchMiss = await count();
    await timed(upstream, 'http://w/search/batch', request);
    const batchHit = await count();
    const singles = async () => {
      const started = performance.now();
      // Bypass: the batch is computed afresh every time, so the singles must be too.
      for (const q of BATCH) await timed(upstream, `http://w/search?q=${encodeURIComponent(q)}&k=5&mode=hybrid&cache=bypass`);
      return performance.now() - started;
    };
    const singleTimes = [await singles(), await singles(), await singles()].sort((a, b) => a - b);
    const batch = {
      queries: BATCH.length,
      missCalls: `${batchMiss.cohere - beforeBatch.cohere} Cohere + ${batchMiss.qdrant - beforeBatch.qdrant} Qdrant`,
      hitCalls: `${batchHit.cohere - batchMiss.cohere} Cohere + ${batchHit.qdrant - batchMiss.qdrant} Qdrant`,
      batchMs: await median(upstream, 'http://w/search/batch', 5, request),
      singlesMs: singleTimes[1]!,
    };
    const coldSearch = async () => timed(embedded, 'http://w/search?q=what+is+a+ros+2+topic&k=5');
    let cold = { ms: 0 };
    const coldCpuMs = embeddedPid === undefined ? null : await cpuMsPer(embeddedPid, 1, async () => { cold = await coldSearch(); });
    if (embeddedPid === undefined) cold = await coldSearch();
    const warmEmbedded: Record<string, number> = {};
    for (const mode of ['semantic', 'keyword', 'hybrid']) warmEmbedded[mode] = await median(embedded, `http://w/search?q=what+is+a+ros+2+topic&k=5&mode=${mode}&cache=bypass`);
    const embeddedTrivial = await median(embedded, 'http://w/');
    const cpu = embeddedPid === undefined ? null : { coldMs: coldCpuMs!, ...(await embeddedCpu(embedded, embeddedPid)) };
    return { rows, batch, trivialMs, coldEmbeddedMs: cold.ms, warmEmbedded, embeddedTrivial, cpu };
  } finally {
    await Promise.all([upstream.dispose(), embedded.dispose()]);
    await fake.close();
  }
}

/**
 * Mean workerd CPU per request of the embedded default, warm: a trivial request, then each mode over
 * the sample book's questions (each asked once per mode, result cache bypassed), so a per-isolate
 * memo of one question does not make the figure.
 */
async function embeddedCpu(mf: Miniflare, pid: number): Promise<{ trivialMs: number; searchMs: Record<string, number> }> {
  const questions = (JSON.parse(readFileSync('sample-book/queries.json', 'utf8')) as { query: string }[]).map((q) => q.query);
  const trivialMs = await cpuMsPer(pid, questions.length, async () => {
    for (let i = 0; i < questions.length; i++) await timed(mf, 'http://w/');
  });
  const searchMs: Record<string, number> = {};
  for (const mode of ['semantic', 'keyword', 'hybrid']) {
    searchMs[mode] = await cpuMsPer(pid, questions.length, async () => {
      for (const q of questions) await timed(mf, `http://w/search?q=${encodeURIComponent(q)}&k=5&mode=${mode}&cache=bypass`);
    });
  }
  return { trivialMs, searchMs };
}
