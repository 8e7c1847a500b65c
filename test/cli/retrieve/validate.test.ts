/**
 * `retrieve --validate` and `--compare`. The per-query metrics are re-derived here from the raw
 * rankings (`retrieve --json` for the same query) with a small independent judge that only reads
 * the labels, so the test checks the wiring from search to report (depth, payload fields, labels)
 * rather than restating the metric code (which test/core/eval covers on hand-made rankings).
 * A failing Worker under `--validate --url` is in validate-remote.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ValidationReport } from '../../../src/core/build-time/eval/validation-report';
import type { SearchOutcome } from '../../../src/core/query/search/search-outcome';
import { decodeIndex } from '../../../src/core/query/local-index/index-format';
import { TEST_INDEX } from '../../support/test-index';
import { retrieve, SAMPLE_QUERIES, SMALL_QUERIES } from './support';

interface Item {
  id: string;
  query: string;
  expected?: { chapters?: string[]; modules?: string[]; urls?: string[]; file_paths?: string[] };
  expect_no_results?: boolean;
  k?: number;
}

const small = JSON.parse(readFileSync(SMALL_QUERIES, 'utf8')) as Item[];
const sample = JSON.parse(readFileSync(SAMPLE_QUERIES, 'utf8')) as Item[];

const trimUrl = (u: string) => u.split('#')[0]!.replace(/\/+$/, '');

/**
 * Labels → relevant? The most specific labels given decide (file paths / URLs, else chapters,
 * else modules); every distinct chunk (point id) of a relevant page counts.
 */
function judge(doc: SearchOutcome, item: Item) {
  const e = item.expected ?? {};
  const byPage = (e.file_paths ?? []).length + (e.urls ?? []).length > 0;
  const relevant = doc.results.map((r) => {
    const file = r.metadata?.file_path as string | undefined;
    if (byPage) {
      return (file !== undefined && (e.file_paths ?? []).includes(file)) || (r.source_url !== null && (e.urls ?? []).map(trimUrl).includes(trimUrl(r.source_url)));
    }
    if ((e.chapters ?? []).length > 0) return (e.chapters ?? []).some((c) => c.toLowerCase() === r.chapter?.toLowerCase());
    return (e.modules ?? []).some((m) => m.toLowerCase() === r.module?.toLowerCase());
  });
  const ids = doc.results.map((r) => r.id);
  const credited = relevant.map((rel, i) => rel && !ids.slice(0, i).includes(ids[i]!));
  const precision = (k: number) => credited.slice(0, k).filter(Boolean).length / k;
  const first = relevant.indexOf(true);
  return { p3: precision(3), p5: precision(5), hit: relevant.slice(0, item.k ?? 5).some(Boolean), rr: first === -1 ? 0 : 1 / (first + 1) };
}

async function rawRanking(item: Item, mode: string): Promise<SearchOutcome> {
  // The validator retrieves max(k, 5) results per query.
  const run = await retrieve([item.query, '-k', String(Math.max(item.k ?? 5, 5)), '--mode', mode, '--json']);
  return JSON.parse(run.out) as SearchOutcome;
}

async function report(argv: string[]): Promise<{ code: number; report: ValidationReport & { run: { name: string } } }> {
  const run = await retrieve([...argv, '--json']);
  expect(run.err).toBe('');
  return { code: run.code, report: JSON.parse(run.out) };
}

function expectMatchesJudge(rep: ValidationReport, items: Item[], raw: SearchOutcome[]): void {
  items.forEach((item, i) => {
    const q = rep.queries[i]!;
    const doc = raw[i]!;
    expect(q.id).toBe(item.id ?? `q${i + 1}`);
    expect(q.top.map((t) => t.score)).toEqual(doc.results.slice(0, 5).map((r) => r.score));
    const flagged = (doc.summary as { confidence?: { low_confidence?: boolean } }).confidence?.low_confidence === true;
    // The report's low-confidence mark is the retriever's own flag, not a cut on the top-1 score.
    expect(q.low_confidence, item.id).toBe(flagged);
    if (item.expect_no_results) {
      // Passes when nothing comes back or the retriever itself flags its answer as low confidence.
      expect(q.pass, item.id).toBe(doc.results.length === 0 || flagged);
      return;
    }
    const j = judge(doc, item);
    expect(q.p3, item.id).toBeCloseTo(j.p3, 10);
    expect(q.p5, item.id).toBeCloseTo(j.p5, 10);
    expect(q.hit_at_k, item.id).toBe(j.hit);
    expect(q.rr, item.id).toBeCloseTo(j.rr, 10);
    expect(q.pass, item.id).toBe(j.hit);
  });
  const labelled = items.map((item, i) => (item.expect_no_results ? null : judge(raw[i]!, item))).filter((j) => j !== null);
  expect(rep.summary.mean_p3).toBeCloseTo(labelled.reduce((s, j) => s + j.p3, 0) / labelled.length, 10);
  expect(rep.summary.low_confidence).toBe(rep.queries.filter((q) => q.low_confidence === true).length);
  expect(rep.summary.mrr).toBeCloseTo(labelled.reduce((s, j) => s + j.rr, 0) / labelled.length, 10);
}

describe('retrieve --validate on a small labelled set', () => {
  it('reports per-query metrics that agree with the labels applied to the raw rankings (keyword)', async () => {
    const { report: rep } = await report(['--validate', SMALL_QUERIES, '--mode', 'keyword']);
    const raw = await Promise.all(small.map((item) => rawRanking(item, 'keyword')));
    expect(rep.queries).toHaveLength(small.length);
    expect(rep.run.name).toBe('keyword');
    expectMatchesJudge(rep, small, raw);
    // The nonsense query has no indexed word: keyword search returns nothing, so it passes.
    expect(raw[4]!.results).toEqual([]);
    expect(rep.queries[4]!.pass).toBe(true);
  });

  it('exits 1 when a criterion fails and 0 once the bar is lowered below the measured values', async () => {
    const strict = await report(['--validate', SMALL_QUERIES, '--mode', 'keyword', '--min-p3', '1']);
    const p3 = strict.report.summary.mean_p3!;
    expect(p3).toBeLessThan(1);
    expect(strict.code).toBe(1);
    expect(strict.report.criteria.find((c) => c.key === 'minP3')).toMatchObject({ required: 1, pass: false });

    const lenient = await report(['--validate', SMALL_QUERIES, '--mode', 'keyword', '--min-p3', String(Math.floor(p3 * 100) / 100), '--min-hit-rate', '0.5']);
    expect(lenient.code).toBe(0);
    expect(lenient.report.pass).toBe(true);
  });

  it('passes a no-result query that returns nothing (no known word)', async () => {
    const nonsense = small.find((i) => i.expect_no_results)!;
    expect((await rawRanking(nonsense, 'semantic')).results).toEqual([]);
    const { report: rep } = await report(['--validate', SMALL_QUERIES, '--mode', 'semantic']);
    expect(rep.queries[4]!.pass).toBe(true);
  });

  it('--no-results-below lets an expect_no_results query pass when every score is under it', async () => {
    // An in-book question mislabelled as out of scope: confident results, so it fails unless cut.
    const item = { id: 'confident', query: 'ROS 2 topics publishers and subscribers', expect_no_results: true };
    const dir = mkdtempSync(join(tmpdir(), 'nrb-'));
    const file = join(dir, 'set.json');
    writeFileSync(file, JSON.stringify([item]));
    const raw = await rawRanking(item as Item, 'semantic');
    expect(raw.results.length).toBeGreaterThan(0);
    const top = raw.results[0]!.score;
    const without = await report(['--validate', file, '--mode', 'semantic']);
    const withCut = await report(['--validate', file, '--mode', 'semantic', '--no-results-below', String(top + 0.01)]);
    expect(without.report.queries[0]!.pass).toBe(false);
    expect(withCut.report.queries[0]!.pass).toBe(true);
  });

  it('counts, on the embedded index, the chunks of the book each question\'s labels name (relevant_chunks)', async () => {
    const { report: rep } = await report(['--validate', SMALL_QUERIES]);
    const index = decodeIndex(readFileSync(TEST_INDEX));
    const qosChunks = index.ids.filter((_, i) => index.payload(i).file_path === '01-ros2/03-qos-and-dds.md').length;
    expect(qosChunks).toBeGreaterThan(3);
    expect(rep.queries.find((q) => q.id === 'qos')!.relevant_chunks).toBe(qosChunks);
    expect(rep.queries.find((q) => q.id === 'nonsense')!.relevant_chunks).toBeUndefined();
  });

  it('prints a text report with a header, one line per query and the verdict', async () => {
    const run = await retrieve(['--validate', SMALL_QUERIES, '--mode', 'hybrid']);
    const { report: rep } = await report(['--validate', SMALL_QUERIES, '--mode', 'hybrid']);
    expect(run.out.split('\n')[0]).toMatch(/^Validating 5 queries from .*small-queries\.json on the index .*sample-book\.bin as hybrid; in-process \(embedded store, local embedder\); hit@5$/);
    for (const item of small) expect(run.out).toMatch(new RegExp(`^${item.id} +`, 'm'));
    expect(run.out).toMatch(/^ {2}mean P@3 +\d\.\d{3}$/m);
    expect(run.out).toMatch(new RegExp(`^RESULT: ${rep.pass ? 'PASS' : 'FAIL'}$`, 'm'));
    expect(run.code).toBe(rep.pass ? 0 : 1);
  });

  it('names the configured SEARCH_MODE when --mode is not given', async () => {
    const run = await retrieve(['--validate', SMALL_QUERIES], { SEARCH_MODE: 'keyword' });
    expect(run.out.split('\n')[0]).toMatch(/ as keyword \(SEARCH_MODE\); /);
    const { report: rep } = await report(['--validate', SMALL_QUERIES, '--mode', 'keyword']);
    expect(run.out).toContain(`mean P@3            ${rep.summary.mean_p3!.toFixed(3)}`);
  });

  it('exits 2 for a missing file or a malformed query set, naming the item and field', async () => {
    const missing = await retrieve(['--validate', 'nope/queries.json']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/cannot read the query set .*nope\/queries\.json/);
    const bad = await retrieve(['--validate', 'test/cli/retrieve/fixtures/bad-queries.json']);
    expect(bad.code).toBe(2);
    // The file is named (the item alone leaves the user to guess which set), and the hint is the format's.
    expect(bad.err).toMatch(/^retrieve: .*test\/cli\/retrieve\/fixtures\/bad-queries\.json: query set item 1, `expected`: unknown field\(s\) "file_path"$/m);
    expect(bad.err).toMatch(/hint: the query set format: README/);
    // Not JSON: the file and the parser's position are named.
    const broken = join(mkdtempSync(join(tmpdir(), 'qset-')), 'broken.json');
    writeFileSync(broken, '[{"query": "a",}]');
    const notJson = await retrieve(['--validate', broken]);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain(`${broken}: query set is not valid JSON: `);
    expect(notJson.err).toMatch(/position \d+/);
  });

  it('warns when a page label names no page of the book, before scoring it as a miss', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'qset-')), 'labels.json');
    writeFileSync(file, JSON.stringify([{ id: 'typo', query: 'What is a ROS 2 topic?', expected: { file_paths: ['docs/01-ros2/02-nodes-topics-services.md'] } }]));
    const run = await retrieve(['--validate', file]);
    expect(run.err).toContain('validate: warning: 1 page label names no page of the book (typo: docs/01-ros2/02-nodes-topics-services.md)');
  });
});

describe('retrieve --compare', () => {
  it('runs each spec with its parameters; each column equals a single --validate run of that spec', async () => {
    const run = await retrieve(['--validate', SMALL_QUERIES, '--compare', '--runs', 'keyword,semantic+mmr', '--json']);
    const out = JSON.parse(run.out) as { runs: { name: string; params: Record<string, string>; report: ValidationReport }[]; pass: boolean };
    expect(out.runs.map((r) => [r.name, r.params])).toEqual([['keyword', { mode: 'keyword' }], ['semantic+mmr', { mode: 'semantic', rerank: 'mmr' }]]);
    const single = await report(['--validate', SMALL_QUERIES, '--mode', 'semantic', '--rerank', 'mmr']);
    const strip = (r: ValidationReport) => ({ ...r.summary, latency_ms: null, queries: r.queries.map((q) => ({ ...q, latency_ms: 0 })) });
    expect(strip(out.runs[1]!.report)).toEqual(strip(single.report));
    expect(run.code).toBe(out.runs.every((r) => r.report.pass) ? 0 : 1);
  });

  it('prints the side-by-side table of the default runs', async () => {
    const run = await retrieve(['--validate', SMALL_QUERIES, '--compare']);
    const lines = run.out.split('\n');
    expect(lines[0]).toMatch(/^Compared 5 runs over 5 queries/);
    expect(lines.find((l) => l.startsWith('metric'))!.split(/\s+/)).toEqual(['metric', 'keyword', 'semantic', 'hybrid', 'hybrid:rrf', 'semantic+mmr']);
    expect(run.out).toMatch(/^mean P@3 /m);
    expect(run.out).toMatch(/^verdict /m);
    expect(run.out).toMatch(/^RESULT: (PASS \(every run\)|FAIL \(.+\))$/m);
  });

  it('rejects a malformed run spec with exit 2', async () => {
    const run = await retrieve(['--validate', SMALL_QUERIES, '--compare', '--runs', 'keyword,dense']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/bad run spec "dense"/);
  });
});

describe('retrieve --validate on the sample book', () => {
  it('scores all 44 queries; every labelled query agrees with the labels applied to the raw hybrid ranking', async () => {
    const { code, report: rep } = await report(['--validate', SAMPLE_QUERIES, '--mode', 'hybrid']);
    expect(rep.summary).toMatchObject({ queries: 44, labelled: 42, expect_no_results: 2, errors: 0 });
    const raw: SearchOutcome[] = [];
    for (const item of sample) raw.push(await rawRanking(item, 'hybrid'));
    expectMatchesJudge(rep, sample, raw);
    // Metadata integrity: the share of returned results with every field a citation needs.
    const results = raw.flatMap((d) => d.results);
    const complete = results.filter((r) => [r.content, r.source_url, r.chapter, r.section, r.title].every((v) => typeof v === 'string' && v.trim() !== '') && Number.isFinite(r.chunk_index));
    expect(rep.summary.results_checked).toBe(results.length);
    expect(rep.summary.metadata_integrity).toBeCloseTo(complete.length / results.length, 10);
    expect(code).toBe(rep.pass ? 0 : 1);
  });
});
