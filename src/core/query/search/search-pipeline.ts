/**
 * Searches end to end: plan, get the query vectors (dense through the cache, sparse BM25
 * locally), ask the store ONCE for every list (checked against collection facts known without an
 * upstream call, see checked-query.ts), rank (fusion, MMR, Cohere rerank with fallback), apply
 * the threshold, fetch `expand` neighbours (their own call), summarise.
 * A batch runs the same stages with the upstream work shared: ONE embedding call for every cache
 * miss, ONE store round trip for every list, ONE neighbour fetch. Everything that can fail runs
 * here, before the Worker opens its response stream.
 */
import { asRetrieverError, RetrieverError } from '../../common/errors';
import { embedQueriesCached, prefetchEmbedding } from '../embedders/cached-embedder';
import type { CacheStatus, SearchContext } from '../ports';
import { judgeTerms, readInBookWords } from './book-terms-stage';
import { questionWeights } from './question-weights';
import { checkedQueries } from './checked-query';
import { expandWarningFor, fetchNeighbours, planExpansion } from './expand-context';
import { markSearchedUnread } from './storable-outcome';
import type { SearchParams } from './search-params';
import { planSearch } from './search-plan';
import { assembleOutcome, type SearchOutcome } from './search-outcome';
import { prepareQueries, rankLists, type Embedded, type Ranked } from './search-stages';
import { subjectModifierWeights } from './definition-query';

/** One search of a batch: its outcome, or the error that concerns it alone. */
export type SearchAnswer = { outcome: SearchOutcome } | { error: RetrieverError };

/**
 * Runs a search.
 *
 * @example
 * const outcome = await runSearch(parseSearchParams({ q: 'what is a topic?', mode: 'hybrid' }, config), context);
 */
export async function runSearch(params: SearchParams, context: SearchContext): Promise<SearchOutcome> {
  const [answer] = await runSearches([params], context);
  if (!answer || 'error' in answer) throw answer?.error ?? new RetrieverError('internal_error', 'The search produced no answer');
  return answer.outcome;
}

/**
 * Starts the storage reads `params`' search will need — its query embedding from the cache store
 * and the collection facts — with no upstream call, so they overlap whatever the caller waits on
 * next (the result cache's shared lookup). The search then uses these reads instead of repeating
 * them; if the result cache answers, the reads were all it cost.
 *
 * @example
 * prefetchSearch(params, context); // then: cachedSearch(…, () => runSearch(params, context), …)
 */
export function prefetchSearch(params: SearchParams, context: SearchContext): void {
  try {
    if (planSearch(params, context.config).needsDense) prefetchEmbedding(context.embedder(), params.q, context.cache);
    context.facts.known().catch(() => undefined);
  } catch {
    // Only a head start: the search itself reports any error (e.g. no embedder available).
  }
}

/**
 * Runs several searches with shared upstream work. A failure of the shared work (the store call, the
 * neighbour fetch; the embedding when every search needs it) rejects the whole batch; a failure that
 * concerns some searches (e.g. `mode_unavailable`, the embedding or an `embedder_mismatch` for the searches that need it when
 * others do not) becomes their `error` entries. Answers are in the order of `list`.
 *
 * @example
 * const answers = await runSearches([parseSearchParams({ q: 'tf2' }, config), parseSearchParams({ q: 'urdf' }, config)], context);
 */
export async function runSearches(list: readonly SearchParams[], context: SearchContext): Promise<SearchAnswer[]> {
  const now = context.now ?? (() => performance.now());
  const started = now();
  const plans = list.map((params) => planSearch(params, context.config));
  const denseIndexes = plans.flatMap((plan, i) => (plan.needsDense ? [i] : []));
  let embedder: ReturnType<SearchContext['embedder']> | null = null;
  try {
    embedder = denseIndexes.length ? context.embedder() : null;
  } catch (error) {
    // No embedder at all (embedder_mismatch: refused before any call) fails only the searches that
    // need a vector, as a failed embedding does; with none that needs none, the whole request.
    if (denseIndexes.length === list.length) throw error;
    return answerWithoutEmbedding(list, denseIndexes, error, context);
  }
  let embedMs = 0;
  // Collection facts (memory or KV, no upstream call) and the query vectors are independent. The
  // book's vocabulary (for the term rule, and to read each query in the book's words) is read
  // alongside the query when KV keeps it apart from the facts.
  const knownRead = context.facts.known();
  const vocabularyRead = context.bookVocabulary && context.facts.readVocabulary ? knownRead.then(() => context.facts.readVocabulary!(), () => undefined) : null;
  const bookWordsRead = readInBookWords(list, knownRead, vocabularyRead, context);
  // The local model knows only the book's words, so it embeds the query in them; Cohere reads the
  // question as written (and its cache keys stay the question's).
  const localDense = embedder?.descriptor.kind === 'lsa';
  const embedFailure: { error?: unknown } = {};
  const [known, vectors, bookWords] = await Promise.all([
    knownRead,
    embedder && denseIndexes.length
      ? (localDense ? bookWordsRead : Promise.resolve(null))
          .then((read) => embedQueriesCached(embedder, denseIndexes.map((i) => read?.[i]?.text ?? list[i]!.q), context.cache))
          .then((value) => ((embedMs = now() - started), value))
          .catch((error: unknown) => {
            // Nothing to answer without the embedding: the whole request fails, as a single search does.
            if (denseIndexes.length === list.length) throw error;
            embedFailure.error = error;
            return [];
          })
      : Promise.resolve([]),
    bookWordsRead,
  ]);
  // The embedding failed, but some searches need none (keyword mode): they are answered, and each
  // search that needed it gets the embedding's error as its own entry — degrade, never break.
  if ('error' in embedFailure) return answerWithoutEmbedding(list, denseIndexes, embedFailure.error, context);
  const embedded: (Embedded | null)[] = list.map(() => null);
  denseIndexes.forEach((i, n) => (embedded[i] = vectors[n]!));

  const prepared = list.map((params, i) => prepareQueries(params, plans[i]!, embedder, embedded[i]!, context, bookWords[i] ?? null));
  const searchStarted = now();
  // ONE store call for every search, checked against the facts (a refusal is diagnosed there).
  const checked = await checkedQueries(prepared.map((p) => p.intent), known, context.facts, context.store);
  const searchMs = now() - searchStarted;
  const { evidence: terms, rarity, chunkShare } = await judgeTerms(list, known, vocabularyRead, context);

  const errors: (RetrieverError | null)[] = checked.map((entry) => ('error' in entry ? asRetrieverError(entry.error) : null));
  const ranked = await Promise.all(
    list.map(async (params, i): Promise<Ranked | null> => {
      const own = checked[i]!;
      if ('error' in own) return null;
      try {
        return await rankLists(params, plans[i]!, prepared[i]!, own.queries, own.lists, embedded[i]?.vector ?? null, context, now);
      } catch (error) {
        errors[i] = asRetrieverError(error);
        return null;
      }
    }),
  );

  const expandStarted = now();
  const expansions = await Promise.all(
    list.map((params, i) => (params.expand > 0 && ranked[i]?.kept.length ? planExpansion(ranked[i]!.kept, params.expand, context.config.payloadFields) : null)),
  );
  const missing = [...new Set(expansions.flatMap((plan) => plan?.missing ?? []))];
  const { points: fetched, warning: expandWarning } = await fetchNeighbours(missing, context);
  const expandMs = now() - expandStarted;

  return list.map((params, i): SearchAnswer => {
    const error = errors[i];
    if (error) return { error };
    const timing = { embedMs, searchMs, expandMs: expansions.some(Boolean) ? expandMs : null, started, now };
    const weights = questionWeights(prepared[i]!.text, rarity);
    const expandFailed = expandWarningFor(expandWarning, expansions[i]!);
    const own = expandFailed ? { ...prepared[i]!, warnings: [...prepared[i]!.warnings, expandFailed] } : prepared[i]!;
    const outcome = assembleOutcome(params, plans[i]!, own, terms[i], weights, ranked[i]!, embedded[i]!, expansions[i]!, fetched, timing, embedder, context);
    // The vocabulary arrived after the query was sent (learnt alongside it): a word the book does
    // not use may be a misspelling the next search will read, and a definition's subject words
    // ("ROS 2") weigh half once it is known, so this answer is not remembered. A frame's verb
    // ("happen" in "what happens if") weighed nothing already: it needs no vocabulary.
    const unread = bookWords[i] === null && ((terms[i]?.unknown.length ?? 0) > 0 || (chunkShare !== undefined && subjectModifierWeights(params.q, chunkShare).size > 0));
    return { outcome: unread ? markSearchedUnread(outcome) : outcome };
  });
}

/** The searches that need no query vector, answered; the others get the embedding's error. */
async function answerWithoutEmbedding(list: readonly SearchParams[], denseIndexes: readonly number[], failure: unknown, context: SearchContext): Promise<SearchAnswer[]> {
  const dense = new Set(denseIndexes);
  const rest = list.filter((_, i) => !dense.has(i));
  const answered = await runSearches(rest, context);
  let next = 0;
  return list.map((_, i) => (dense.has(i) ? { error: asRetrieverError(failure) } : answered[next++]!));
}
