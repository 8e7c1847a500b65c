/**
 * `npm run dev` options (node:util parseArgs: strict, so a typo is an error, not a silent no-op).
 */
import { configSchema } from '../../core/common/config/config-schema';
import { mayHoldSecret, parseConfig } from '../../core/common/config/parse-config';
import { closestName } from '../../core/common/upstream/closest-name';
import { qdrantCloudPortWarning } from '../ingest/qdrant-cloud-port';
import { parseFlags } from '../parse-flags';

/** Parsed dev-server options. */
export interface DevArgs {
  ip: string;
  port: number;
  /** `--var NAME:VALUE` overrides of wrangler.toml's [vars] (and .dev.vars). */
  vars: Record<string, string>;
  /** Local KV/cache state directory (default: wrangler's `.wrangler/state`). */
  persistTo: string | undefined;
  /** Devtools inspector port; none unless given. */
  inspectorPort: number | undefined;
  /** Index file to build and serve (default: the book's own file under generated/indexes/). */
  index: string | undefined;
  help: boolean;
}

const VAR_NAME = /^[A-Za-z_]\w*$/;

/** Usage text for `--help` and errors. */
export const DEV_USAGE = `Usage: npm run dev -- [options]      (DOCS_DIR=path/to/docs to serve another book)

  --port N                 port (default: PORT or 8787)
  --ip ADDRESS             address to listen on (default: 127.0.0.1)
  --var NAME:VALUE         override a [vars] / .dev.vars value; repeatable
  --persist-to DIR         where local KV and cache state live (default: .wrangler/state)
  --inspector-port N       open the devtools inspector on this port
  --index FILE             index file to build and serve (default: generated/indexes/<book>.bin)
  -h, --help               this help`;

/**
 * Parses argv (without node and script); throws an Error with a readable message on bad input.
 *
 * @example
 * parseDevArgs(['--port', '8791'], {}).port; // 8791
 */
export function parseDevArgs(argv: string[], env: Record<string, string | undefined>): DevArgs {
  const { values } = parseFlags({
    args: argv,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      ip: { type: 'string' },
      var: { type: 'string', multiple: true },
      'persist-to': { type: 'string' },
      'inspector-port': { type: 'string' },
      index: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const vars: Record<string, string> = {};
  for (const pair of values.var ?? []) {
    const colon = pair.indexOf(':');
    const name = pair.slice(0, Math.max(colon, 0));
    if (!VAR_NAME.test(name)) {
      // `NAME=VALUE` is the usual slip, and its URL's own colon would pass the first check. The
      // value is never echoed: it may be a key.
      const assigned = /^([A-Za-z_]\w*)=/.exec(pair)?.[1];
      throw new Error(assigned
        ? `--var expects NAME:VALUE, with a colon as in wrangler's --var: write ${assigned}:… instead of ${assigned}=…`
        : '--var expects NAME:VALUE, NAME a variable name (letters, digits, _)');
    }
    vars[name] = pair.slice(colon + 1);
  }
  return {
    ip: values.ip ?? '127.0.0.1',
    port: portNumber('--port', values.port ?? env.PORT ?? '8787'),
    vars,
    persistTo: values['persist-to'],
    inspectorPort: values['inspector-port'] === undefined ? undefined : portNumber('--inspector-port', values['inspector-port']),
    index: values.index,
    help: values.help ?? false,
  };
}

/**
 * A port number given as text (0–65535); throws an Error naming `flag` otherwise.
 *
 * @example
 * portNumber('--port', '8800'); // 8800
 */
export function portNumber(flag: string, text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${flag} must be a port number (0-65535), got "${text}"`);
  return port;
}

/**
 * `--var` values as wrangler bindings: a name that may hold a credential (KEY, TOKEN, SECRET,
 * PASSWORD, URL) is a secret binding, which wrangler's start-up table shows as "(hidden)" as it does
 * for `.dev.vars`; as plain text it printed the key in the terminal.
 *
 * @example
 * devVarBindings({ COHERE_API_KEY: 'k', TOP_K_MAX: '20' });
 * // { COHERE_API_KEY: { type: 'secret_text', value: 'k' }, TOP_K_MAX: { type: 'plain_text', value: '20' } }
 */
export function devVarBindings(vars: Record<string, string>): Record<string, { type: 'secret_text' | 'plain_text'; value: string }> {
  return Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: mayHoldSecret(name) ? 'secret_text' : 'plain_text', value }]));
}

// What a dev server's Worker reads besides the configuration: the book to bundle (the CLI's).
const OTHER_VARIABLES = ['DOCS_DIR'];

/**
 * What to tell the developer before the server starts, about the variables its Worker gets
 * (`.dev.vars` and `--var`): a configuration every request would refuse (`config_error`, said once
 * here instead of on the first request), a Qdrant Cloud URL without its port, and a `--var` name the Worker never reads (a typo is
 * otherwise silently ignored). Warnings, not errors: the server still starts, so a deliberate
 * misconfiguration can be tried.
 *
 * @example
 * devVarWarnings({ TOPK_MAX: '5' }, ['TOPK_MAX']); // ['--var TOPK_MAX is not a variable the Worker reads (did you mean TOP_K_MAX?)']
 */
export function devVarWarnings(workerVars: Record<string, string>, fromFlags: readonly string[]): string[] {
  const warnings: string[] = [];
  const known = [...Object.keys(configSchema.shape), ...OTHER_VARIABLES];
  for (const name of fromFlags) {
    if (known.includes(name)) continue;
    const near = closestName(name, known);
    warnings.push(`--var ${name} is not a variable the Worker reads${near ? ` (did you mean ${near}?)` : ''}`);
  }
  try {
    parseConfig(workerVars);
  } catch (error) {
    warnings.push(`every search will answer config_error until this is fixed: ${(error as Error).message}`);
  }
  // As ingest says it: the Worker's own QDRANT_URL without Qdrant Cloud's :6333 fails every search.
  const port = qdrantCloudPortWarning(workerVars.QDRANT_URL ?? '');
  if (port) warnings.push(port);
  return warnings;
}
