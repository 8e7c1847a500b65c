/**
 * What the re-ingest tests share: one fake upstream per test file, fresh tenants with a private
 * copy of the mini book ingested once, and the point ids a run upserted or deleted.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { callsSince, copyBook, runCli, tenant, type Tenant } from './ingest-harness';

/** The file's fake upstream (a live binding: set by `useFakeUpstream`'s beforeAll). */
export let fake: FakeUpstream;
/** Book copies to remove once the file's tests are done. */
export const dirs: string[] = [];

/** Starts the fake before the file's tests and stops it, and removes the book copies, after them. */
export function useFakeUpstream(): void {
  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterAll(async () => {
    await fake.close();
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
}

/** A fresh tenant with the mini book (a private copy) ingested once. */
export async function ingested(name: string): Promise<{ t: Tenant; dir: string; ids: string[]; ingest: (...extra: string[]) => ReturnType<typeof runCli> }> {
  const dir = await copyBook();
  dirs.push(dir);
  const t = tenant(fake.url, name);
  const ingest = (...extra: string[]) => runCli([dir, '--target', 'qdrant', '--collection', 'mini', '--quiet', ...extra], t.env);
  const first = await ingest();
  expect(first.code, first.err).toBe(0);
  const ids = (await t.scroll('mini')).map((p) => String(p.id)).sort();
  return { t, dir, ids, ingest };
}

/** The point ids the calls upserted, sorted. */
export const upsertedIds = (calls: Awaited<ReturnType<typeof callsSince>>) =>
  calls.filter((c) => c.method === 'PUT' && /\/points$/.test(c.path)).flatMap((c) => (c.body as { points: { id: string }[] }).points.map((p) => p.id)).sort();
/** The point ids the calls deleted, sorted. */
export const deletedIds = (calls: Awaited<ReturnType<typeof callsSince>>) =>
  calls.filter((c) => c.method === 'POST' && /\/points\/delete$/.test(c.path)).flatMap((c) => (c.body as { points: string[] }).points).sort();
