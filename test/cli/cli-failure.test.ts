import { describe, expect, it } from 'vitest';
import { describeFailure, EXIT, reportFailure, usageError, withContext, WorkerUnavailable } from '../../src/cli/cli-failure';
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
      const code = reportFailure(usageError('--dims must be an integer'), command, (text) => lines.push(text));
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
    expect(describeFailure(new WorkerUnavailable('no Worker', 'start it'), 'retrieve')).toEqual({ code: 3, message: 'no Worker', hint: 'start it' });
  });

  it('a failed connection: "nothing answered" only when nothing did; a connection closed mid-answer says so', () => {
    const hint = (code: 'vector_store_unavailable' | 'embedding_failed', upstream: string, connection?: string) =>
      describeFailure(new RetrieverError(code, 'x', { upstream, network: true, ...(connection ? { connection } : {}) }), 'ingest').hint;
    expect(hint('vector_store_unavailable', 'qdrant', 'unreachable')).toMatch(/^nothing answered at QDRANT_URL: check its host and port/);
    expect(hint('embedding_failed', 'cohere', 'unreachable')).toMatch(/^nothing answered at COHERE_BASE_URL/);
    for (const [code, upstream, service] of [['vector_store_unavailable', 'qdrant', 'Qdrant'], ['embedding_failed', 'cohere', 'Cohere']] as const) {
      const dropped = hint(code, upstream, 'dropped');
      expect(dropped).toMatch(new RegExp(`^${service} accepted the connection and closed it before its answer was complete`));
      expect(dropped).not.toMatch(/nothing answered|check its host/);
    }
    // Unknown (no cause code): neither story is told.
    expect(hint('vector_store_unavailable', 'qdrant')).toMatch(/^check the network, the URLs and the API keys/);
  });

  it('a refused key points at that key, not at the network or the URLs that did answer', () => {
    const hint = (code: 'vector_store_error' | 'embedding_failed' | 'rerank_failed', status: number) =>
      describeFailure(new RetrieverError(code, 'x', { upstream_status: status }), 'ingest').hint;
    for (const status of [401, 403]) {
      expect(hint('vector_store_error', status)).toMatch(/^Qdrant answered and refused the key: put this cluster's QDRANT_API_KEY/);
      expect(hint('embedding_failed', status)).toMatch(/^Cohere answered and refused the key: put a valid COHERE_API_KEY/);
      expect(hint('rerank_failed', status)).toMatch(/COHERE_API_KEY/);
      expect(hint('vector_store_error', status)).not.toMatch(/check the network/);
    }
    // Another refusal (a 400, a 404 that is no missing collection) keeps the general hint.
    expect(hint('vector_store_error', 400)).toMatch(/^check the network, the URLs and the API keys/);
  });

  it('a missing collection lists what the cluster holds, or says it listed none', () => {
    const hint = (available: unknown) => describeFailure(new RetrieverError('collection_not_found', 'x', { collection: 'bike_chunks', available, suggestion: null }), 'retrieve');
    expect(hint(['notes', 'textbook_chunks'])).toEqual({ code: EXIT.config, message: 'x', hint: 'the cluster holds "notes", "textbook_chunks": set QDRANT_COLLECTION to one of them, or ingest into this one' });
    expect(hint([]).hint).toMatch(/^Qdrant listed no collection: run `ingest <docs>`/);
    // Not told (a Worker lists them only to its own callers): unknown, never "none".
    expect(hint(undefined).hint).toMatch(/^the collection and the configuration disagree: check QDRANT_COLLECTION/);
    const many = Array.from({ length: 13 }, (_, i) => `c${i}`);
    expect(hint(many).hint).toMatch(/"c9" and 3 more: set QDRANT_COLLECTION/);
  });

  it('a usage error is core\'s invalid_request, its own hint replacing "--help"', () => {
    expect(usageError('--out is a folder')).toMatchObject({ name: 'RetrieverError', code: 'invalid_request' });
    expect(describeFailure(usageError('--out is a folder', 'pass a file'), 'ingest')).toEqual({ code: EXIT.config, message: '--out is a folder', hint: 'pass a file' });
  });

  it('puts context before a message and keeps the exit code and hint it had', () => {
    const cases = [
      new WorkerUnavailable('no Worker', 'start it'),
      new RetrieverError('config_error', 'missing', { variables: ['QDRANT_URL'] }),
      new RetrieverError('vector_store_unavailable', 'down'),
      usageError('bad', 'fix it'),
    ];
    for (const error of cases) {
      const before = describeFailure(error, 'retrieve');
      expect(describeFailure(withContext(error, 'query q1 ("x")'), 'retrieve')).toEqual({ ...before, message: `query q1 ("x"): ${before.message}` });
    }
    const bug = new TypeError('x is undefined');
    expect(withContext(bug, 'query q1')).toBe(bug);
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
