/**
 * One search through `runRetrieve`, in-process against the embedded default: the text, JSON and
 * context outputs, the filters and the threshold (the exit codes: exit-codes.test.ts).
 */
import { labelledRow, linesPlain } from '../../../src/client/inline-plain';
import { describe, expect, it } from 'vitest';
import type { SearchOutcome } from '../../../src/core/query/search/search-outcome';
import { PREVIEW_CHARS } from '../../../src/cli/retrieve/format-text';
import { retrieve } from './support';

const QUERY = 'How do QoS reliability and durability settings affect subscribers?';

async function json(argv: string[]): Promise<SearchOutcome> {
  const run = await retrieve([...argv, '--json']);
  expect(run.code).toBe(0);
  return JSON.parse(run.out) as SearchOutcome;
}

describe('retrieve --json', () => {
  it('prints the Worker document: header fields, then results, summary, timing', async () => {
    const doc = await json([QUERY, '-k', '4']);
    // The Worker streams the header fields of the outcome, then results, summary, timing.
    expect(Object.keys(doc)).toEqual(['query', 'collection', 'top_k', 'top_k_requested', 'top_k_clamped', 'mode', 'embedder', 'store', 'results', 'summary', 'timing']);
    expect(doc.query).toBe(QUERY);
    expect(doc.top_k).toBe(4);
    expect(doc.results.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    const scores = doc.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(doc.summary.returned).toBe(4);
    expect(Object.keys(doc.timing)).toEqual(expect.arrayContaining(['embed_ms', 'search_ms', 'total_ms', 'upstream_calls']));
    expect(doc.timing.upstream_calls).toBe(0); // the embedded default makes no network call
  });

  it('gives each result the sentence that matches the question (highlight), located in its content', async () => {
    const doc = await json(['How do I tune the PID contoller gains?', '-k', '5']);
    for (const r of doc.results) {
      const h = r.highlight as { text: string; start: number; end: number; terms: string[] };
      const located = r.content!.slice(h.start, h.end).replace(/\s+/g, ' ').trim();
      // The text is that slice, or a window of it marked "…" where cut.
      expect(located).toContain(h.text.replace(/^…|…$/g, ''));
      expect(h.terms.length).toBeGreaterThan(0);
      for (const term of h.terms) expect(h.text.toLowerCase()).toContain(term);
    }
    // "contoller" was searched as the book's "controller": that is the word highlighted.
    const terms = doc.results.flatMap((r) => (r.highlight as { terms: string[] }).terms);
    expect(terms.some((t) => t.startsWith('control'))).toBe(true);
    expect(terms).not.toContain('contoller');
  });

  it('uses the configured default mode and k when the flags are absent (SEARCH_MODE, TOP_K_DEFAULT)', async () => {
    const run = await retrieve([QUERY, '--json'], { SEARCH_MODE: 'keyword', TOP_K_DEFAULT: '2' });
    const doc = JSON.parse(run.out) as SearchOutcome;
    expect([doc.mode, doc.top_k, doc.embedder]).toEqual(['keyword', 2, null]);
  });

  it('applies --module, --chapter, --tags and --filter as the Worker does', async () => {
    const byModule = await json([QUERY, '--module', '04-vla', '-k', '5']);
    expect(byModule.results.length).toBeGreaterThan(0);
    expect(byModule.results.every((r) => r.module === '04-vla')).toBe(true);
    expect(byModule.summary.filters).toEqual(['module = "04-vla"']);

    const byChapter = await json([QUERY, '--chapter', 'tf2-coordinate-frames']);
    expect(byChapter.results.every((r) => r.chapter === 'tf2-coordinate-frames')).toBe(true);

    const byTags = await json([QUERY, '--tags', 'nav2']);
    expect(byTags.results.length).toBeGreaterThan(0);
    for (const r of byTags.results) expect(r.metadata?.tags).toContain('nav2');

    const notRos = await json([QUERY, '--filter', '{"not":{"module":"01-ros2"}}', '-k', '10']);
    expect(notRos.results.length).toBe(10);
    expect(notRos.results.some((r) => r.module === '01-ros2')).toBe(false);
  });

  it('keeps only results at or above --threshold', async () => {
    const all = await json([QUERY, '-k', '10']);
    const cut = (all.results[2]!.score + all.results[3]!.score) / 2;
    const kept = await json([QUERY, '-k', '10', '--threshold', String(cut)]);
    expect(kept.results.map((r) => r.id)).toEqual(all.results.slice(0, 3).map((r) => r.id));
    expect(kept.summary.filtered_below_threshold).toBe(7);
  });
});

describe('scores stay 0–1 where they are cosines', () => {
  it('a defining chunk lifted by its priors scores 1, not above, and keeps its place first', async () => {
    const question = 'What is the zero moment point?';
    const semantic = await json([question, '-k', '3', '--mode', 'semantic']);
    // The defining chunk's cosine times its definition priors was 1.14 before the cap.
    expect(semantic.results[0]!.score).toBe(1);
    expect(semantic.results.every((r) => r.score <= 1)).toBe(true);
    expect((semantic.summary.confidence as { max: number }).max).toBe(1);
    // threshold 1 keeps what shows 1, and nothing that shows less.
    const top = await json([question, '-k', '3', '--mode', 'semantic', '--threshold', '1']);
    expect(top.results.map((r) => r.id)).toEqual([semantic.results[0]!.id]);
    const hybrid = await json([question, '-k', '3']);
    expect(hybrid.results[0]!.id).toBe(semantic.results[0]!.id);
    expect(hybrid.results.every((r) => (r.scores as { semantic: number }).semantic <= 1)).toBe(true);
  });
});

describe('confidence rating with the local model', () => {
  it('is high only when the book has every informative word of the question', async () => {
    const question = 'rclpy action server example that sends feedback and can be cancelled';
    const rating = async (q: string) => ((await json([q, '-k', '5'])).summary.confidence as { rating: string }).rating;
    expect(await rating(question)).toBe('high');
    // One word the book never uses ("trampoline"): the same first answer, but not "high".
    const odd = await json([`${question} from a trampoline`, '-k', '5']);
    expect((odd.summary.confidence as { rating: string }).rating).toBe('medium');
    expect(odd.summary.query_coverage).toBeLessThan(1);
  });
});

describe('retrieve (text)', () => {
  it('prints the header, one block per result and the timing line', async () => {
    const doc = await json([QUERY, '-k', '3', '--mode', 'hybrid']);
    const run = await retrieve([QUERY, '-k', '3', '--mode', 'hybrid']);
    expect(run.code).toBe(0);
    const lines = run.out.split('\n');
    expect(lines[0]).toBe(`Query: ${JSON.stringify(QUERY)}`);
    expect(lines[1]).toMatch(/^3 results in \d+\.\d ms \(hybrid, embedded store, collection textbook_chunks\)$/);
    doc.results.forEach((r, i) => {
      const at = lines.indexOf(`${i + 1}. [${r.score.toFixed(4)}] ${r.title ?? r.chapter}`);
      expect(r.title).toBeTruthy(); // every page of the sample book has one: the line names it, not the slug
      expect(at).toBeGreaterThan(1);
      expect(lines[at + 1]).toBe(`   Section: ${r.section}`);
      expect(lines[at + 2]).toBe(`   URL: ${r.section_url}`);
      expect(lines[at + 3]).toBe(`   Source: ${r.source}`);
      expect(lines[at + 4]).toMatch(/^ {3}Preview: \S/);
      // The preview opens with the sentence that matches the question, its markdown read as prose.
      const highlight = r.highlight as { text: string; start: number; end: number };
      const shown = labelledRow(r.content!, highlight.start, highlight.end) ?? linesPlain(highlight.text); // a table row with its columns' names
      expect(lines[at + 4]!.slice('   Preview: '.length, '   Preview: '.length + 30)).toBe(shown.slice(0, 30));
      expect(lines[at + 4]!.length - '   Preview: '.length).toBeLessThanOrEqual(PREVIEW_CHARS);
    });
    expect(lines.at(-1)).toMatch(/^Timing: embed \d+\.\d ms \/ search \d+\.\d ms \/ total \d+\.\d ms$/);
    expect(run.out).not.toMatch(/Details:/);
  });

  it('says why a result scores above the one before it (page diversity), and only then', async () => {
    // On the sample book the third result of this question is a chunk next to the first, held back
    // one place for a page not shown yet: it scores above the second.
    const question = 'launch a RealSense camera in ROS 2 with depth registered to the color image and the IMU enabled';
    const doc = await json([question, '-k', '3']);
    expect(doc.results[2]!.score).toBeGreaterThan(doc.results[1]!.score);
    const orderLines = (out: string) => out.split('\n').filter((line) => line.startsWith('   Order: '));
    const lines = (await retrieve([question, '-k', '3'])).out.split('\n');
    expect(orderLines(lines.join('\n'))).toEqual(['   Order: placed after a new page (page diversity); --diversity none gives score order']);
    expect(lines[lines.indexOf(orderLines(lines.join('\n'))[0]!) - 5]).toMatch(/^3\. \[/);
    // In score order nothing is said.
    expect(orderLines((await retrieve([question, '-k', '3', '--diversity', 'none'])).out)).toEqual([]);
  });

  it('says in the header when k was above the maximum and served at it, as the Worker reports top_k_clamped', async () => {
    const run = await retrieve(['ros', '-k', '1000']);
    expect(run.code).toBe(0);
    expect(run.out.split('\n')[1]).toMatch(/^50 results \(k 1000 is above the maximum: 50\) in /);
  });

  it('says "below the minimum" when k was raised to TOP_K_MIN, not "above the maximum"', async () => {
    const run = await retrieve(['ros', '-k', '1'], { TOP_K_MIN: '3', TOP_K_MAX: '8' });
    expect(run.code).toBe(0);
    expect(run.out.split('\n')[1]).toMatch(/^3 results \(k 1 is below the minimum: 3\) in /);
  });

  it('says under the count when a misspelt word was searched as the book\'s word', async () => {
    const run = await retrieve(['How do QoS relaibility settings work?', '-k', '2']);
    expect(run.code).toBe(0);
    expect(run.out.split('\n')[2]).toBe('Searched "relaibility" as "reliability" (the book\'s word)');
    expect((await retrieve([QUERY, '-k', '2'])).out).not.toMatch(/^Searched/m);
  });

  it('prints a warning that changes how the results read above them, and keeps advice for --verbose', async () => {
    const offTopic = 'How do I deploy my app to a Kubernetes cluster with kubectl?';
    const flagged = await json([offTopic, '-k', '2']);
    const noMatch = flagged.summary.warnings.find((w) => w.code === 'no_match');
    expect(noMatch?.message).toMatch(/never mentions "Kubernetes", "kubectl"/);
    const lines = (await retrieve([offTopic, '-k', '2'])).out.split('\n');
    expect(lines[2]).toBe(`Warning: ${noMatch!.message}`);
    expect(lines.indexOf(`Warning: ${noMatch!.message}`)).toBeLessThan(lines.findIndex((line) => line.startsWith('1. [')));

    // Three answers from one page draw low_diversity: advice on variety, not a doubt about the answer.
    const oneSource = 'What is the difference between a service and an action?';
    const advised = await json([oneSource, '-k', '3']);
    expect(advised.summary.warnings.map((w) => w.code)).toEqual(['low_diversity']);
    expect((await retrieve([oneSource, '-k', '3'])).out).not.toMatch(/Warning/);
    expect((await retrieve([oneSource, '-k', '3', '-v'])).out).toMatch(/^ {2}warning \[low_diversity\]: /m);
  });

  it('--verbose adds timing breakdown, cache, filters, candidates and confidence', async () => {
    const run = await retrieve([QUERY, '-k', '500', '--module', '01-ros2', '-v']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Details:$/m);
    expect(run.out).toMatch(/^ {2}answered by: in-process \(embedded store, local embedder\)$/m);
    expect(run.out).toMatch(/^ {2}timing: embed [\d.]+ ms, search [\d.]+ ms, total [\d.]+ ms; upstream calls 0; wall clock/m);
    expect(run.out).toMatch(/^ {2}cache: (miss|hit|none)$/m);
    expect(run.out).toMatch(/^ {2}filters: module = "01-ros2"$/m);
    // TOP_K_MAX defaults to 50, so 500 is clamped and the verbose line says so.
    expect(run.out).toMatch(/k 50 \(clamped from 500\)/);
    expect(run.out).toMatch(/^ {2}confidence: (high|medium|low)/m);
  });
});

describe('retrieve --context', () => {
  it('prints one block per result, best first, with score, section link, chapter and section', async () => {
    const doc = await json([QUERY, '-k', '3']);
    const run = await retrieve([QUERY, '-k', '3', '--context']);
    expect(run.code).toBe(0);
    const blocks = run.out.split('\n\n====\n\n');
    expect(blocks).toHaveLength(3);
    blocks.forEach((block, i) => {
      const r = doc.results[i]!;
      expect(block.split('\n').slice(0, 6)).toEqual([
        `[Result ${i + 1}]`, `Score: ${r.score.toFixed(4)}`, `Source: ${r.section_url}`, `Chapter: ${r.chapter}`, `Section: ${r.section}`, '---',
      ]);
      expect(block).toContain((r.content ?? '').trim());
    });
    // The sample book's chunks under an H2 or deeper link to their section on the page.
    const anchored = doc.results.filter((r) => r.section_url !== r.source_url);
    expect(anchored.length).toBeGreaterThan(0);
    for (const r of anchored) expect(r.section_url).toMatch(new RegExp(`^${r.source_url}#[a-z0-9-]+$`));
    expect(run.out).not.toMatch(/\[Note\]/);
  });

  it('leads with a [Note] when the book probably does not cover the question, so the model reads it first', async () => {
    const offTopic = 'How do I deploy my app to a Kubernetes cluster with kubectl?';
    const doc = await json([offTopic, '-k', '2']);
    const blocks = (await retrieve([offTopic, '-k', '2', '--context'])).out.split('\n\n====\n\n');
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toBe(`[Note]\n${doc.summary.warnings.find((w) => w.code === 'no_match')!.message}`);
    expect(blocks[1]).toMatch(/^\[Result 1\]\n/);
  });

  it('prints the [Note] alone when nothing is returned (as the Worker does), with the no-results exit status', async () => {
    const run = await retrieve([QUERY, '-k', '2', '--threshold', '0.999', '--context']);
    expect(run.code).not.toBe(0);
    expect(run.out).toMatch(/^\[Note\]\nNo passage of the book was found for this question/);
    expect(run.out).not.toContain('[Result');
  });
});
