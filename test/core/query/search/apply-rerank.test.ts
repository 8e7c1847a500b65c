import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/core/common/config/parse-config';
import { RetrieverError } from '../../../../src/core/common/errors';
import { applyRerank } from '../../../../src/core/query/search/apply-rerank';
import type { RankedHit } from '../../../../src/core/query/search/rank-candidates';
import { parseSearchParams } from '../../../../src/core/query/search/search-params';
import type { SearchWarning } from '../../../../src/core/query/search/warnings';

const config = parseConfig({});
const params = parseSearchParams({ q: 'what is a topic?', rerank: 'cohere' }, config);
const hits: RankedHit[] = [
  { id: 1, score: 0.9, payload: { content: 'first' }, extras: {} },
  { id: 2, score: 0.8, payload: { content: 'second' }, extras: {} },
];

function run(rerank: () => Promise<never>) {
  const logged: [string, unknown][] = [];
  const warnings: SearchWarning[] = [];
  const context = { config, rerank, log: (message: string, error: unknown) => void logged.push([message, error]) };
  return applyRerank(hits, params, context, warnings).then((ranked) => ({ ranked, warnings, logged }));
}

describe('applyRerank degrades but keeps the cause', () => {
  it('an unexpected failure keeps the order, warns without internals, and logs the cause once', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'results')");
    const { ranked, warnings, logged } = await run(() => Promise.reject(bug));
    expect(ranked).toBe(hits);
    expect(warnings).toEqual([{ code: 'rerank_failed', message: 'Cohere rerank failed (unexpected error); results are in their original order' }]);
    expect(logged).toEqual([['rerank failed', bug]]);
  });

  it('a known upstream failure says why in the warning and is logged too', async () => {
    const failure = new RetrieverError('rerank_failed', 'Cohere rerank did not answer within 5000 ms');
    const { warnings, logged } = await run(() => Promise.reject(failure));
    expect(warnings[0]!.message).toBe('Cohere rerank failed (Cohere rerank did not answer within 5000 ms); results are in their original order');
    expect(logged).toEqual([['rerank failed', failure]]);
  });
});
