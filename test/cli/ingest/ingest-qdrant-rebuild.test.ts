/**
 * Re-ingesting into Qdrant, the runs that are not plain updates: --dry-run writes nothing (and
 * creates no collection), --recreate rebuilds (dropping the old collection only once the book is
 * embedded), and a collection built with another embedding model is refused.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callsSince, copyBook, embedCalls, runCli, tenant, writeCalls } from './ingest-harness';
import { dirs, fake, ingested, upsertedIds, useFakeUpstream } from './sync-harness';

useFakeUpstream();

describe('ingest --target qdrant, second runs', () => {
  it('--dry-run reports what would change and writes nothing', async () => {
    const { t, dir, ids, ingest } = await ingested('sync-dry');
    const introCount = (await t.scroll('mini')).filter((p) => p.payload.file_path === 'intro.md').length;
    await rm(join(dir, 'intro.md'));
    const file = join(dir, '01-sensing/index.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('timing reflected light pulses', 'timing reflected laser pulses'));
    const before = (await t.calls()).length;
    const run = await ingest('--dry-run');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^Dry run: /);
    expect(run.out).toContain(`would add 0 · update 1 · delete ${introCount} · unchanged ${ids.length - 1 - introCount}`);
    const calls = await callsSince(t, before);
    expect(writeCalls(calls)).toEqual([]);
    expect(embedCalls(calls)).toEqual([]);
    expect((await t.scroll('mini')).map((p) => String(p.id)).sort()).toEqual(ids);
  });

  it('--dry-run on a missing collection does not create it', async () => {
    const t = tenant(fake.url, 'sync-dry-new');
    const dir = await copyBook();
    dirs.push(dir);
    const run = await runCli([dir, '--target', 'qdrant', '--collection', 'mini', '--dry-run', '--json'], t.env);
    expect(run.code, run.err).toBe(0);
    const report = JSON.parse(run.out) as { dry_run: boolean; added: number; chunks: number };
    expect(report.dry_run).toBe(true);
    expect(report.added).toBe(report.chunks);
    expect(writeCalls(await t.calls())).toEqual([]);
    expect((await t.qdrant<{ result: { exists: boolean } }>('GET', '/collections/mini/exists')).json.result.exists).toBe(false);
  });

  it('--recreate drops the collection and rebuilds every point', async () => {
    const { t, ids, ingest } = await ingested('sync-recreate');
    // A point the ingester did not write, to show the old collection is really gone.
    const stray = await t.qdrant('PUT', '/collections/mini/points?wait=true', { points: [{ id: 424242, vector: { '': new Array(1024).fill(0.1), bm25: { indices: [1], values: [1] } }, payload: { note: 'stray' } }] });
    expect(stray.status).toBe(200);
    const before = (await t.calls()).length;
    const run = await ingest('--recreate', '--json');
    expect(run.code, run.err).toBe(0);
    const calls = await callsSince(t, before);
    const drop = calls.findIndex((c) => c.method === 'DELETE' && c.path === '/collections/mini');
    const create = calls.findIndex((c) => c.method === 'PUT' && c.path === '/collections/mini');
    expect(drop).toBeGreaterThanOrEqual(0);
    expect(create).toBeGreaterThan(drop);
    expect(upsertedIds(calls)).toEqual(ids);
    expect(embedCalls(calls).flatMap((c) => (c.body as { texts: string[] }).texts)).toHaveLength(ids.length);
    expect(JSON.parse(run.out)).toMatchObject({ added: ids.length, changed: 0, deleted: 0, unchanged: 0 });
    expect((await t.scroll('mini')).map((p) => String(p.id)).sort()).toEqual(ids);
  });

  it('--recreate drops the old collection only once the book is embedded: a failed embedding leaves it searchable', async () => {
    const { t, ids, ingest } = await ingested('sync-recreate-fails');
    await t.faults([{ method: 'POST', path: '^/v2/embed$', status: 503, headers: { 'Retry-After': '0' }, times: 20 }]);
    const before = (await t.calls()).length;
    const run = await ingest('--recreate');
    expect(run.code).toBe(3);
    expect(writeCalls(await callsSince(t, before))).toEqual([]);
    expect((await t.scroll('mini')).map((p) => String(p.id)).sort()).toEqual(ids);
  });

  it.each([
    ['nothing changed', false],
    ['a file changed', true],
  ])('refuses (exit 2) a collection whose vectors have another size, before embedding anything (%s)', async (_name, edit) => {
    const dir = await copyBook();
    dirs.push(dir);
    const t = tenant(fake.url, 'sync-dimension');
    const ingest = (env: Record<string, string>) => runCli([dir, '--target', 'qdrant', '--collection', 'mini', '--quiet'], { ...t.env, EMBED_MODEL: 'embed-v4.0', ...env });
    const first = await ingest({ EMBED_DIMENSION: '1024' });
    expect(first.code, first.err).toBe(0);
    if (edit) await writeFile(join(dir, 'intro.md'), `${await readFile(join(dir, 'intro.md'), 'utf8')}\n\nOne more paragraph about joints.\n`);
    const before = (await t.calls()).length;
    // The same model at another size: every search would then 409 dimension_mismatch.
    const run = await ingest({ EMBED_DIMENSION: '512' });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/1024-dimensional/);
    expect(run.err).toMatch(/512/);
    expect(run.err).toMatch(/--recreate/);
    const calls = await callsSince(t, before);
    expect(embedCalls(calls)).toEqual([]);
    expect(writeCalls(calls)).toEqual([]);
  });

  it('refuses (exit 2) to mix embedding models in an existing collection', async () => {
    const { t, dir } = await ingested('sync-model');
    const run = await runCli([dir, '--target', 'qdrant', '--collection', 'mini', '--quiet'], { ...t.env, EMBED_MODEL: 'embed-english-light-v3.0' });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/embed-english-v3\.0/);
    expect(run.err).toMatch(/--recreate/);
  });
});
