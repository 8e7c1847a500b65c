/**
 * Cohere reranking with graceful degradation: on any failure (no key, upstream error, timeout)
 * the un-reranked order is kept and a `rerank_failed` warning says why. A search never fails
 * because its reranker did.
 */
import { isRetrieverError } from '../../common/errors';
import type { SearchWarning } from './warnings';
import type { RankedHit } from './rank-candidates';
import type { SearchContext } from '../ports';
import type { SearchParams } from './search-params';

/** Reranks candidates, or returns them unchanged with a warning. */
export async function applyRerank(
  ranked: RankedHit[],
  params: SearchParams,
  context: Pick<SearchContext, 'rerank' | 'config' | 'log'>,
  warnings: SearchWarning[],
): Promise<RankedHit[]> {
  const fail = (message: string): RankedHit[] => {
    warnings.push({ code: 'rerank_failed', message: `${message}; results are in their original order` });
    return ranked;
  };
  if (!context.rerank) return fail('rerank=cohere needs COHERE_API_KEY');
  if (ranked.length === 0) return ranked;
  try {
    const keys = context.config.payloadFields.content;
    const documents = ranked.map((hit) => {
      const key = keys.find((candidate) => typeof hit.payload[candidate] === 'string');
      return key ? (hit.payload[key] as string) : '';
    });
    const scores = await context.rerank(params.q, documents, ranked.length, { leaveBudget: params.expand > 0 });
    return scores.map(({ index, relevance_score }, i) => {
      const hit = ranked[index]!;
      return {
        ...hit,
        score: relevance_score,
        extras: { ...hit.extras, relevance_score, original_score: hit.score, original_rank: index + 1, rerank_rank: i + 1 },
      };
    });
  } catch (error) {
    // Degrade, but keep the cause: the warning carries only a safe message.
    context.log('rerank failed', error);
    return fail(`Cohere rerank failed (${isRetrieverError(error) ? error.message : 'unexpected error'})`);
  }
}
