/**
 * `ingest --target qdrant` against the in-process fake Cohere + Qdrant: collection layout,
 * payloads, embedding batches, bad files and the BM25 vectors that end up stored.
 */
import { vocabularyBridges, withSpellings } from '../../../src/cli/ingest/vocabulary-bridges';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexingText } from '../../../src/core/build-time/ingest/ingest-plan';
import { pointIdFor } from '../../../src/core/common/point-id';
import { analyzeText, bm25DocumentVectorFromTokens, extraTokens } from '../../../src/core/common/bm25/index';
import { FIELDS_SPARSE_VECTOR, fieldText, fieldVectors } from '../../../src/core/query/local-index/field-index';
import { storedVocabulary } from '../../../src/core/query/book-terms/book-vocabulary';
import { assessQueryTerms } from '../../../src/core/query/book-terms/term-evidence';
import { fakeEmbedding, startFakeUpstream, type FakeUpstream } from '../../support/fake-upstream';
import { copyBook, embedCalls, MINI_BOOK, runCli, tempDir, tenant, writeCalls, type CliRun, type ScrolledPoint, type Tenant } from './ingest-harness';

const GOOD_FILES = ['01-sensing/02-lidar-processing.md', '01-sensing/index.md', '02-control/01-pid-control.mdx', '02-control/02-trajectories.md', 'intro.md'];

let fake: FakeUpstream;
let t: Tenant;
let run: CliRun;
let points: ScrolledPoint[];

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = tenant(fake.url, 'ingest-qdrant');
  run = await runCli([MINI_BOOK, '--target', 'qdrant', '--collection', 'mini', '--base-url', 'https://book.example.com', '--quiet'], t.env);
  // The fake (like Qdrant for a lone unnamed vector) answers `with_vector: true` with the bare
  // dense array, so the sparse vector is asked for by name; dense vectors are fetched by id below.
  points = await t.scroll('mini', ['bm25', FIELDS_SPARSE_VECTOR]);
});

afterAll(async () => {
  await fake.close();
});

const byChunkId = (id: string): ScrolledPoint => {
  const point = points.find((p) => p.payload.chunk_id === id);
  if (!point) throw new Error(`no point ${id}`);
  return point;
};

describe('ingest --target qdrant (mini book)', () => {
  it('exits 0 and reports the three bad files as skipped, with reasons', () => {
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/skipped 3 file\(s\)/);
    expect(run.out).toMatch(/empty\.md: empty file/);
    expect(run.out).toMatch(/02-control\/binary\.md: binary file/);
    expect(run.out).toMatch(/01-sensing\/broken-front-matter\.md: invalid front matter/);
  });

  it('creates the collection: cosine dense vector of the model size, bm25 sparse with idf, metadata naming the embedder', async () => {
    const { status, json } = await t.qdrant<{ result: { config: Record<string, any>; payload_schema: Record<string, { data_type: string }> } }>('GET', '/collections/mini');
    expect(status).toBe(200);
    const { config, payload_schema } = json.result;
    // embed-english-v3.0 (the default EMBED_MODEL) produces 1024-dimensional vectors.
    expect(config.params.vectors).toEqual({ size: 1024, distance: 'Cosine' });
    expect(config.params.sparse_vectors).toEqual({ bm25: { modifier: 'idf' }, [FIELDS_SPARSE_VECTOR]: { modifier: 'idf' } });
    expect(config.metadata.embedder).toMatchObject({ kind: 'cohere', model: 'embed-english-v3.0', model_id: 'embed-english-v3.0', dims: 1024 });
    for (const field of ['module', 'chapter', 'tags']) expect(payload_schema[field]?.data_type, field).toBe('keyword');
    for (const field of ['sidebar_position', 'chunk_token_count']) expect(payload_schema[field]?.data_type, field).toBe('integer');
  });

  it('stores one point per chunk of the good files only, with ids = pointIdFor(file, index)', async () => {
    const files = new Set(points.map((p) => p.payload.file_path));
    expect([...files].sort()).toEqual(GOOD_FILES);
    for (const point of points) {
      expect(point.id).toBe(await pointIdFor(point.payload.file_path as string, point.payload.chunk_index as number));
    }
    // Chunk indexes of each file run 0..n-1 without gaps; the LiDAR page (5 sections) is split.
    for (const file of GOOD_FILES) {
      const indexes = points.filter((p) => p.payload.file_path === file).map((p) => p.payload.chunk_index as number).sort((a, b) => a - b);
      expect(indexes).toEqual(indexes.map((_, i) => i));
    }
    expect(points.filter((p) => p.payload.file_path === GOOD_FILES[0]).length).toBeGreaterThan(1);
  });

  it('embeds with input_type search_document in batches of ≤ 96, once per point', async () => {
    const embeds = embedCalls(await t.calls());
    expect(embeds.length).toBeGreaterThan(0);
    let texts = 0;
    for (const call of embeds) {
      const body = call.body as { input_type: string; texts: string[]; model: string };
      expect(body.input_type).toBe('search_document');
      expect(body.model).toBe('embed-english-v3.0');
      expect(body.texts.length).toBeLessThanOrEqual(96);
      texts += body.texts.length;
    }
    expect(texts).toBe(points.length);
  });

  it('upserts with wait=true', async () => {
    const upserts = (await t.calls()).filter((c) => c.method === 'PUT' && c.path === '/collections/mini/points');
    expect(upserts.length).toBeGreaterThan(0);
    for (const call of upserts) expect(call.query.wait).toBe('true');
    expect(upserts.reduce((n, c) => n + (c.body as { points: unknown[] }).points.length, 0)).toBe(points.length);
  });

  it('stores the payload fields of the issue (front matter, module, route with --base-url, hash, line range)', async () => {
    const intro = byChunkId('intro.md#0').payload;
    const source = (await readFile(join(MINI_BOOK, 'intro.md'), 'utf8')).split('\n');
    expect(intro).toMatchObject({
      file_path: 'intro.md',
      title: 'Welcome to the Mini Book',
      module: null,
      module_title: null,
      chapter: 'intro',
      tags: ['intro', 'overview'],
      sidebar_position: 1,
      chunk_index: 0,
      chunk_id: 'intro.md#0',
      source_url: 'https://book.example.com/docs/intro',
      headings: ['Welcome'],
      section: 'Welcome',
    });
    // The chunk is exactly lines start..end of the file; front matter (lines 1-5) is not content.
    const { start_line, end_line, content } = intro as { start_line: number; end_line: number; content: string };
    expect(start_line).toBeGreaterThan(5);
    expect(content).toBe(source.slice(start_line - 1, end_line).join('\n'));
    expect(intro.content_hash).toBe(createHash('sha256').update(content, 'utf8').digest('hex'));
    expect(intro.chunk_token_count).toBeGreaterThan(0);
    expect(Number.isInteger(intro.chunk_token_count)).toBe(true);
  });

  it('keeps MDX code blocks whole and uses front-matter chapter; folder index pages get the folder route and the folder name as chapter', () => {
    const pid = byChunkId('02-control/01-pid-control.mdx#0').payload;
    // The mini book's folders have no _category_ file: named as Docusaurus's sidebar does, number prefix stripped.
    expect(pid).toMatchObject({ module: '02-control', module_title: 'control', chapter: 'pid', title: 'PID Control', tags: ['control', 'pid'], source_url: 'https://book.example.com/docs/control/pid-control' });
    expect(pid.content).toContain('```python\nclass Pid:');
    expect(pid.content).toContain('return kp_ * error + ki_ * integral_ + kd_ * derivative;\n}\n```');
    expect(pid.content).not.toContain('import Tabs');
    const index = byChunkId('01-sensing/index.md#0').payload;
    expect(index).toMatchObject({ title: 'Sensing', chapter: 'sensing', module: '01-sensing', module_title: 'sensing', tags: ['sensors', 'perception'], source_url: 'https://book.example.com/docs/sensing/' });
  });

  it('keeps a table whole inside one chunk, labelled with its section', () => {
    const withTable = points.filter((p) => (p.payload.content as string).includes('| Warehouse AMR'));
    expect(withTable).toHaveLength(1);
    const payload = withTable[0]!.payload;
    expect(payload.content).toContain('| Platform          | Voxel size |');
    expect(payload.content).toContain('| Outdoor vehicle   | 0.20 m     | 40 000              | 10 Hz       |');
    expect(payload.headings).toEqual(['LiDAR Processing', 'Choosing a voxel size']);
    expect(payload.section).toBe('Choosing a voxel size');
    expect(payload.chapter).toBe('lidar-processing');
    expect(payload.sidebar_position).toBe(2);
  });

  it('stores the dense vector Cohere returned for the indexing text (title > headings + content)', async () => {
    const point = byChunkId('01-sensing/02-lidar-processing.md#2');
    const { json } = await t.qdrant<{ result: { vector: number[] }[] }>('POST', '/collections/mini/points', { ids: [point.id], with_vector: [''] });
    const payload = point.payload as { title: string; headings: string[]; content: string };
    expect(payload.title).toBe('LiDAR Processing'); // first H1, no front-matter title
    const text = `LiDAR Processing > Choosing a voxel size\n\n${payload.content}`;
    const stored = json.result[0]!.vector;
    const expected = fakeEmbedding(text, 1024);
    expect(stored).toHaveLength(1024);
    stored.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 5));
  });

  it('stores BM25 vectors equal to bm25DocumentVectorFromTokens(indexing text + other spellings, corpus avg_len)', async () => {
    const chunkOf = (p: ScrolledPoint) => ({ id: String(p.id), payload: p.payload as never });
    const texts = points.map((p) => indexingText(chunkOf(p)));
    // The extra tokens as ingest adds them: the mini book's "end-to-end" is one (joined-stopwords.ts).
    const tokenLists = withSpellings(texts, vocabularyBridges(texts).spellings).map((text) => [...analyzeText(text), ...extraTokens(text)]);
    const avgLen = tokenLists.reduce((n, l) => n + l.length, 0) / tokenLists.length;
    const { json } = await t.qdrant<{ result: { config: { metadata: { bm25: { avg_len: number } } } } }>('GET', '/collections/mini');
    expect(json.result.config.metadata.bm25.avg_len).toBeCloseTo(avgLen, 9);
    for (const chunkId of ['01-sensing/02-lidar-processing.md#1', 'intro.md#0']) {
      const i = points.findIndex((p) => p.payload.chunk_id === chunkId);
      const stored = (points[i]!.vector as Record<string, unknown>).bm25 as { indices: number[]; values: number[] };
      const expected = bm25DocumentVectorFromTokens(tokenLists[i]!, avgLen);
      expect(stored.indices).toEqual(Array.from(expected.indices));
      stored.values.forEach((v, k) => expect(v).toBeCloseTo(expected.values[k]!, 5));
    }
  });

  it('records the book\'s vocabulary in the metadata: document frequencies of the indexed texts and the English lexicon', async () => {
    const chunkOf = (p: ScrolledPoint) => ({ id: String(p.id), payload: p.payload as never });
    const texts = points.map((p) => indexingText(chunkOf(p)));
    const stemSets = withSpellings(texts, vocabularyBridges(texts).spellings).map((text) => new Set(analyzeText(text)));
    const { json } = await t.qdrant<{ result: { config: { metadata: Record<string, unknown> } } }>('GET', '/collections/mini');
    const vocabulary = storedVocabulary(json.result.config.metadata)!;
    expect(vocabulary.n).toBe(points.length);
    for (const stem of ['lidar', 'voxel', 'trajectori']) {
      expect(vocabulary.df(stem)).toBeGreaterThan(0);
      expect(vocabulary.df(stem)).toBe(stemSets.filter((set) => set.has(stem)).length);
    }
    expect(vocabulary.df('kubernet')).toBe(0);
    // Ordinary English words the book does not use, and a name that is no English word.
    expect([vocabulary.isOrdinary('holiday'), vocabulary.isOrdinary('recip'), vocabulary.isOrdinary('kubectl')]).toEqual([true, true, false]);
    expect(assessQueryTerms(vocabulary, 'deploy the voxel grid with kubectl')).toMatchObject({ foreign: ['kubectl'], covered: false });
    expect(assessQueryTerms(vocabulary, 'how do I choose a voxel size for lidar?')).toMatchObject({ covered: true });
  });

  it('stores the titles-and-headings vector the embedded store derives from the same payloads (field-aware BM25)', async () => {
    const expected = fieldVectors(points.map((p) => p.payload));
    const { json } = await t.qdrant<{ result: { config: { metadata: { bm25: { fields_avg_len: number } } } } }>('GET', '/collections/mini');
    expect(json.result.config.metadata.bm25.fields_avg_len).toBeCloseTo(expected.avgLen, 9);
    points.forEach((point, i) => {
      const stored = (point.vector as Record<string, unknown>)[FIELDS_SPARSE_VECTOR] as { indices: number[]; values: number[] };
      expect(stored.indices).toEqual(Array.from(expected.vectors[i]!.indices));
      stored.values.forEach((v, k) => expect(v).toBeCloseTo(expected.vectors[i]!.values[k]!, 5));
    });
    // The heading words are in it, and body-only words are not.
    const lidar = byChunkId('01-sensing/02-lidar-processing.md#0');
    expect(fieldText(lidar.payload)).toMatch(/LiDAR/);
  });
});

describe('ingest --target qdrant (other books)', () => {
  it('embeds a 100-chunk book in batches of 96 and 4', async () => {
    const dir = await tempDir();
    for (let i = 0; i < 100; i++) {
      const folder = join(dir, `m${i % 2}`);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `page-${String(i).padStart(3, '0')}.md`), `# Page ${i}\n\nThis page talks about actuator number ${i} and its gearbox ratio.\n`);
    }
    const big = tenant(fake.url, 'ingest-big');
    const result = await runCli([dir, '--target', 'qdrant', '--collection', 'big', '--quiet'], big.env);
    await rm(dir, { recursive: true, force: true });
    expect(result.code, result.err).toBe(0);
    const sizes = embedCalls(await big.calls()).map((c) => (c.body as { texts: string[] }).texts.length);
    expect(sizes).toEqual([96, 4]);
    expect(await big.scroll('big')).toHaveLength(100);
  });

  it('exits 1 when every file is bad, and writes nothing', async () => {
    const dir = await copyBook();
    for (const good of GOOD_FILES) await rm(join(dir, good));
    const bad = tenant(fake.url, 'ingest-bad');
    const result = await runCli([dir, '--target', 'qdrant', '--collection', 'mini', '--quiet'], bad.env);
    await rm(dir, { recursive: true, force: true });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/Nothing could be ingested/);
    expect(result.out).toMatch(/skipped 3 file\(s\)/);
    const calls = await bad.calls();
    expect(writeCalls(calls)).toEqual([]);
    expect(embedCalls(calls)).toEqual([]);
  });
});
