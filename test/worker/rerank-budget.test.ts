/**
 * A reranker that fails slowly must not take the request budget the stages after it need: with
 * `expand`, the neighbours still come from Qdrant once Cohere rerank has given up, so the search
 * answers with `rerank_failed` instead of a 504 for the whole request.
 */
import { expect, it } from 'vitest';
import { pointIdFor } from '../../src/core/common/point-id';
import { seedCollection, tenant } from './support/harness';

it('rerank=cohere with expand: a stalled reranker degrades and the neighbours are still fetched (was a 504)', async () => {
  const t = tenant('rerank-budget');
  const texts = ['Humanoid balance starts with the centre of mass.', 'Preview control plans footsteps ahead of time.', 'Whole-body controllers weigh balance against arm tasks.'];
  await seedCollection(t, await Promise.all(texts.map(async (text, index) => ({
    id: await pointIdFor('balance.md', index),
    text,
    payload: { file_path: 'balance.md', chunk_index: index, start_line: 10 * index + 1, end_line: 10 * index + 10 },
  }))));
  // Cohere rerank stalls, and one attempt may take the whole budget (UPSTREAM_TIMEOUT_MS = REQUEST_BUDGET_MS).
  await t.faults([{ path: '/v2/rerank', method: 'POST', delayMs: 3000, times: 9 }]);
  const res = await t.call('/search?q=preview%20control%20plans%20footsteps&k=1&expand=1&rerank=cohere', {}, { REQUEST_BUDGET_MS: '1500', UPSTREAM_TIMEOUT_MS: '1500' });
  expect(res.status).toBe(200);
  expect(res.json().summary.warnings.map((w: { code: string }) => w.code)).toContain('rerank_failed');
  expect(res.json().results[0].passage).toMatchObject({ chunk_indexes: [0, 1, 2] });
});
