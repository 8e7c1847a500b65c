/**
 * `-k -1`, `--dims -1`, `--threshold -0.5`: node's parseArgs reads a value that starts with "-" as
 * another option and answers "Option '-k' argument is ambiguous", which hides the real mistake (a
 * value out of range). Joined to its option (`--top-k=-1`), the value reaches the command's own
 * check, which names the range.
 */

type Options = Readonly<Record<string, { type: 'string' | 'boolean'; short?: string }>>;

/**
 * `argv` with each negative number that follows a value-taking option joined to it as `--name=value`.
 *
 * @example
 * joinNegativeValues(['q', '-k', '-1'], { 'top-k': { type: 'string', short: 'k' } }); // ['q', '--top-k=-1']
 */
export function joinNegativeValues(argv: readonly string[], options: Options): string[] {
  const takesValue = new Map<string, string>();
  for (const [name, option] of Object.entries(options)) {
    if (option.type !== 'string') continue;
    takesValue.set(`--${name}`, name);
    if (option.short) takesValue.set(`-${option.short}`, name);
  }
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = takesValue.get(argv[i]!);
    const next = argv[i + 1];
    if (name !== undefined && next !== undefined && /^-[\d.]/.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(argv[i]!);
  }
  return out;
}
