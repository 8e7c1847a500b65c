import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { tenant } from './support/harness';

/** The Worker as a fresh clone runs it: no QDRANT_URL, no COHERE_API_KEY, no network. */
const offline = { COHERE_API_KEY: '', QDRANT_URL: '', QDRANT_API_KEY: '' };

describe('embedded default (bundled sample book, local LSA embedder)', () => {
  it('answers a search offline, naming the embedder and the store', async () => {
    const t = tenant('offline');
    const res = await t.call('/search?q=How%20do%20QoS%20reliability%20policies%20work%20in%20ROS%202%3F&k=5', {}, offline);
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.store).toEqual({ kind: 'embedded' });
    expect(body.embedder.kind).toBe('lsa');
    expect(body.embedder.model).toMatch(/^lsa-\d+-[0-9a-f]{8}$/);
    expect(body.results).toHaveLength(5);
    expect(body.results[0].source).toMatch(/^01-ros2\/03-qos-and-dds\.md:\d+-\d+$/);
    // The module by its folder (what a filter takes) and by its sidebar label (the folder's _category_.json).
    expect(body.results[0]).toMatchObject({ module: '01-ros2', module_title: 'Module 1: ROS 2 Fundamentals', chapter: 'qos-and-dds' });
    expect(body.summary.cache).toBe('none');
    expect(await t.calls()).toEqual([]); // not a single upstream request
  });

  it('links a result whose highlight lies under a later heading of its chunk to that heading, in JSON and in the prompt', async () => {
    const t = tenant('offline-later-heading');
    const q = encodeURIComponent('modular pipeline where the LLM chooses among a library of skills');
    const { results } = (await t.call(`/search?q=${q}&k=3`, {}, offline)).json();
    const hit = results.find((result: { chunk_id: string }) => result.chunk_id === '04-vla/index.md#1');
    // The chunk starts under "Two design patterns" and runs on into "Pattern 1": its label stays the start's.
    expect(hit).toMatchObject({ section: 'Two design patterns', section_url: `${hit.source_url}#two-design-patterns` });
    expect(hit.highlight).toMatchObject({ section: 'Pattern 1: the modular pipeline', section_url: `${hit.source_url}#pattern-1-the-modular-pipeline` });
    expect(hit.content.slice(0, hit.highlight.start)).toContain('### Pattern 1: the modular pipeline\n');
    const prompt = (await t.call(`/search?q=${q}&k=3&format=context`, {}, offline)).text;
    expect(prompt).toContain(`Source: ${hit.highlight.section_url}\n`);
    expect(prompt).toContain('Section: Pattern 1: the modular pipeline\n');
  });

  it('reports the embedded parts in /health', async () => {
    const t = tenant('offline-health');
    const res = await t.call('/health', {}, offline);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      embedder: { kind: 'lsa', ok: true },
      store: { kind: 'embedded', collection: 'textbook_chunks', ok: true, term_rule: true },
    });
    expect(res.json().store.points_count).toBeGreaterThan(100);
  });

  it('refuses to mix a Cohere query vector with the LSA-built index (409) before calling Cohere, and /health says so', async () => {
    const t = tenant('mix');
    const keyOnly = { ...offline, COHERE_API_KEY: 'test-cohere-key' };
    const res = await t.call('/search?q=gazebo&cache=bypass', {}, keyOnly);
    expect(res.status).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'embedder_mismatch', index_embedder: { kind: 'lsa' }, query_embedder: { kind: 'cohere' } });
    expect(res.json().error.message).toContain('set QDRANT_URL');
    expect(await t.calls()).toEqual([]); // the mismatch is certain from the local index: no embed call is wasted
    // Keyword search needs no embedder and still answers.
    expect((await t.call('/search?q=gazebo&mode=keyword', {}, keyOnly)).status).toBe(200);
    const health = await t.call('/health', {}, keyOnly);
    expect(health.status).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', embedder: { ok: false, error: { code: 'embedder_mismatch' } }, store: { ok: true } });
  });

  it('404s a collection the embedded index does not hold, naming the one it holds on a local dev server', async () => {
    const t = tenant('coll');
    const res = await t.fetcher({ ...offline, QDRANT_COLLECTION: 'textbook' })('http://127.0.0.1:8787/search?q=gazebo');
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error).toMatchObject({ code: 'collection_not_found', available: ['textbook_chunks'] });
    const deployed = await t.call('/search?q=gazebo', {}, { ...offline, QDRANT_COLLECTION: 'textbook' });
    expect(deployed.json().error).toMatchObject({ code: 'collection_not_found', collection: 'textbook' });
    expect(deployed.text).not.toContain('textbook_chunks');
    // A Host header is the caller's to write: "localhost" from another machine's address is not the developer.
    const spoofed = await t.fetcher({ ...offline, QDRANT_COLLECTION: 'textbook' })('http://localhost:8787/search?q=gazebo', { headers: { 'CF-Connecting-IP': '203.0.113.9' } });
    expect(spoofed.status).toBe(404);
    expect(await spoofed.text()).not.toContain('textbook_chunks');
  });

  it('searches in hybrid mode fused by RRF by default (measured best for the local model); HYBRID_FUSION changes it', async () => {
    const t = tenant('default-mode');
    const q = '/search?q=URDF%20joints%20and%20links&k=5';
    const body = (await t.call(q, {}, offline)).json();
    expect(body.summary).toMatchObject({ mode: 'hybrid', fusion: 'rrf' });
    const scores = (answer: any) => answer.results.map((r: any) => [r.id, r.score]);
    const explicit = (await t.call(`${q}&mode=hybrid&fusion=rrf`, {}, offline)).json();
    expect(scores(body)).toEqual(scores(explicit));
    const weighted = (await t.call(q, {}, { ...offline, HYBRID_FUSION: 'weighted' })).json();
    expect(weighted.summary).toMatchObject({ mode: 'hybrid', fusion: 'weighted' });
    const explicitWeighted = (await t.call(`${q}&mode=hybrid&fusion=weighted&semantic_weight=0.85&keyword_weight=0.15`, {}, offline)).json();
    expect(scores(weighted)).toEqual(scores(explicitWeighted));
    expect(scores(body)).not.toEqual(scores(weighted));
  });

  it('RRF scores are 0–1 (1 = first in both lists), so the README threshold example keeps results in the default fusion', async () => {
    const t = tenant('rrf-threshold');
    const body = (await t.call('/search?q=walking%20balance%20and%20ZMP&k=5&threshold=0.2', {}, offline)).json();
    expect(body.summary).toMatchObject({ fusion: 'rrf', filtered_below_threshold: 0 });
    expect(body.results.length).toBe(5);
    for (const r of body.results) expect(r.score).toBeGreaterThan(0.2);
    for (const r of body.results) expect(r.score).toBeLessThanOrEqual(1);
    const strict = (await t.call('/search?q=walking%20balance%20and%20ZMP&k=5&threshold=0.99', {}, offline)).json();
    const firstInBoth = body.results.filter((r: any) => r.ranks.semantic === 1 && r.ranks.keyword === 1).length;
    expect(strict.results.length).toBe(firstInBoth);
  });

  it('runs from the wrangler.toml configuration alone (the deployed entry point)', async () => {
    // Unset, or '' where vitest.config.ts masks a developer's .dev.vars (the Worker reads '' as unset).
    expect((env as unknown as Record<string, unknown>).QDRANT_URL ?? '').toBe('');
    const res = await exports.default.fetch('https://worker.test/search?q=URDF%20joints%20and%20links&k=3');
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.results).toHaveLength(3);
    expect(body.results.some((r: any) => r.module === '02-simulation')).toBe(true);
  });
});

describe('queries the book does not cover (the embedded index\'s term rule)', () => {
  const codes = (body: any) => body.summary.warnings.map((w: any) => w.code);

  it('flags a query made mostly of words the book never uses, in every mode', async () => {
    const t = tenant('oos');
    for (const mode of ['semantic', 'keyword', 'hybrid']) {
      // lowercase: the coverage clause (a capitalised "Patagonia" is caught by the name clause, below)
      const body = (await t.call(`/search?q=best%20hiking%20trails%20in%20patagonia%20for%20a%20winter%20trip&mode=${mode}`, {}, offline)).json();
      expect(body.summary.query_coverage).toBeLessThan(0.5);
      expect(body.summary.confidence).toMatchObject({ rating: body.results.length ? 'low' : 'none', low_confidence: true });
      const warning = body.summary.warnings.find((w: any) => w.code === 'no_match');
      expect(warning.message).toMatch(/never appears in the book/);
      expect(warning.details.unknown_terms).toEqual(expect.arrayContaining(['hiking', 'patagonia']));
    }
  });

  it('flags a question about a named place the book never mentions, though its other words are the book\'s', async () => {
    const t = tenant('oos-place');
    const body = (await t.call('/search?q=best%20pizza%20recipe%20in%20Naples', {}, offline)).json();
    expect(body.summary.query_coverage).toBeGreaterThanOrEqual(0.5); // "best" and "recipe" are book words
    expect(body.summary.confidence.low_confidence).toBe(true);
    const warning = body.summary.warnings.find((w: any) => w.code === 'no_match');
    // "pizza" is no book word either: named beside the name that decided the verdict.
    expect(warning.message).toMatch(/never mentions "pizza", "Naples"/);
  });

  it('flags a query that names something the book never mentions, even when most words are in the book', async () => {
    const t = tenant('oos-name');
    const body = (await t.call('/search?q=how%20do%20I%20deploy%20my%20ROS%202%20nodes%20on%20a%20Kubernetes%20cluster', {}, offline)).json();
    expect(body.summary.query_coverage).toBeGreaterThanOrEqual(0.5);
    expect(body.summary.confidence).toMatchObject({ rating: 'low', low_confidence: true, rated_on: 'terms' });
    const warning = body.summary.warnings.find((w: any) => w.code === 'no_match');
    expect(warning.message).toBe('The book never mentions "Kubernetes": it probably does not cover this question.');
    // The scores themselves are not low: no message claims a cosine under the cut.
    expect(codes(body)).not.toContain('low_confidence');
  });

  it('flags a near-subject question with several words the book never uses, though most of its weight is the book\'s', async () => {
    const t = tenant('oos-several');
    const q = "How do I schedule a nightly backup of my robot's log files?";
    const body = (await t.call(`/search?q=${encodeURIComponent(q)}`, {}, offline)).json();
    expect(body.summary.query_coverage).toBeGreaterThanOrEqual(0.5);
    expect(body.summary.query_coverage).toBeLessThan(0.75);
    expect(body.summary.confidence).toMatchObject({ rating: 'low', low_confidence: true, rated_on: 'terms' });
    const warning = body.summary.warnings.find((w: any) => w.code === 'no_match');
    expect(warning.message).toMatch(/^Several words of this question \("schedule", "nightly"\) never appear in the book \(\d+% of its informative words do\)/);
    expect(warning.details).toMatchObject({ unknown_terms: ['schedule', 'nightly'], foreign_terms: [] });
    // One of the two words alone is a paraphrase the book may well answer: not flagged.
    for (const one of ["How do I schedule a backup of my robot's log files?", "How do I make a nightly backup of my robot's log files?"]) {
      const single = (await t.call(`/search?q=${encodeURIComponent(one)}`, {}, offline)).json();
      expect(single.summary.confidence.low_confidence, one).toBe(false);
      expect(codes(single), one).not.toContain('no_match');
    }
  });

  it('says why for a question in another language instead of quoting a cosine', async () => {
    const t = tenant('oos-fr');
    const body = (await t.call(`/search?q=${encodeURIComponent('Comment créer un nœud ROS 2 qui publie des messages ?')}`, {}, offline)).json();
    expect(body.summary.confidence.low_confidence).toBe(true);
    const messages = body.summary.warnings.map((w: any) => w.message).join(' ');
    expect(messages).toMatch(/never mentions|never appears/);
    expect(messages).not.toMatch(/similarity/);
  });

  it('returns nothing, not arbitrary chunks, when no query word is known', async () => {
    const t = tenant('oos0');
    const body = (await t.call('/search?q=zxqv%20plorkish%20wibbles', {}, offline)).json();
    expect(body.summary.query_coverage).toBe(0);
    expect(body.results).toEqual([]);
    expect(body.summary.message).toMatch(/No results/);
    const hybrid = (await t.call('/search?q=zxqv%20plorkish%20wibbles&mode=hybrid', {}, offline)).json();
    expect(hybrid.results).toEqual([]);
  });

  it('says when no chunk passes the filter (a misspelt value), in the answer and in the prompt, instead of blaming the question', async () => {
    const t = tenant('filter0');
    const body = (await t.call('/search?q=What%20is%20a%20ROS%202%20topic%3F&module=01-ros', {}, offline)).json();
    expect(body.results).toEqual([]);
    expect(body.summary.warnings).toContainEqual(expect.objectContaining({ code: 'filter_matched_nothing', details: { filters: ['module = "01-ros"'] } }));
    const prompt = (await t.call('/search?q=What%20is%20a%20ROS%202%20topic%3F&module=01-ros&format=context', {}, offline)).text;
    expect(prompt).toMatch(/No chunk of the book matches the filter \(module = "01-ros"\)/);
    // A module written as the page URLs write it, without its folder's number, is told so.
    const slug = (await t.call('/search?q=What%20is%20a%20ROS%202%20topic%3F&module=ros2', {}, offline)).json();
    expect(slug.summary.warnings.find((w: { code: string }) => w.code === 'filter_matched_nothing').message).toMatch(/If the folder of "ros2" has a number prefix, as page URLs leave out, write it too \("NN-ros2"/);
    expect(body.summary.warnings.find((w: { code: string }) => w.code === 'filter_matched_nothing').message).not.toMatch(/number prefix, as page URLs/); // "01-ros" has one
    // A filter that lets chunks through says nothing of the kind.
    const found = (await t.call('/search?q=What%20is%20a%20ROS%202%20topic%3F&module=01-ros2', {}, offline)).json();
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.summary.warnings.map((w: { code: string }) => w.code)).not.toContain('filter_matched_nothing');
  });

  it('does not flag in-book questions, paraphrased or with a typo', async () => {
    const t = tenant('inbook');
    for (const q of ['ROS 2 topics and publishers', 'my robot falls over when it walks, how do I keep it balanced?', 'how do I tune the PID contoller gains']) {
      const body = (await t.call(`/search?q=${encodeURIComponent(q)}`, {}, offline)).json();
      expect(body.summary.confidence.low_confidence, q).toBe(false);
      expect(codes(body), q).not.toContain('no_match');
    }
  });
});

describe('a word the book never uses but misspells, clips or affixes (searched as the book\'s word)', () => {
  it('answers a misspelt question as the correctly spelt one, in every mode, and says what it read', async () => {
    const t = tenant('typo');
    const correct = 'How do QoS reliability policies work in ROS 2?';
    const typo = 'How do QoS relaibility policies work in ROS 2?';
    for (const mode of ['semantic', 'keyword', 'hybrid']) {
      const right = (await t.call(`/search?q=${encodeURIComponent(correct)}&mode=${mode}&k=3`, {}, offline)).json();
      const slip = (await t.call(`/search?q=${encodeURIComponent(typo)}&mode=${mode}&k=3`, {}, offline)).json();
      expect(slip.results.map((r: any) => r.id), mode).toEqual(right.results.map((r: any) => r.id));
      expect(slip.summary.read_as, mode).toEqual([{ word: 'relaibility', as: 'reliability', how: 'misspelt' }]);
      expect(right.summary.read_as, mode).toBeUndefined();
      expect(slip.summary.confidence.low_confidence, mode).toBe(false);
      // The answer still names the question as it was asked.
      expect(slip.query).toBe(typo);
    }
  });
});
