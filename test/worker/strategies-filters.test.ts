/**
 * Filters end to end on both stores over the SAME data: the fake Qdrant is seeded with real
 * sample-book chunks (payloads from the bundled index), and each filter's expected matches are
 * computed here by brute force over the payloads. A filtered semantic search with k above the
 * number of matches must return exactly the matching chunks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bundledIndex } from '../../src/worker/embedded-services';
import type { SeedDoc } from './support/harness';
import { tenant, type Tenant } from './support/harness';
import { seedBm25Collection } from './support/seed-bm25';
import { ids, METHODS, OFFLINE, search } from './support/strategy-calls';

type Payload = { module: string | null; chapter: string; section: string | null; tags: string[]; sidebar_position: number | null; content: string };

const chunks = () => {
  const index = bundledIndex();
  return Array.from({ length: index.size }, (_, p) => ({ id: index.ids[p]!, payload: index.payload(p) as unknown as Payload }));
};
const tagged = (p: Payload, ...tags: string[]) => p.tags.some((tag) => tags.includes(tag));

/** Filter cases: request parameters and the same condition as a plain predicate. */
const CASES: { name: string; params: Record<string, unknown>; keep: (p: Payload) => boolean; lines?: string[] }[] = [
  { name: 'module shortcut', params: { module: '02-simulation' }, keep: (p) => p.module === '02-simulation', lines: ['module = "02-simulation"'] },
  { name: 'tags shortcut (contains any)', params: { tags: 'qos, urdf' }, keep: (p) => tagged(p, 'qos', 'urdf'), lines: ['tags in ["qos","urdf"]'] },
  {
    name: 'chapter + section shortcuts',
    params: { chapter: 'qos-and-dds', section: 'Compatibility rules' },
    keep: (p) => p.chapter === 'qos-and-dds' && p.section === 'Compatibility rules',
    lines: ['chapter = "qos-and-dds"', 'section = "Compatibility rules"'],
  },
  {
    name: 'DSL numeric range inside and',
    params: { filter: { and: [{ module: '01-ros2' }, { sidebar_position: { gte: 2, lt: 4 } }] } },
    keep: (p) => p.module === '01-ros2' && p.sidebar_position !== null && p.sidebar_position >= 2 && p.sidebar_position < 4,
    lines: ['module = "01-ros2"', '2 <= sidebar_position < 4'],
  },
  {
    name: 'DSL not inside or',
    params: { filter: { and: [{ module: '02-simulation' }, { or: [{ sidebar_position: 1 }, { not: { tags: { any: ['gazebo'] } } }] }] } },
    keep: (p) => p.module === '02-simulation' && (p.sidebar_position === 1 || !tagged(p, 'gazebo')),
  },
  {
    name: 'DSL or of a tag and a negated module list (chunks outside every module included)',
    params: { filter: { or: [{ tags: { any: ['qos'] } }, { not: { module: { in: ['01-ros2', '02-simulation', '03-nvidia-isaac', '04-vla', '05-capstone'] } } }] } },
    keep: (p) => tagged(p, 'qos') || !['01-ros2', '02-simulation', '03-nvidia-isaac', '04-vla', '05-capstone'].includes(p.module as string),
  },
  {
    name: 'shortcut AND DSL',
    params: { module: '02-simulation', filter: { not: { sidebar_position: { lte: 2 } } } },
    keep: (p) => p.module === '02-simulation' && !(p.sidebar_position !== null && p.sidebar_position <= 2),
  },
];

let t: Tenant;
let seeded: Set<string>;
beforeAll(async () => {
  // The fake holds a slice of the book: all of 02-simulation and the QoS chapter (plus the intro page).
  const docs: SeedDoc[] = chunks()
    .filter(({ payload: p }) => p.module === '02-simulation' || p.chapter === 'qos-and-dds' || p.module === null)
    .map(({ id, payload }) => ({ id, text: payload.content, payload: payload as unknown as Record<string, unknown> }));
  seeded = new Set(docs.map((d) => String(d.id)));
  t = tenant('filters');
  await seedBm25Collection(t, docs);
});

const STORES = [
  { store: 'qdrant', env: {}, universe: () => chunks().filter((c) => seeded.has(String(c.id))) },
  { store: 'embedded', env: OFFLINE, universe: chunks },
] as const;

describe.each(STORES)('filters on $store', ({ env, universe }) => {
  for (const c of CASES) {
    it.each(METHODS)(`${c.name} (%s): exactly the matching chunks`, async (method) => {
      const expected = universe().filter((x) => c.keep(x.payload)).map((x) => x.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(50);
      const answer = await search(t, { q: 'robot simulation sensors and reliability', k: 50, ...c.params }, { method, env });
      expect(answer.status).toBe(200);
      expect(ids(answer.results).sort()).toEqual([...expected].sort());
      if (c.lines) expect(answer.summary.filters).toEqual(c.lines);
      else expect(answer.summary.filters.length).toBeGreaterThan(0);
    });
  }

  it.each(['keyword', 'hybrid'])('mode=%s respects the filter too', async (mode) => {
    const c = CASES[4]!;
    const answer = await search(t, { q: 'gazebo sensors urdf unity', k: 50, mode, ...c.params }, { env });
    expect(answer.results.length).toBeGreaterThan(0);
    const byId = new Map(universe().map((x) => [x.id, x.payload]));
    for (const r of answer.results) expect(c.keep(byId.get(r.id)!)).toBe(true);
  });

  it('a filter nothing matches: empty 200 saying the filters applied', async () => {
    const answer = await search(t, { q: 'gazebo', module: '09-none', mode: 'hybrid' }, { env });
    expect(answer.status).toBe(200);
    expect(answer.results).toEqual([]);
    expect(answer.summary.message).toMatch(/filters applied/);
    expect(answer.summary.filters).toEqual(['module = "09-none"']);
  });
});

it('both stores agree on the data they share', async () => {
  for (const c of CASES) {
    const [fake, embedded] = await Promise.all(STORES.map(({ env }) => search(t, { q: 'robot sensors', k: 50, ...c.params }, { env })));
    const onBoth = ids(embedded!.results).filter((id) => seeded.has(String(id)));
    expect(ids(fake!.results).sort()).toEqual(onBoth.sort());
  }
});

describe('a bad filter is a 400 pointing at the bad part', () => {
  const bad = [
    { filter: { or: [{ module: 'a' }, { sidebar_position: { gte: 'x' } }] }, path: 'filter.or[1].sidebar_position.gte' },
    { filter: { not: { tags: ['ros2'] } }, path: 'filter.not.tags' },
    { filter: { sidebar_position: { between: [1, 2] } }, path: 'filter.sidebar_position.between' },
    { filter: { and: [] }, path: 'filter.and' },
    { filter: { or: [{ module: '01-ros2' }, { not: { sidebar_position: { gt: 5, lt: 2 } } }] }, path: 'filter.or[1].not.sidebar_position' },
  ];
  for (const { filter, path } of bad) {
    it.each(METHODS)(`${path} (%s)`, async (method) => {
      for (const env of [{}, OFFLINE]) {
        const answer = await search(t, { q: 'topics', filter }, { method, env });
        expect(answer.status).toBe(400);
        expect(answer.error).toMatchObject({ code: 'invalid_request', params: ['filter'], path });
        expect(answer.error).not.toHaveProperty('param');
        expect(answer.error.message).toContain(path);
      }
    });
  }

  it('filter= that is not JSON', async () => {
    const res = await t.call('/search?q=topics&filter=%7Bmodule%3A');
    expect(res.status).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', params: ['filter'], path: 'filter' });
  });
});
