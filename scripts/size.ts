/**
 * `npm run size`: bundles the Worker exactly as `wrangler deploy` would (dry run, offline) and
 * reports gzip sizes — the code bundle against its 100 KiB budget, and the embedded index module
 * separately (it is data, and Workers' 3 MiB/10 MiB limit is on the total). Exits 1 over budget.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSize, WORKER_CODE_ALLOWANCE_KIB, WORKERS_FREE_LIMIT_KIB } from '../src/cli/ingest/worker-size';

/** The Worker code's gzip budget: the room ingest's size warning leaves for code beside the index. */
export const CODE_BUDGET_KIB = WORKER_CODE_ALLOWANCE_KIB;

/**
 * Builds into `outdir` and returns each output file's raw and gzip size in KiB. `entry` picks
 * another entry point, e.g. `src/worker/remote.ts` (the Qdrant-only build without the index).
 */
export function measureBundle(outdir = 'dist/size', entry?: string): { file: string; rawKiB: number; gzipKiB: number }[] {
  // wrangler leaves earlier outputs in place: a rebuilt index would be counted (and loaded) twice.
  rmSync(outdir, { recursive: true, force: true });
  execFileSync('node_modules/.bin/wrangler', ['deploy', '--dry-run', '--env=', '--outdir', outdir, ...(entry ? [entry] : [])], {
    stdio: 'ignore',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  return readdirSync(outdir)
    .filter((file) => !file.endsWith('.map') && !file.endsWith('.md'))
    .map((file) => {
      const bytes = readFileSync(join(outdir, file));
      return { file, rawKiB: statSync(join(outdir, file)).size / 1024, gzipKiB: gzipSize(bytes) / 1024 };
    });
}

if (process.argv[1]?.endsWith('size.ts')) {
  const files = measureBundle();
  const code = files.filter((f) => f.file.endsWith('.js'));
  const codeGzip = code.reduce((sum, f) => sum + f.gzipKiB, 0);
  const totalGzip = files.reduce((sum, f) => sum + f.gzipKiB, 0);
  for (const f of files) console.log(`${f.file.padEnd(48)} ${f.rawKiB.toFixed(1).padStart(9)} KiB raw ${f.gzipKiB.toFixed(1).padStart(8)} KiB gzip`);
  console.log(`worker code: ${codeGzip.toFixed(1)} KiB gzip (budget ${CODE_BUDGET_KIB} KiB, ${((codeGzip / CODE_BUDGET_KIB) * 100).toFixed(0)}% used)`);
  console.log(`total upload incl. embedded index: ${totalGzip.toFixed(1)} KiB gzip (Workers Free limit ${WORKERS_FREE_LIMIT_KIB} KiB)`);
  if (codeGzip > CODE_BUDGET_KIB) {
    console.error(`worker code exceeds its ${CODE_BUDGET_KIB} KiB gzip budget`);
    process.exit(1);
  }
}
