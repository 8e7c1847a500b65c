import { describe, expect, it } from 'vitest';
import { CliFailure, describeFailure, EXIT, reportFailure, usageError } from '../../src/cli/cli-failure';
import { RetrieverError } from '../../src/core/common/errors';
import { INGEST_USAGE } from '../../src/cli/ingest/ingest-args';
import { RETRIEVE_USAGE } from '../../src/cli/retrieve/args';

describe('the CLI error mapper', () => {
  it('gives an unexpected error its own exit code, never the "no results" one', () => {
    const failure = describeFailure(new TypeError("Cannot read properties of undefined (reading 'points')"), 'ingest');
    expect(failure.code).toBe(EXIT.internal);
    expect(failure.code).not.toBe(EXIT.noResults);
    expect(failure.message).toMatch(/^unexpected error: Cannot read properties/);
    expect(failure.hint).toMatch(/bug/);
  });

  it('reports usage errors the same way for every command', () => {
    for (const command of ['ingest', 'retrieve'] as const) {
      const lines: string[] = [];
      const code = reportFailure(usageError(command, '--dims must be an integer'), command, (text) => lines.push(text));
      expect(code).toBe(EXIT.config);
      expect(lines).toEqual([`${command}: --dims must be an integer\n  hint: run \`${command} --help\` for usage`]);
    }
  });

  it('maps the core taxonomy: configuration 2 with the variables, upstream 3, a core hint wins', () => {
    expect(describeFailure(new RetrieverError('config_error', 'missing', { variables: ['QDRANT_URL'] }), 'retrieve')).toEqual({
      code: EXIT.config,
      message: 'missing',
      hint: 'set QDRANT_URL in the environment or .dev.vars',
    });
    expect(describeFailure(new RetrieverError('vector_store_unavailable', 'down'), 'ingest').code).toBe(EXIT.upstream);
    expect(describeFailure(new RetrieverError('config_error', 'gone', { hint: 'run `npm run build:index`' }), 'retrieve').hint).toBe('run `npm run build:index`');
    expect(describeFailure(new RetrieverError('internal_error', 'boom'), 'retrieve').code).toBe(EXIT.internal);
    expect(describeFailure(new CliFailure(EXIT.upstream, 'no Worker', 'start it'), 'retrieve')).toEqual({ code: 3, message: 'no Worker', hint: 'start it' });
  });
});

describe('the exit codes --help lists', () => {
  // The README lists 0–4 for both commands; a help text that stops at 3 hides that a bug exits 4.
  const listed = (usage: string) => [...usage.slice(usage.indexOf('Exit codes:')).matchAll(/(?:^|:|·|\n)\s*(\d)\s+(\S[^·\n]*)/g)].map((m) => [Number(m[1]), m[2]!.trim()] as const);

  it.each([['ingest', INGEST_USAGE], ['retrieve', RETRIEVE_USAGE]])('%s --help lists every code the CLI exits with, 4 as an unexpected error', (_, usage) => {
    const codes = listed(usage);
    expect(codes.map(([code]) => code)).toEqual(Object.values(EXIT));
    expect(codes.find(([code]) => code === EXIT.internal)?.[1]).toMatch(/^unexpected error \(a bug/);
  });
});
