/**
 * The CLI reads the same variables as the Worker: the process environment, over `.dev.vars`
 * (the file `wrangler dev` reads), so one file configures both.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/** Variables from `.dev.vars` (if present) overlaid by `process.env`. */
export function loadCliEnv(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env, warn: (message: string) => void = console.warn): Record<string, string> {
  let fromFile: Record<string, string> = {};
  try {
    fromFile = parseEnv(readFileSync(resolve(cwd, '.dev.vars'), 'utf8')) as Record<string, string>;
  } catch (error) {
    // No .dev.vars is normal (the environment alone configures the CLI); any other failure to read
    // it (permissions, a directory, bad syntax) would silently drop settings, so say so.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      warn(`edge-retriever: ignoring ${resolve(cwd, '.dev.vars')}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const merged: Record<string, string> = { ...fromFile };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return merged;
}
