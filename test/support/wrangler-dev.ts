/**
 * Starts the Worker with wrangler's dev server (through `npm run dev`'s script, src/cli/dev.ts) for
 * tests that need it over real HTTP: offline, on a free loopback port, on the tests' own index, with
 * its own KV state in a temp dir, and stops it (and the workerd it spawned) without touching any
 * other process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';
import { repoLocalVarsMasked } from './local-vars-masked';
import { TEST_INDEX } from './test-index';

/** The repository root (where wrangler.toml and node_modules are). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A running `wrangler dev`. */
export interface WranglerDev {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Everything wrangler printed so far (for failure messages). */
  log: () => string;
  /** Stops wrangler and its workerd; safe to call twice. */
  stop: () => Promise<void>;
}

/** Options of {@link startWranglerDev}. */
export interface WranglerDevOptions {
  /** `--var NAME:value` overrides of wrangler.toml's [vars]. */
  vars?: Record<string, string>;
  /** How long to wait for `/health` to answer (default 60 s). */
  readyTimeoutMs?: number;
  /** Ready once `/health` answers at all, even 503 (a Worker configured to fail on purpose). */
  degraded?: boolean;
}

/**
 * Starts `wrangler dev` from the repository root and resolves once `/health` answers 200 (or 503
 * with `degraded`).
 * Needs the tests' own index (test/support/test-index.ts, built by the vitest globalSetup).
 *
 * @example
 * const worker = await startWranglerDev({ vars: { CORS_ORIGINS: 'http://127.0.0.1:5000' } });
 * try { await fetch(`${worker.url}/search?q=topics`); } finally { await worker.stop(); }
 */
export async function startWranglerDev(options: WranglerDevOptions = {}): Promise<WranglerDev> {
  const tsx = resolve(REPO_ROOT, 'node_modules/.bin/tsx');
  if (!existsSync(TEST_INDEX)) throw new Error('the test index is missing: run the tests through vitest (its globalSetup builds it)');
  const port = await freePort();
  const state = mkdtempSync(join(tmpdir(), 'wrangler-dev-'));
  const url = `http://127.0.0.1:${port}`;
  // wrangler splits --var on the first colon only, so URLs with ports pass through intact.
  // The developer's .dev.vars is masked first (wrangler.toml's [vars] or unset): a test sets what it needs.
  const vars = Object.entries({ ...repoLocalVarsMasked(), ...options.vars }).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  const args = ['src/cli/dev.ts', '--ip', '127.0.0.1', '--port', String(port), '--index', TEST_INDEX, '--persist-to', state, ...vars];
  // Own process group, so stop() ends wrangler and the workerd it starts, and nothing else.
  const child: ChildProcess = spawn(tsx, args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DOCS_DIR: 'sample-book/docs', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' },
  });
  let log = '';
  child.stdout?.on('data', (chunk) => void (log += String(chunk)));
  child.stderr?.on('data', (chunk) => void (log += String(chunk)));

  const stop = async (): Promise<void> => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    rmSync(state, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`wrangler dev exited early:\n${log}`);
    }
    const ok = await fetch(`${url}/health`).then((r) => r.ok || (options.degraded === true && r.status === 503), () => false);
    if (ok) return { url, log: () => log, stop };
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not answer /health within ${options.readyTimeoutMs ?? 60_000} ms:\n${log}`);
}
