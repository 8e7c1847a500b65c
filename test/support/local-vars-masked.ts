/**
 * The tests' view of the configuration: wrangler.toml's [vars], never a developer's local files.
 * wrangler reads `.dev.vars` (or `.env` when there is none) beside wrangler.toml for every
 * Workers-runtime test and `wrangler dev`, and the CLI reads `.dev.vars` from its working folder, so
 * a deployer who filled `.dev.vars` as the README says (a Cohere key, QDRANT_URL, API_KEYS,
 * CORS_ORIGINS…) saw `npm test` fail: /health answered keyless callers with its status alone, a
 * spawned `retrieve` searched their Qdrant instead of the test index.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unstable_readConfig } from 'wrangler';

/** The variable names a dotenv-style file assigns (`NAME=…`, `export NAME=…`), in file order. */
export function assignedNames(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const name = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Bindings that put back, for every variable the local `.dev.vars` / `.env` beside `configPath`
 * sets, wrangler.toml's [vars] value, or '' (the Worker reads an empty variable as unset). Merged
 * over the bindings wrangler computed, they undo the local file.
 *
 * @example
 * localVarsMasked('wrangler.toml'); // { API_KEYS: '', CORS_ORIGINS: '*' } with those two in .dev.vars
 */
export function localVarsMasked(configPath: string): Record<string, string> {
  const dir = dirname(configPath);
  const names = ['.dev.vars', '.env'].flatMap((file) => (existsSync(join(dir, file)) ? assignedNames(readFileSync(join(dir, file), 'utf8')) : []));
  if (names.length === 0) return {};
  const vars = unstable_readConfig({ config: configPath }).vars as Record<string, unknown>;
  return Object.fromEntries(names.map((name) => [name, typeof vars[name] === 'string' ? (vars[name] as string) : '']));
}

/**
 * The same mask for the repository's own wrangler.toml: merged over a spawned CLI's environment (the
 * environment wins over `.dev.vars`) or given as `npm run dev` `--var`s (they win over it too).
 *
 * @example
 * spawnSync(node, ['bin/retrieve.mjs', …], { env: { PATH, ...repoLocalVarsMasked() } });
 */
export function repoLocalVarsMasked(): Record<string, string> {
  return localVarsMasked(resolve(dirname(fileURLToPath(import.meta.url)), '../../wrangler.toml'));
}
