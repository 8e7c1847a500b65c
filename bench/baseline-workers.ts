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
