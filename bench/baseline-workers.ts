/**
 * The two baselines of the hot-path benchmark, as tiny module Workers run in workerd next to ours:
 * - bare: what any embed-then-search Worker does — one Cohere embed, one Qdrant query, the points
 *   as JSON; no caches, no checks;
 * - fixed: a Worker that answers a constant JSON body of the same size as a search answer — the
 *   floor of the runtime and the loopback itself.
 */

/** Source of the bare embed + query Worker (env: COHERE_BASE_URL, QDRANT_URL, keys). */
export const BARE_WORKER = `
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const q = url.searchParams.get('q') ?? '';
    const k = Number(url.searchParams.get('k') ?? 5);
    const embed = await fetch(env.COHERE_BASE_URL + '/v2/embed', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + env.COHERE_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'embed-english-v3.0', input_type: 'search_query', embedding_types: ['float'], texts: [q] }),
    });
    const vector = (await embed.json()).embeddings.float[0];
    const search = await fetch(env.QDRANT_URL + '/collections/textbook_chunks/points/query', {
      method: 'POST',
      headers: { 'api-key': env.QDRANT_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ query: vector, limit: k, with_payload: true }),
    });
    const points = (await search.json()).result.points;
    return Response.json({ query: q, results: points.map((p) => ({ id: p.id, score: p.score, ...p.payload })) });
  },
};
`;

/** Source of the fixed-JSON Worker; `BODY` is a binding holding the body to answer. */
export const FIXED_WORKER = `
export default {
  async fetch(request, env) {
    return new Response(env.BODY, { headers: { 'content-type': 'application/json; charset=utf-8' } });
  },
};
`;

/**
 * Source of the bare Worker plus exactly the storage work ours does for a new question, with no
 * other logic: the embedding-cache read (KV) and the result-cache lookup (Cache API), concurrently,
 * then embed + query, then a KV put of the vector and a Cache API put of the answer after the
 * response (`waitUntil`). It measures what Miniflare's emulated KV and Cache cost by themselves.
 */
export const STORAGE_WORKER = `
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const q = url.searchParams.get('q') ?? '';
    const k = Number(url.searchParams.get('k') ?? 5);
    const cache = await caches.open('results');
    const cacheUrl = 'https://bench.invalid/r/' + encodeURIComponent(q + '|' + k);
    const [stored, hit] = await Promise.all([env.EMBED_CACHE.get('qe:' + q, 'arrayBuffer'), cache.match(cacheUrl)]);
    if (hit) return new Response(hit.body, { headers: { 'content-type': 'application/json' } });
    let vector;
    if (stored) vector = Array.from(new Float32Array(stored));
    else {
      const embed = await fetch(env.COHERE_BASE_URL + '/v2/embed', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + env.COHERE_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'embed-english-v3.0', input_type: 'search_query', embedding_types: ['float'], texts: [q] }),
      });
      vector = (await embed.json()).embeddings.float[0];
    }
    const search = await fetch(env.QDRANT_URL + '/collections/textbook_chunks/points/query', {
      method: 'POST',
      headers: { 'api-key': env.QDRANT_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ query: vector, limit: k, with_payload: true }),
    });
    const points = (await search.json()).result.points;
    const body = JSON.stringify({ query: q, results: points.map((p) => ({ id: p.id, score: p.score, ...p.payload })) });
    if (!stored) ctx.waitUntil(env.EMBED_CACHE.put('qe:' + q, new Float32Array(vector).buffer, { expirationTtl: 2592000 }));
    ctx.waitUntil(cache.put(cacheUrl, new Response(body, { headers: { 'content-type': 'application/json', 'cache-control': 'public, s-maxage=300' } })));
    return new Response(body, { headers: { 'content-type': 'application/json' } });
  },
};
`;
