/**
 * parse-flags.ts: every command's flag mistakes read as one clean line (node's own messages end in
 * an unbalanced quote when positionals are allowed), with the closest known flag for a typo.
 */
import { describe, expect, it } from 'vitest';
import { parseDevArgs } from '../../src/cli/dev/dev-args';
import { parseIngestArgs } from '../../src/cli/ingest/ingest-args';
import { parseFlags } from '../../src/cli/parse-flags';
import { isRetrieverError } from '../../src/core/common/errors';

const OPTIONS = { 'top-k': { type: 'string', short: 'k' }, json: { type: 'boolean' } } as const;

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(isRetrieverError(error) && error.code).toBe('invalid_request'); // a usage error: exit 2
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('parseFlags', () => {
  it.each([
    [['--topk', '3'], 'unknown option --topk (did you mean --top-k?)'],
    [['--topk=3'], 'unknown option --topk (did you mean --top-k?)'],
    [['--zzzzzzzz'], 'unknown option --zzzzzzzz'],
    [['-x'], 'unknown option -x'],
    [['--top-k'], '--top-k needs a value'],
    [['--json=1'], '--json takes no value'],
    // The value left out and the next flag taken for it: node says "argument is ambiguous".
    [['--top-k', '--json'], '--top-k needs a value (one that starts with "-" is written --top-k=-…)'],
    [['-k', '--json'], '--top-k needs a value (one that starts with "-" is written --top-k=-…)'],
  ])('%j → %s', (args, message) => {
    expect(messageOf(() => parseFlags({ args, options: OPTIONS, allowPositionals: true }))).toBe(message);
  });

  it('says a command that takes no arguments was given one', () => {
    expect(messageOf(() => parseFlags({ args: ['stray'], options: OPTIONS, allowPositionals: false }))).toBe('unexpected argument "stray": this command takes options only');
    expect(messageOf(() => parseFlags({ args: ["what's this"], options: OPTIONS, allowPositionals: false }))).toBe('unexpected argument "what\'s this": this command takes options only');
  });

  it('reads a good command line as parseArgs does', () => {
    expect(parseFlags({ args: ['q', '-k', '3', '--json'], options: OPTIONS, allowPositionals: true })).toMatchObject({ values: { 'top-k': '3', json: true }, positionals: ['q'] });
  });

  it('serves ingest and dev as it serves retrieve', () => {
    expect(messageOf(() => parseIngestArgs(['docs', '--targt', 'local'], {}))).toBe('unknown option --targt (did you mean --target?)');
    expect(messageOf(() => parseDevArgs(['--prot', '8941'], {}))).toBe('unknown option --prot (did you mean --port?)');
  });
});
