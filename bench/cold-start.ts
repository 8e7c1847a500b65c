/**
 * Cold start with and without the bundled sample index: a fresh workerd (Miniflare) per sample,
 * timed to `ready` (process start, script load and evaluation) and to the end of the first
 * request (`GET /`, which touches neither store), alternating the two builds so machine load
 * affects both alike. Both builds get the same Qdrant configuration.
 */
import { Miniflare } from 'miniflare';
import { median, timedGet } from './load';
import { QUIET_LOGS, workerModules } from './worker-requests';

/** Median cold-start figures of one build. */
export interface ColdStart {
  readyMs: number;
  firstRequestMs: number;
}

/** Measures `builds` (name → wrangler dry-run outdir) `samples` times each. */
export async function benchColdStart(builds: Record<string, string>, bindings: Record<string, string>, samples = 5): Promise<Record<string, ColdStart>> {
  const raw: Record<string, { ready: number[]; first: number[] }> = {};
  for (let i = 0; i < samples; i++) {
    for (const [name, outdir] of Object.entries(builds)) {
      const started = performance.now();
      const mf = new Miniflare({ modules: workerModules(outdir), modulesRoot: outdir, compatibilityDate: '2026-04-01', kvNamespaces: ['EMBED_CACHE'], bindings, ...QUIET_LOGS });
      const base = await mf.ready;
      const ready = performance.now() - started;
      const first = await timedGet(base, '/');
      if (first.status !== 200) throw new Error(`${name}: GET / answered ${first.status}`);
      (raw[name] ??= { ready: [], first: [] }).ready.push(ready);
      raw[name].first.push(first.ms);
      await mf.dispose();
    }
  }
  return Object.fromEntries(Object.entries(raw).map(([name, r]) => [name, { readyMs: median(r.ready), firstRequestMs: median(r.first) }]));
}
