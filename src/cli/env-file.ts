/**
 * The CLI reads the same variables as the Worker: the process environment, over `.dev.vars`
 * (the file `wrangler dev` reads), so one file configures both.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/** Variables from `.dev.vars` (if present) overlaid by `process.env`. */
export function loadCliEnv(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  let fromFile: Record<string, string> = {};
  try {
    fromFile = parseEnv(readFileSync(resolve(cwd, '.dev.vars'), 'utf8')) as Record<string, string>;
  } catch {
    /* no .dev.vars: the environment alone configures the CLI */
  }
  const merged: Record<string, string> = { ...fromFile };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return merged;
}
