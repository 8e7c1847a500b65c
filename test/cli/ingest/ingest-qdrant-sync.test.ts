/**
 * Re-ingesting into Qdrant: unchanged docs write nothing, edits rewrite only their chunks,
 * removed/shrunk files lose their stale points. --dry-run, --recreate and another model are in
 * ingest-qdrant-rebuild.test.ts.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexingText } from '../../../src/core/build-time/ingest/ingest-plan';
import { pointIdFor } from '../../../src/core/common/point-id';
import { analyzeText, bm25DocumentVectorFromTokens } from '../../../src/core/common/bm25/index';
import { storedVocabulary } from '../../../src/core/query/book-terms/book-vocabulary';
import { vocabularyBridges, withSpellings } from '../../../src/cli/ingest/vocabulary-bridges';
import { callsSince, embedCalls, writeCalls, type Tenant } from './ingest-harness';
import { deletedIds, ingested, upsertedIds, useFakeUpstream } from './sync-harness';

useFakeUpstream();

describe('ingest --target qdrant, second runs', () => {
  it('writes nothing when nothing changed: no embeds, no upserts, "unchanged N"', async () => {
    const { t, ids, ingest } = await ingested('sync-same');
    const before = (await t.calls()).length;
    const second = await ingest();
    expect(second.code, second.err).toBe(0);
    const calls = await callsSince(t, before);
    expect(writeCalls(calls)).toEqual([]);
    expect(embedCalls(calls)).toEqual([]);
    expect(second.out).toContain(`did add 0 · update 0 · delete 0 · unchanged ${ids.length}`);
    // Ids are stable across runs and are the documented v5 UUIDs.
    const points = await t.scroll('mini');
    expect(points.map((p) => String(p.id)).sort()).toEqual(ids);
    for (const p of points) expect(p.id).toBe(await pointIdFor(p.payload.file_path as string, p.payload.chunk_index as number));
  });

  it('re-embeds and upserts only the chunks of an edited file', async () => {
    const { t, dir, ids, ingest } = await ingested('sync-edit');
    const file = join(dir, '02-control/02-trajectories.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('protects gearboxes', 'protects harmonic drives'));
    // Only the chunk holding the edited sentence changes, not the file's other sections.
    const stored0 = await t.scroll('mini');
    const fileIds = stored0.filter((p) => (p.payload.content as string).includes('protects gearboxes')).map((p) => String(p.id)).sort();
    expect(fileIds.length).toBeLessThan(stored0.filter((p) => p.payload.file_path === '02-control/02-trajectories.md').length);
    const before = (await t.calls()).length;
    const run = await ingest('--json');
    expect(run.code, run.err).toBe(0);
    const report = JSON.parse(run.out) as { added: number; changed: number; deleted: number; unchanged: number };
    expect(report).toMatchObject({ added: 0, changed: fileIds.length, deleted: 0, unchanged: ids.length - fileIds.length });
    const calls = await callsSince(t, before);
    expect(upsertedIds(calls)).toEqual(fileIds);
    const embedded = embedCalls(calls).flatMap((c) => (c.body as { texts: string[] }).texts);
    expect(embedded).toHaveLength(fileIds.length);
    expect(embedded.some((text) => text.includes('harmonic drives'))).toBe(true);
    expect(deletedIds(calls)).toEqual([]);
    const stored = await t.scroll('mini');
    expect(stored.some((p) => (p.payload.content as string).includes('harmonic drives'))).toBe(true);
    expect(stored.some((p) => (p.payload.content as string).includes('protects gearboxes'))).toBe(false);
    // The recorded vocabulary follows the book, written once the points are.
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(calls.indexOf(patches[0]!)).toBeGreaterThan(calls.findIndex((c) => c.method === 'PUT' && /\/points$/.test(c.path)));
    const metadata = (await t.qdrant<{ result: { config: { metadata: Record<string, unknown> } } }>('GET', '/collections/mini')).json.result.config.metadata;
    expect(storedVocabulary(metadata)!.df('harmon')).toBeGreaterThan(0);
    expect(storedVocabulary(metadata)!.df('gearbox')).toBe(0);
  });

  it('a line inserted near the top re-embeds its own chunk only; the chunks below get their new lines as payload only', async () => {
    const { t, dir, ingest } = await ingested('sync-shift');
    const lidarPath = '01-sensing/02-lidar-processing.md';
    const lidar = join(dir, lidarPath);
    const pagePoints = (points: Awaited<ReturnType<Tenant['scroll']>>) =>
      points.filter((p) => p.payload.file_path === lidarPath).sort((a, b) => (a.payload.chunk_index as number) - (b.payload.chunk_index as number));
    const old = pagePoints(await t.scroll('mini'));
    expect(old.length).toBeGreaterThan(2);
    await writeFile(lidar, (await readFile(lidar, 'utf8')).replace('multi-beam unit forms a point cloud.\n', 'multi-beam unit forms a point cloud.\nSome units spin at twenty revolutions a second.\n'));
    const before = (await t.calls()).length;
    const run = await ingest('--json');
    expect(run.code, run.err).toBe(0);
    const calls = await callsSince(t, before);
    // Only the edited chunk's text is embedded again …
    const embedded = embedCalls(calls).flatMap((c) => (c.body as { texts: string[] }).texts);
    expect(embedded).toHaveLength(1);
    expect(embedded[0]).toContain('twenty revolutions');
    expect(upsertedIds(calls)).toEqual([String(old[0]!.id)]);
    // … and every chunk below it, its text unchanged, gets its shifted lines in one payload-only request.
    const batches = calls.filter((c) => c.method === 'POST' && /\/points\/batch$/.test(c.path));
    expect(batches).toHaveLength(1);
    const overwritten = (batches[0]!.body as { operations: { overwrite_payload: { points: string[] } }[] }).operations.flatMap((o) => o.overwrite_payload.points);
    expect(overwritten.sort()).toEqual(old.slice(1).map((p) => String(p.id)).sort());
    const report = JSON.parse(run.out) as { changed: number; payload_only: number };
    expect(report).toMatchObject({ changed: old.length, payload_only: old.length - 1 });
    const now = pagePoints(await t.scroll('mini'));
    for (const [i, point] of now.entries()) {
      if (i === 0) continue;
      expect(point.payload.start_line).toBe((old[i]!.payload.start_line as number) + 1);
      expect(point.payload.content).toBe(old[i]!.payload.content);
    }
  });

  it('rewrites chunks whose payload changed though their content did not (front-matter title, parent heading)', async () => {
    const { t, dir, ingest } = await ingested('sync-meta');
    const intro = join(dir, 'intro.md');
    await writeFile(intro, (await readFile(intro, 'utf8')).replace('title: Welcome to the Mini Book', 'title: Welcome to the Tiny Book'));
    // The H1 is in chunk 0 only, but every later chunk of the page carries it in `headings`.
    const lidarPath = '01-sensing/02-lidar-processing.md';
    const lidar = join(dir, lidarPath);
    await writeFile(lidar, (await readFile(lidar, 'utf8')).replace('# LiDAR Processing', '# LiDAR Pipelines'));
    const lidarIds = (await t.scroll('mini')).filter((p) => p.payload.file_path === lidarPath).map((p) => String(p.id));
    const introIds = (await t.scroll('mini')).filter((p) => p.payload.file_path === 'intro.md').map((p) => String(p.id));
    const before = (await t.calls()).length;
    const run = await ingest('--json');
    expect(run.code, run.err).toBe(0);
    const calls = await callsSince(t, before);
    expect(upsertedIds(calls)).toEqual([...introIds, ...lidarIds].sort());
    const embedded = embedCalls(calls).flatMap((c) => (c.body as { texts: string[] }).texts);
    expect(embedded.filter((text) => text.startsWith('Welcome to the Tiny Book'))).toHaveLength(introIds.length);
    expect(embedded.filter((text) => text.startsWith('LiDAR Pipelines'))).toHaveLength(lidarIds.length);
    const stored = await t.scroll('mini');
    expect(stored.find((p) => p.payload.file_path === 'intro.md')?.payload.title).toBe('Welcome to the Tiny Book');
    for (const p of stored.filter((p) => p.payload.file_path === lidarPath)) expect((p.payload.headings as string[])[0]).toBe('LiDAR Pipelines');
  });

  it('normalises rewritten BM25 vectors by the avg_len the collection records, not the new corpus average', async () => {
    const { t, dir, ingest } = await ingested('sync-avglen');
    const described = async () =>
      (await t.qdrant<{ result: { config: { metadata: { bm25: { avg_len: number } } } } }>('GET', '/collections/mini')).json.result.config.metadata.bm25.avg_len;
    const recorded = await described();
    // A much longer page moves the corpus average a lot.
    const path = '02-control/02-trajectories.md';
    const extra = Array.from({ length: 12 }, (_, i) => `Waypoint ${i} blends velocity, acceleration and jerk limits for joint ${i}.`).join(' ');
    await writeFile(join(dir, path), `${await readFile(join(dir, path), 'utf8')}\n${extra}\n`);
    const run = await ingest();
    expect(run.code, run.err).toBe(0);
    expect(await described()).toBe(recorded);
    const points = await t.scroll('mini', ['bm25']);
    const texts = points.map((p) => indexingText({ id: String(p.id), payload: p.payload as never }));
    // As ingest indexes them: with their words' other forms ("instant" beside "instancy", vocabulary-bridges.ts).
    const tokens = withSpellings(texts, vocabularyBridges(texts).spellings).map((text) => analyzeText(text));
    const corpusAvg = tokens.reduce((n, l) => n + l.length, 0) / tokens.length;
    expect(Math.abs(corpusAvg - recorded)).toBeGreaterThan(1);
    const i = points.findIndex((p) => p.payload.file_path === path && p.payload.chunk_index === 0);
    const stored = (points[i]!.vector as { bm25: { indices: number[]; values: number[] } }).bm25;
    const expected = bm25DocumentVectorFromTokens(tokens[i]!, recorded);
    expect(stored.indices).toEqual(Array.from(expected.indices));
    stored.values.forEach((v, k) => expect(v).toBeCloseTo(expected.values[k]!, 5));
  });

  it('deletes the points of a removed file (POST points/delete) and they are gone from scroll', async () => {
    const { t, dir, ids, ingest } = await ingested('sync-remove');
    const introIds = (await t.scroll('mini')).filter((p) => p.payload.file_path === 'intro.md').map((p) => String(p.id)).sort();
    expect(introIds).toContain(await pointIdFor('intro.md', 0));
    await rm(join(dir, 'intro.md'));
    const before = (await t.calls()).length;
    const run = await ingest();
    expect(run.code, run.err).toBe(0);
    const calls = await callsSince(t, before);
    expect(deletedIds(calls)).toEqual(introIds);
    expect(calls.find((c) => /\/points\/delete$/.test(c.path))?.query.wait).toBe('true');
    expect(upsertedIds(calls)).toEqual([]);
    expect(run.out).toContain(`did add 0 · update 0 · delete ${introIds.length} · unchanged ${ids.length - introIds.length}`);
    const left = (await t.scroll('mini')).map((p) => String(p.id)).sort();
    expect(left).toEqual(ids.filter((id) => !introIds.includes(id)));
  });

  it('deletes the trailing points of a file that shrank', async () => {
    const { t, dir, ids, ingest } = await ingested('sync-shrink');
    const path = '01-sensing/02-lidar-processing.md';
    const oldCount = (await t.scroll('mini')).filter((p) => p.payload.file_path === path).length;
    expect(oldCount).toBeGreaterThan(1);
    // Keep only the front matter and the first section (up to "## Converting ranges to points").
    const text = await readFile(join(dir, path), 'utf8');
    await writeFile(join(dir, path), text.slice(0, text.indexOf('## Converting')));
    const run = await ingest('--json');
    expect(run.code, run.err).toBe(0);
    const remaining = (await t.scroll('mini')).filter((p) => p.payload.file_path === path);
    expect(remaining).toHaveLength(1);
    const expectedStale = await Promise.all(Array.from({ length: oldCount - 1 }, (_, i) => pointIdFor(path, i + 1)));
    expect(JSON.parse(run.out).deleted).toBe(oldCount - 1);
    const all = (await t.scroll('mini')).map((p) => String(p.id));
    for (const id of expectedStale) expect(all).not.toContain(id);
    expect(all).toHaveLength(ids.length - (oldCount - 1));
  });
});
