/**
 * Shared helpers for the ingest CLI tests: run `runIngest` with console output captured, give
 * each test its own tenant of the in-process fake Cohere + Qdrant, and copy fixture books into
 * temp dirs so tests can edit them.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { freePort } from '../../support/free-port';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { runIngest } from '../../../src/cli/ingest';
import { collectChunks } from '../../../src/cli/ingest/collect-chunks';
import { createProgress } from '../../../src/cli/ingest/progress';
import { ingestLocal } from '../../../src/cli/ingest/target-local';
import type { CallRecord, FaultSpec } from '../../support/fake-upstream';

/** The mini fixture book (2 modules, 7 markdown files of which 3 are bad). */
export const MINI_BOOK = resolve(__dirname, '../../fixtures/books/mini');

/** Output and exit code of one CLI run. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs the ingest command with `console.log`/`console.error` captured. */
export async function runCli(argv: string[], env: Record<string, string>): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.map(String).join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.map(String).join(' ')));
  try {
    const code = await runIngest(argv, env);
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** A point as scrolled back from the fake Qdrant. */
export interface ScrolledPoint {
  id: string | number;
  payload: Record<string, unknown>;
  /** Named vectors, or the bare dense array when only the unnamed vector was asked for. */
  vector?: Record<string, unknown> | number[];
}

/** One isolated tenant of the fake: its env for the CLI plus inspection helpers. */
export interface Tenant {
  base: string;
  env: Record<string, string>;
  calls(): Promise<CallRecord[]>;
  faults(specs: FaultSpec[]): Promise<void>;
  qdrant<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }>;
  scroll(collection: string, withVector?: boolean | string[]): Promise<ScrolledPoint[]>;
}

/** A fresh tenant `${fakeUrl}/t/<name>-<random>` used as both COHERE_BASE_URL and QDRANT_URL. */
export function tenant(fakeUrl: string, name: string): Tenant {
  const base = `${fakeUrl}/t/${name}-${randomUUID().slice(0, 8)}`;
  const qdrant = async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'api-key': 'test-qdrant-key', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as T };
  };
  return {
    base,
    env: { COHERE_API_KEY: 'test-cohere-key', COHERE_BASE_URL: base, QDRANT_URL: base, QDRANT_API_KEY: 'test-qdrant-key' },
    calls: async () => (await (await fetch(`${base}/__fake/calls`)).json()) as CallRecord[],
    faults: async (specs) => {
      const res = await fetch(`${base}/__fake/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(specs) });
      if (!res.ok) throw new Error(`fault setup failed: ${await res.text()}`);
    },
    qdrant,
    scroll: async (collection, withVector = false) => {
      const points: ScrolledPoint[] = [];
      let offset: unknown = undefined;
      do {
        const body: Record<string, unknown> = { limit: 100, with_payload: true, with_vector: withVector };
        if (offset !== undefined && offset !== null) body.offset = offset;
        const { status, json } = await qdrant<{ result: { points: ScrolledPoint[]; next_page_offset: unknown } }>('POST', `/collections/${collection}/points/scroll`, body);
        if (status !== 200) throw new Error(`scroll failed with ${status}`);
        points.push(...json.result.points);
        offset = json.result.next_page_offset;
      } while (offset !== undefined && offset !== null);
      return points;
    },
  };
}

/**
 * Calls logged after the first `skip` ones. The fake's log only grows (its reset would drop the
 * collections too), so a test notes the length before a run and slices after it.
 */
export async function callsSince(t: Tenant, skip: number): Promise<CallRecord[]> {
  return (await t.calls()).slice(skip);
}

/** Writes that change a collection's points or layout. */
export function writeCalls(calls: CallRecord[]): CallRecord[] {
  return calls.filter(
    (c) =>
      (c.method === 'PUT' && /\/points$/.test(c.path)) ||
      (c.method === 'POST' && /\/points\/delete$/.test(c.path)) ||
      (c.method === 'PUT' && /^\/collections\/[^/]+(\/index)?$/.test(c.path)) ||
      c.method === 'PATCH' ||
      c.method === 'DELETE',
  );
}

/** Cohere embed calls. */
export function embedCalls(calls: CallRecord[]): CallRecord[] {
  return calls.filter((c) => c.service === 'cohere' && c.path === '/v2/embed');
}

/** Copies a fixture book into a fresh temp dir and returns the copy's path. */
export async function copyBook(source: string = MINI_BOOK): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ingest-book-'));
  await cp(source, dir, { recursive: true });
  return dir;
}

/** A fresh empty temp dir. */
export function tempDir(prefix = 'ingest-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Runs `work` in a fresh temp dir, removed afterwards whatever happens. */
export async function inTempDir<T>(prefix: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await tempDir(prefix);
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * For the file's tests: writes `pages` (file name → markdown) into a fresh `<dir>/docs` before them
 * and builds their embedded index at `<dir>/index.bin` (LSA at 3 dimensions), as `npm run ingest --
 * --target local` would; removes the dir after them. Returns the index path (once built).
 */
export function indexedPages(prefix: string, pages: Record<string, string>): () => string {
  let dir = '';
  let out = '';
  beforeAll(async () => {
    dir = await tempDir(prefix);
    await mkdir(join(dir, 'docs'));
    for (const [file, text] of Object.entries(pages)) await writeFile(join(dir, 'docs', file), text);
    out = join(dir, 'index.bin');
    const book = await collectChunks(join(dir, 'docs'), { baseUrl: '', routeBasePath: '/docs' });
    await ingestLocal(book.chunks, { out, collection: 'textbook_chunks', embedder: 'lsa', dims: 3, dryRun: false, recreate: true, config: null }, createProgress(false));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return () => out;
}

/** A loopback port nothing listens on. */
export const deadPort = freePort;
