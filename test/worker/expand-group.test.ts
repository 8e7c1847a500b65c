/**
 * `expand=N` (neighbouring chunks merged into a passage, fetched by deterministic id in at most
 * one extra Qdrant call, none on the embedded store) and `group_by=page` (one result per page),
 * on Qdrant through the fake and on the embedded default.
 */
import { describe, expect, it } from 'vitest';
import { pointIdFor } from '../../src/core/common/point-id';
import { seedCollection, tenant, type SeedDoc, type Tenant } from './support/harness';

const offline = { COHERE_API_KEY: '', QDRANT_URL: '', QDRANT_API_KEY: '' };

/** Chunk i of `file`, with the id the ingester would give it and lines 10i+1…10i+10. */
async function chunk(file: string, index: number, text: string, extra: Record<string, unknown> = {}): Promise<SeedDoc> {
  return {
    id: await pointIdFor(file, index),
    text,
    payload: { file_path: file, chunk_index: index, start_line: 10 * index + 1, end_line: 10 * index + 10, source_url: `https://book.test/${file}`, ...extra },
  };
}

// Chunk 2 repeats chunk 1's last sentence, as the chunker's overlap does; consecutive line ranges join with one newline.
const CARRIED = 'Walking robots keep the zero moment point inside the support polygon.';
async function corpus(): Promise<SeedDoc[]> {
  return [
    await chunk('balance.md', 0, 'Humanoid balance starts with the centre of mass over the feet.'),
    await chunk('balance.md', 1, `Ankle torque corrects small disturbances. ${CARRIED}`),
    await chunk('balance.md', 2, `${CARRIED} Preview control plans footsteps for the zero moment point ahead of time.`),
    await chunk('balance.md', 3, 'Whole-body controllers weigh balance against arm tasks.'),
    // chunk 4 is missing on purpose: a passage must stop at the gap
    await chunk('balance.md', 5, 'Falling safely is a controller of its own.'),
    await chunk('lidar.md', 0, 'Lidar sensors measure distance with laser pulses for the zero moment of arrival.'),
    await chunk('lidar.md', 1, 'Point clouds from lidar feed mapping and localisation.'),
    { id: 77, text: 'A chunk ingested by another pipeline about the zero moment point and footsteps.', payload: { file_path: 'other.md', chunk_index: 3 } },
  ];
}

async function seeded(): Promise<Tenant> {
  const t = tenant('expand');
  await seedCollection(t, await corpus());
  return t;
}

const qdrantOps = async (t: Tenant) => (await t.calls('qdrant')).map((c) => `${c.method} ${c.path.replace(/^.*\/collections\/[^/]+/, '')}`);

describe('expand=N on Qdrant', () => {
  it('merges each hit with its neighbours, drops the carried overlap, combines the line range — one extra Qdrant call', async () => {
    const t = await seeded();
    const res = await t.call('/search?q=preview%20control%20plans%20footsteps&k=1&expand=1');
    expect(res.status).toBe(200);
    const [top] = res.json().results;
    expect(top).toMatchObject({ chunk_index: 2, source: 'balance.md:21-30' });
    expect(top.passage).toMatchObject({ chunk_indexes: [1, 2, 3], start_line: 11, end_line: 40, source: 'balance.md:11-40' });
    expect(top.passage.ids).toEqual([await pointIdFor('balance.md', 1), await pointIdFor('balance.md', 2), await pointIdFor('balance.md', 3)]);
    const passage: string = top.passage.content;
    expect(passage.split(CARRIED)).toHaveLength(2); // the carried sentence once, not twice
    expect(passage).toBe(
      `Ankle torque corrects small disturbances. ${CARRIED} Preview control plans footsteps for the zero moment point ahead of time.\nWhole-body controllers weigh balance against arm tasks.`,
    );
    expect(res.json().summary.expand).toEqual({ expand: 1, expanded: 1, not_expandable: 0, fetched: 2 });
    const ops = await qdrantOps(t);
    expect(ops.filter((op) => op.startsWith('POST'))).toEqual(['POST /points/query', 'POST /points']);
    const retrieve = (await t.calls('qdrant')).find((c) => c.method === 'POST' && c.path.endsWith('/points'))!;
    expect(retrieve.body).toEqual({ ids: [await pointIdFor('balance.md', 1), await pointIdFor('balance.md', 3)], with_payload: true, with_vector: false });
  });

  it('stops at a gap and at the page start, and fetches nothing a hit already holds', async () => {
    const t = await seeded();
    const body = (await t.call('/search?q=whole-body%20controllers%20weigh%20balance&k=3&expand=2')).json();
    const byIndex = new Map(body.results.filter((r: any) => r.source?.startsWith('balance.md')).map((r: any) => [r.chunk_index, r.passage.chunk_indexes]));
    expect(byIndex.get(3)).toEqual([1, 2, 3]); // 4 is missing: nothing past the gap (5 is not contiguous)
    if (byIndex.has(0)) expect(byIndex.get(0)).toEqual([0, 1, 2]);
    const retrieves = (await t.calls('qdrant')).filter((c) => c.method === 'POST' && c.path.endsWith('/points'));
    expect(retrieves.length).toBeLessThanOrEqual(1);
    const held = body.results.map((r: any) => String(r.id));
    for (const id of retrieves[0]?.body.ids ?? []) expect(held).not.toContain(id);
  });

  it('leaves hits whose id is not the deterministic one unexpanded, and says so', async () => {
    const t = await seeded();
    const body = (await t.call('/search?q=chunk%20ingested%20by%20another%20pipeline&k=1&expand=1')).json();
    expect(body.results[0].id).toBe(77);
    expect(body.results[0]).not.toHaveProperty('passage');
    expect(body.summary.expand).toEqual({ expand: 1, expanded: 0, not_expandable: 1, fetched: 0 });
    expect((await t.calls('qdrant')).filter((c) => c.method === 'POST' && c.path.endsWith('/points'))).toHaveLength(0);
  });

  it('asks only for neighbours the hits do not hold (here: whether a chunk 2 exists)', async () => {
    const t = tenant('expand-small');
    await seedCollection(t, [await chunk('lidar.md', 0, 'Lidar measures distance.'), await chunk('lidar.md', 1, 'Lidar point clouds feed mapping.')]);
    const body = (await t.call('/search?q=lidar&k=5&expand=1')).json();
    expect(body.results.map((r: any) => r.passage.chunk_indexes)).toEqual([[0, 1], [0, 1]]);
    expect(body.summary.expand.fetched).toBe(0);
    const retrieves = (await t.calls('qdrant')).filter((c) => c.method === 'POST' && c.path.endsWith('/points'));
    expect(retrieves.map((c) => c.body.ids)).toEqual([[await pointIdFor('lidar.md', 2)]]);
  });

  it('puts the passage in format=context', async () => {
    const t = await seeded();
    const text = (await t.call('/search?q=preview%20control%20plans%20footsteps&k=1&expand=1&format=context')).text;
    expect(text).toContain('Ankle torque corrects small disturbances.');
    expect(text).toContain('Whole-body controllers weigh balance');
  });

  it('rejects expand outside 0–3 or not an integer, and an unknown group_by', async () => {
    const t = await seeded();
    for (const query of ['expand=4', 'expand=-1', 'expand=1.5', 'group_by=chapter']) {
      const res = await t.call(`/search?q=balance&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json().error.params).toEqual([query.split('=')[0]]);
    }
  });
});

describe('group_by=page on Qdrant', () => {
  it('returns at most one result per page, from a deeper pool in the same single query', async () => {
    const t = await seeded();
    const plain = (await t.call('/search?q=zero%20moment%20point%20footsteps%20balance&k=3')).json();
    const pages = (body: any) => body.results.map((r: any) => r.metadata.file_path);
    expect(new Set(pages(plain)).size).toBeLessThan(3); // the ungrouped top 3 repeat a page
    const grouped = (await t.call('/search?q=zero%20moment%20point%20footsteps%20balance&k=3&group_by=page')).json();
    expect(pages(grouped)).toHaveLength(3);
    expect(new Set(pages(grouped)).size).toBe(3);
    // Each page is represented by its best chunk: the first result is the ungrouped first result.
    expect(grouped.results[0].id).toBe(plain.results[0].id);
    expect(grouped.summary.group_by).toBe('page');
    const queries = (await t.calls('qdrant')).filter((c) => c.path.endsWith('/points/query'));
    expect(queries.map((q) => q.body.limit)).toEqual([3, 12]);
  });
});

describe('diversity (less redundancy at the head) on Qdrant', () => {
  it('by default a chunk next to one shown yields to another page right behind it; diversity=none keeps the plain rank order', async () => {
    const t = await seeded();
    const q = '/search?q=zero%20moment%20point&k=4';
    const pages = (body: any): string[] => body.results.map((r: any) => r.metadata.file_path);
    const plain = (await t.call(`${q}&diversity=none`)).json();
    // Plain order: two neighbouring chunks of one page first, then another page.
    expect(pages(plain).slice(0, 3)).toEqual(['balance.md', 'balance.md', 'other.md']);
    expect(Math.abs(plain.results[0].chunk_index - plain.results[1].chunk_index)).toBe(1);
    const scores: number[] = plain.results.map((r: any) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const diverse = (await t.call(q)).json();
    expect(new Set(pages(diverse).slice(0, 2)).size).toBe(2);
    expect(diverse.results[0].id).toBe(plain.results[0].id); // the first result never moves
    // The page's second chunk is not dropped, only placed behind the head.
    expect(diverse.results.map((r: any) => r.id)).toContain(plain.results[1].id);
    const bad = await t.call(`${q}&diversity=chapters`);
    expect(bad.status).toBe(400);
    expect(bad.json().error.params).toEqual(['diversity']);
  });
});

describe('payload aliases: group_by, diversity and expand read the fields as results do', () => {
  /** The corpus above with the page under `url` (or `link`) and the chunk index under `position` (or `seq`). */
  async function aliased(t: Tenant, keys: { page: string; index: string }, withFile: boolean) {
    const renamed = (await corpus()).map((doc) => {
      const { file_path, chunk_index, source_url: _url, ...rest } = doc.payload as Record<string, unknown>;
      const page = { [keys.page]: `https://book.test/${String(file_path)}#chunk-${String(chunk_index)}`, [keys.index]: chunk_index };
      return { ...doc, payload: { ...rest, ...page, ...(withFile ? { file_path } : {}) } };
    });
    await seedCollection(t, renamed);
  }
  const pages = (body: any): string[] => body.results.map((r: any) => r.source_url.replace(/#.*/, ''));

  it.each([
    { keys: { page: 'url', index: 'position' }, env: {} },
    { keys: { page: 'link', index: 'seq' }, env: { PAYLOAD_FIELDS: 'source_url=link,chunk_index=seq' } },
  ])('group_by=page and diversity=pages on $keys.page / $keys.index', async ({ keys, env }) => {
    const t = tenant(`alias-${keys.page}`);
    await aliased(t, keys, false);
    const q = '/search?q=zero%20moment%20point%20footsteps%20balance&k=3';
    const plain = (await t.call(`${q}&diversity=none`, {}, env)).json();
    expect(new Set(pages(plain)).size).toBeLessThan(3);
    expect(Math.abs(plain.results[0].chunk_index - plain.results[1].chunk_index)).toBe(1); // neighbours lead
    const grouped = (await t.call(`${q}&group_by=page`, {}, env)).json();
    expect(new Set(pages(grouped)).size).toBe(3);
    const diverse = (await t.call(q, {}, env)).json();
    expect(diverse.results[0].id).toBe(plain.results[0].id);
    expect(new Set(pages(diverse).slice(0, 2)).size).toBe(2);
  });

  it('expand=1 finds the neighbours of a chunk whose index is under `position`', async () => {
    const t = tenant('alias-expand');
    await aliased(t, { page: 'url', index: 'position' }, true);
    const body = (await t.call('/search?q=preview%20control%20plans%20footsteps&k=1&expand=1')).json();
    expect(body.results[0]).toMatchObject({ chunk_index: 2 });
    expect(body.results[0].passage).toMatchObject({ chunk_indexes: [1, 2, 3], source: 'balance.md:11-40' });
    expect(body.summary.expand).toEqual({ expand: 1, expanded: 1, not_expandable: 0, fetched: 2 });
  });
});

describe('on the embedded default', () => {
  it('a smaller k returns the head of the default k\'s answer, page diversity included', async () => {
    const t = tenant('diversity-prefix');
    const ids = async (query: string) => ((await t.call(query, {}, offline)).json().results as { id: string }[]).map((r) => r.id);
    const q = '/search?q=Isaac%20Sim%20synthetic%20data';
    const five = await ids(`${q}&k=5`);
    const plain = await ids(`${q}&k=5&diversity=none`);
    // Diversity moves a chunk here (a neighbour of the first yields to another page's chunk) …
    expect(five.slice(0, 3)).not.toEqual(plain.slice(0, 3));
    // … and k = 3 or 2 shows the same head instead of diversifying fewer places of its own.
    expect(await ids(`${q}&k=3`)).toEqual(five.slice(0, 3));
    expect(await ids(`${q}&k=2`)).toEqual(five.slice(0, 2));
  });

  it('format=context with expand=1 gives the prompt each section once, though neighbouring hits expand into each other', async () => {
    const t = tenant('expand-context-once');
    const res = await t.call('/search?q=QoS%20reliability&k=3&expand=1&format=context&mode=keyword', {}, offline);
    expect(res.status).toBe(200);
    const { text } = res;
    const paragraphs = text.split(/\n{2,}|\n---\n/).map((p) => p.trim()).filter((p) => p.length > 60 && !p.startsWith('[Result'));
    expect(paragraphs.length).toBeGreaterThan(3);
    expect(paragraphs.filter((p, i) => paragraphs.indexOf(p) !== i)).toEqual([]);
    expect(text).toMatch(/\(continues (in|from) \[Result \d\]\)|All of this passage is in \[Result \d\]/);
    // include_metadata=false changes what the JSON carries, not the prompt: each section still once.
    const lean = await t.call('/search?q=QoS%20reliability&k=3&expand=1&format=context&mode=keyword&include_metadata=false', {}, offline);
    expect(lean.text).toBe(text);
  });

  it('expand=1 merges neighbours with zero upstream calls', async () => {
    const t = tenant('expand-offline');
    const body = (await t.call('/search?q=How%20do%20QoS%20reliability%20policies%20work%20in%20ROS%202%3F&k=3&expand=1', {}, offline)).json();
    expect(body.summary.expand).toMatchObject({ expand: 1, expanded: 3, not_expandable: 0 });
    for (const result of body.results) {
      const { chunk_indexes, content, start_line, end_line } = result.passage;
      expect(chunk_indexes).toContain(result.chunk_index);
      expect(chunk_indexes.length).toBeGreaterThan(1);
      expect(chunk_indexes).toEqual([...chunk_indexes].sort((a: number, b: number) => a - b));
      expect(content).toContain(result.content.slice(0, 80));
      expect(start_line).toBeLessThanOrEqual(result.metadata.start_line);
      expect(end_line).toBeGreaterThanOrEqual(result.metadata.end_line);
    }
    expect(await t.calls()).toEqual([]);
  });

  it('group_by=page gives k distinct pages', async () => {
    const t = tenant('group-offline');
    const body = (await t.call('/search?q=ROS%202%20topics&k=5&group_by=page', {}, offline)).json();
    const pages = body.results.map((r: any) => r.metadata.file_path);
    expect(pages).toHaveLength(5);
    expect(new Set(pages).size).toBe(5);
  });
});
