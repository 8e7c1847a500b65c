/**
 * The CLI reads the same variables as the Worker: the process environment, over `.dev.vars`
 * (the file `wrangler dev` reads), so one file configures both.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

type Warn = (message: string) => void;

/** The variables of `cwd/.dev.vars` alone; none when there is no such file. */
function readDevVars(cwd: string, warn: Warn): Record<string, string> {
  try {
    return parseEnv(readFileSync(resolve(cwd, '.dev.vars'), 'utf8')) as Record<string, string>;
  } catch (error) {
    // No .dev.vars is normal (the environment alone configures the CLI); any other failure to read
    // it (permissions, a directory, bad syntax) would silently drop settings, so say so.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      warn(`edge-retriever: ignoring ${resolve(cwd, '.dev.vars')}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return {};
  }
}

function overlaid(fromFile: Record<string, string>, env: NodeJS.ProcessEnv): Record<string, string> {
  const merged: Record<string, string> = { ...fromFile };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return merged;
}

/**
 * Variables from `.dev.vars` (if present) overlaid by `process.env`.
 *
 * @example
 * loadCliEnv('.', { DOCS_DIR: 'my-book/docs' }).DOCS_DIR; // 'my-book/docs', whatever .dev.vars says
 */
export function loadCliEnv(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env, warn: Warn = console.warn): Record<string, string> {
  return overlaid(readDevVars(cwd, warn), env);
}

/**
 * The two views `npm run dev` needs, from one read of `.dev.vars`: `cli`, what the dev command itself
 * reads (`DOCS_DIR`), is the file under the shell's environment as everywhere in the CLI; `worker`,
 * what the Worker gets, is the file under the `--var` overrides and leaves the shell out, as
 * `wrangler dev` does.
 *
 * @example
 * const { cli, worker } = loadDevEnv(process.cwd(), process.env, { TOP_K_MAX: '20' });
 */
export function loadDevEnv(
  cwd: string,
  env: NodeJS.ProcessEnv,
  overrides: Record<string, string>,
  warn: Warn = console.warn,
): { cli: Record<string, string>; worker: Record<string, string> } {
  const fromFile = readDevVars(cwd, warn);
  return { cli: overlaid(fromFile, env), worker: { ...fromFile, ...overrides } };
}
