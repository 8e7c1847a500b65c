/**
 * node:util parseArgs with messages fit for a terminal. Its own are written for programmers (and,
 * with positionals allowed, end in an unbalanced quote: `… as in '-- "--topk"`); a typo deserves
 * "unknown option --topk (did you mean --top-k?)". Every command that parses flags goes through here.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { typoOf } from '../core/common/upstream/closest-name';
import { usageError } from './cli-failure';

type FlagTable = NonNullable<ParseArgsConfig['options']>;

/**
 * parseArgs (strict unless `config` says otherwise: every command here leaves it strict); a bad command line throws a usage error (`invalid_request`, exit 2) with
 * {@link flagErrorMessage}'s message.
 *
 * @example
 * parseFlags({ args: ['--top-k', '3'], options: { 'top-k': { type: 'string' } } }).values['top-k']; // '3'
 */
export function parseFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw usageError(flagErrorMessage(error, config.options ?? {}));
  }
}

/**
 * A parseArgs error in one line: an unknown option with the closest known one (edit distance), a
 * missing or unwanted value, an argument where none is taken. Anything else: its first line.
 *
 * @example
 * flagErrorMessage(parseArgsError, { 'top-k': { type: 'string' } }); // 'unknown option --topk (did you mean --top-k?)'
 */
export function flagErrorMessage(error: unknown, options: FlagTable): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  // "Unknown option '--topk'", "Option '-k, --top-k <value>' argument missing": the long name when given.
  const named = /--[^' ,<]+/.exec(message)?.[0] ?? /'(-[^' ,]*)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const near = suggestion(named, options);
    return `unknown option ${named}${near ? ` (did you mean ${near}?)` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/argument missing/.test(message)) return `${named} needs a value`;
    if (/does not take an argument/.test(message)) return `${named} takes no value`;
    // `--top-k --json`: the value was left out and the next flag taken for it. Named by its first
    // line ('-k' or '--top-k'): the rest names '--top-k=-XYZ', which the pattern above would pick.
    const ambiguous = /^Option '([^']+)' argument is ambiguous/.exec(message)?.[1];
    if (ambiguous) {
      const long = longFlag(ambiguous, options);
      return `${long} needs a value (one that starts with "-" is written ${long}=-…)`;
    }
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    // Up to the quote before node's next sentence: the argument may hold quotes itself ("it's").
    const argument = /^Unexpected argument '(.*)'\. This command/s.exec(message)?.[1] ?? /'([^']*)'/.exec(message)?.[1] ?? '';
    return `unexpected argument "${argument}": this command takes options only`;
  }
  return message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/s, '');
}

/** `flag` as its long form: `-k` → `--top-k` when `top-k` has the short name `k`. */
function longFlag(flag: string, options: FlagTable): string {
  if (flag.startsWith('--')) return flag;
  const name = Object.entries(options).find(([, option]) => option.short === flag.slice(1))?.[0];
  return name === undefined ? flag : `--${name}`;
}

/**
 * The long flag closest to `flag` by edit distance (`--topk` → `--top-k`, `--prot` → `--port`), or
 * null when `flag` is a short one or none is within 2 edits and half its length: `--bogus` is no
 * typo of `--tags`, though 3 edits apart.
 */
function suggestion(flag: string, options: FlagTable): string | null {
  if (!flag.startsWith('--')) return null;
  const near = typoOf(flag.slice(2), Object.keys(options));
  return near === null ? null : `--${near}`;
}
