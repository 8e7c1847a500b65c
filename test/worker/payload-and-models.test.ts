import { describe, expect, it } from 'vitest';
import { seedCollection, tenant } from './support/harness';

describe('payloads of other ingestion pipelines', () => {
  it('maps {url, title, heading, text, position}', async () => {
    const t = tenant('shape1');
    await seedCollection(t, [{ id: 1, text: 'tf2 frames', payload: { url: 'https://x.test/tf2', title: 'TF2', heading: 'Frames', token_count: 12, position: 3 } }], { textKey: 'text' });
    const [result] = (await t.call('/search?q=tf2%20frames')).json().results;
    expect(result).toMatchObject({ content: 'tf2 frames', source_url: 'https://x.test/tf2', title: 'TF2', section: 'Frames', chunk_index: 3, chapter: null, chunk_id: null, source: null });
    expect(result.metadata).toEqual({ token_count: 12 });
  });

  it('maps {source_url, section_title, page_title, content} and a UUID id', async () => {
    const t = tenant('shape2');
    const id = '5c56c793-69f3-4fbf-87e6-c4bf54c28c26';
    await seedCollection(t, [{ id, text: 'urdf links joints', payload: { source_url: 'https://x.test/urdf', section_title: 'Links', page_title: 'URDF', chapter: 'urdf', chunk_id: 'c-1', content_hash: 'abc' } }]);
    const [result] = (await t.call('/search?q=urdf')).json().results;
    expect(result).toMatchObject({ id, content: 'urdf links joints', section: 'Links', title: 'URDF', chapter: 'urdf', chunk_id: 'c-1' });
    // A collection without section links (ingested before them, or by another tool) links the page.
    expect(result.section_url).toBe('https://x.test/urdf');
    // Nor module titles: null, for a client to show the module itself.
    expect(result.module_title).toBeNull();
  });

  it("returns the module's sidebar label that ingest records, beside the module a filter takes", async () => {
    const t = tenant('shape6');
    await seedCollection(t, [{ id: 6, text: 'cpr chest compressions', payload: { module: '02-first-response', module_title: 'Part 2: First Response' } }]);
    const [result] = (await t.call('/search?q=cpr%20compressions&module=02-first-response')).json().results;
    expect(result).toMatchObject({ module: '02-first-response', module_title: 'Part 2: First Response' });
    expect(result.metadata).not.toHaveProperty('module_title');
  });

  it('returns the section link that ingest records, apart from the page URL', async () => {
    const t = tenant('shape5');
    await seedCollection(t, [{ id: 5, text: 'urdf joints limits', payload: { source_url: 'https://x.test/urdf', section_url: 'https://x.test/urdf#joints' } }]);
    const [result] = (await t.call('/search?q=urdf%20joints')).json().results;
    expect(result).toMatchObject({ source_url: 'https://x.test/urdf', section_url: 'https://x.test/urdf#joints' });
    expect(result.metadata).not.toHaveProperty('section_url');
  });

  it('links the later heading a highlight lies under from the later_headings ingest records; without them, the section_url', async () => {
    const t = tenant('shape7');
    const newer = '## Via Size\n\nVias are drilled holes.\n\n## Track Width\n\nWide copper tracks carry current.';
    const older = '## Via Size\n\nVias are plated holes.\n\n## Track Width\n\nCopper tracks heat up.';
    const payload = { source_url: 'https://x.test/pcb', section_url: 'https://x.test/pcb#via-size', section: 'Via Size' };
    await seedCollection(t, [
      { id: 7, text: newer, payload: { ...payload, chunk_id: 'newer', later_headings: [[newer.indexOf('## Track'), 'Track Width', 'track-width']] } },
      { id: 8, text: older, payload: { ...payload, chunk_id: 'older' } },
    ]);
    const results = (await t.call('/search?q=copper%20tracks&diversity=none')).json().results as Record<string, any>[];
    const byId = Object.fromEntries(results.map((result) => [result.chunk_id, result]));
    expect(byId.newer).toMatchObject({ section: 'Via Size', section_url: 'https://x.test/pcb#via-size' });
    expect(byId.newer!.highlight).toMatchObject({ text: 'Wide copper tracks carry current.', section: 'Track Width', section_url: 'https://x.test/pcb#track-width' });
    // Ingested before the field: the highlight carries no heading, and the result's own link stands.
    expect(byId.older!.highlight.text).toBe('Copper tracks heat up.');
    expect(byId.older!.highlight).not.toHaveProperty('section');
    expect(byId.older!.highlight).not.toHaveProperty('section_url');
    expect(byId.older).toMatchObject({ section: 'Via Size', section_url: 'https://x.test/pcb#via-size' });
  });

  it('highlights the first sentence under a later heading that is the only match, naming and linking it, with no terms', async () => {
    const t = tenant('shape8');
    const text = '## Via Size\n\nVias are drilled holes.\n\n## Track Width\n\nPower lines need at least 0.5 mm.';
    const payload = { source_url: 'https://x.test/pcb', section_url: 'https://x.test/pcb#via-size', section: 'Via Size', chunk_id: 'c', later_headings: [[text.indexOf('## Track'), 'Track Width', 'track-width']] };
    await seedCollection(t, [{ id: 9, text, payload }]);
    const [result] = (await t.call('/search?q=track%20width')).json().results;
    expect(result.highlight).toMatchObject({ text: 'Power lines need at least 0.5 mm.', terms: [], section: 'Track Width', section_url: 'https://x.test/pcb#track-width' });
    expect(text.slice(result.highlight.start, result.highlight.end)).toBe('Power lines need at least 0.5 mm.');
  });

  it('follows PAYLOAD_FIELDS for page_content and custom keys', async () => {
    const t = tenant('shape3');
    await seedCollection(t, [{ id: 9, text: 'nav2 costmaps', payload: { link: 'https://x.test/nav2', part: 'Navigation' } }], { textKey: 'page_content' });
    const res = await t.call('/search?q=nav2', {}, { PAYLOAD_FIELDS: 'source_url=link,chapter=part' });
    expect(res.json().results[0]).toMatchObject({ content: 'nav2 costmaps', source_url: 'https://x.test/nav2', chapter: 'Navigation' });
    const bad = await t.call('/search?q=nav2', {}, { PAYLOAD_FIELDS: 'colour=part' });
    expect(bad.status).toBe(500);
    expect(bad.json().error).toMatchObject({ code: 'config_error', variables: ['PAYLOAD_FIELDS'] });
  });

  it('survives an empty payload', async () => {
    const t = tenant('shape4');
    await seedCollection(t, [{ id: 2, text: 'x' }], { textKey: 'unrelated' });
    const [result] = (await t.call('/search?q=x')).json().results;
    expect(result).toMatchObject({ content: null, source_url: null, section: null, title: null, chunk_index: null });
  });
});

describe('named vectors and models', () => {
  it('uses the only named dense vector, or QDRANT_VECTOR_NAME', async () => {
    const t = tenant('named');
    await seedCollection(t, [{ id: 1, text: 'isaac lab reinforcement learning' }], { vectorName: 'dense' });
    const auto = await t.call('/search?q=reinforcement');
    expect(auto.status).toBe(200);
    // Facts unknown: the unnamed vector is tried, Qdrant refuses, the facts name the only vector.
    const queries = (await t.calls('qdrant')).filter((c) => c.path.endsWith('/points/query'));
    // The search runs as a prefetch rescored by the overview prior (one request each).
    expect(queries.map((c) => c.body.prefetch[0].using)).toEqual([undefined, 'dense']);
    // Facts known now: one query, straight to the named vector.
    const before = (await t.calls('qdrant')).length;
    expect((await t.call('/search?q=reinforcement+learning')).status).toBe(200);
    const after = (await t.calls('qdrant')).slice(before);
    expect(after.map((c) => [c.path, c.body?.prefetch[0].using])).toEqual([['/collections/textbook_chunks/points/query', 'dense']]);
    const wrong = await t.call('/search?q=reinforcement', {}, { QDRANT_VECTOR_NAME: 'missing' });
    expect(wrong.json().error).toMatchObject({ code: 'config_error', variables: ['QDRANT_VECTOR_NAME'] });
  });

  it.each([
    ['embed-multilingual-v3.0', {}, 1024, undefined],
    ['embed-v4.0', {}, 1536, undefined],
    ['embed-v4.0', { EMBED_DIMENSION: '256' }, 256, 256],
  ])('works with %s %j', async (model, extraVars, size, outputDimension) => {
    const t = tenant('model');
    await seedCollection(t, [{ id: 1, text: 'whisper speech commands' }], {
      model,
      size,
      extraEmbed: outputDimension ? { output_dimension: outputDimension } : {},
    });
    const res = await t.call('/search?q=whisper', {}, { EMBED_MODEL: model, ...extraVars });
    expect(res.status).toBe(200);
    expect(res.json().results[0].content).toBe('whisper speech commands');
    const embed = (await t.calls('cohere')).filter((c) => c.body?.input_type === 'search_query');
    expect(embed[0]!.body.model).toBe(model);
    expect(embed[0]!.body.output_dimension).toBe(outputDimension);
  });

  it('rejects an EMBED_DIMENSION the model cannot produce', async () => {
    const t = tenant('dim');
    const res = await t.call('/search?q=x', {}, { EMBED_MODEL: 'embed-english-v3.0', EMBED_DIMENSION: '512' });
    expect(res.json().error).toMatchObject({ code: 'config_error', variables: ['EMBED_DIMENSION'] });
  });
});

describe('GET /health', () => {
  it('names the embedder, store and collection and probes each', async () => {
    const t = tenant('health');
    await seedCollection(t, [{ id: 1, text: 'a' }]);
    const res = await t.call('/health');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      embedder: { kind: 'cohere', model: 'embed-english-v3.0', ok: true },
      store: { kind: 'qdrant', collection: 'textbook_chunks', ok: true, points_count: 1 },
      cache: { kv_bound: true },
    });
    expect((await t.calls('cohere')).filter((c) => c.method === 'GET')).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/models/embed-english-v3.0' })]);
  });

  it("shows the Qdrant cluster's host only to a caller who may list collections", async () => {
    const t = tenant('health-host');
    await seedCollection(t, [{ id: 1, text: 'a' }]);
    // No API_KEYS: every visitor has full access, but the host would tell them which cluster to probe.
    const open = await t.call('/health');
    expect(open.json().store).toMatchObject({ kind: 'qdrant', ok: true, points_count: 1 });
    expect(open.json().store).not.toHaveProperty('host');
    // A caller with a key, or the developer on a local dev server, sees it.
    const keyed = await t.call('/health', { headers: { 'x-api-key': 'key-a-0123456789abcdef' } }, { API_KEYS: 'key-a-0123456789abcdef' });
    const local = await t.fetcher()('http://127.0.0.1:8787/health');
    const host = new URL(t.base).host;
    expect(keyed.json().store.host).toBe(host);
    expect(((await local.json()) as { store: { host?: string } }).store.host).toBe(host);
    // "localhost" written by a caller on another machine is not the developer.
    const spoofed = await t.fetcher()('http://localhost:8787/health', { headers: { 'CF-Connecting-IP': '203.0.113.9' } });
    expect(((await spoofed.json()) as { store: { host?: string } }).store).not.toHaveProperty('host');
  });

  it('is 503 and says which part is down', async () => {
    const t = tenant('health2');
    const res = await t.call('/health', {}, { COHERE_API_KEY: 'sk-wrong-secret' });
    expect(res.status).toBe(503);
    const body = res.json();
    expect(body.status).toBe('degraded');
    expect(body.embedder).toMatchObject({ ok: false, error: { code: 'embedding_failed' } });
    expect(body.store).toMatchObject({ ok: false, error: { code: 'collection_not_found' } });
    expect(res.text).not.toContain('sk-wrong-secret');
  });
});
