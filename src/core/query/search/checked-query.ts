/**
 * The store call of a search, or of a whole batch (one `queryBatch` for all), checked against the
 * collection facts without an extra round trip: with known facts the queries are checked first
 * and sent once; without them they are sent with the configured (or default) vector names while
 * the facts are fetched concurrently, and checked before the answer is used. When Qdrant rejects a query, fresh facts explain why with our clear
 * errors (vector name, dimension, sparse vector, embedder), or let a corrected query be retried.
 */
import { isRetrieverError } from '../../common/errors';
import type { ScoredPoint, SparseVector } from '../../common/types';
import type { CollectionFacts, CollectionInfo, EmbedderDescriptor, StoreQuery, VectorStore } from '../ports';
import { checkQueryVector, checkSparseVector, resolveDenseVector } from './collection-check';
import { fitStrictFiltering } from './strict-filtering';

/** What the search wants to ask the store, before vector names are resolved. */
export interface QueryIntent {
  /** The dense query vector and who made it, when the search embeds the query. */
  dense: { vector: Float32Array; embedder: EmbedderDescriptor; search: boolean } | null;
  sparse: SparseVector | null;
  mode: string;
  base: Omit<StoreQuery, 'dense' | 'sparse'>;
  vectorName: string | undefined;
  sparseName: string;
  /**
   * The titles-and-headings sparse vector searched with the keyword list, when the collection
   * facts say it exists. Never sent optimistically: a collection ingested before it would refuse
   * and cost a second round trip; with facts not yet known (an isolate's first search, facts not
   * in KV) the keyword list is body-only — degrade, never break.
   */
  fields?: { name: string; weight: number };
}

const ONCE = { once: true };

type Learning = Promise<{ info: CollectionInfo } | { error: unknown }>;

/**
 * Builds the store queries: checked against `info` when given, optimistic (configured dense name
 * or the unnamed vector) otherwise.
 */
export function buildQueries(intent: QueryIntent, info: CollectionInfo | null): StoreQuery[] {
  const queries: StoreQuery[] = [];
  const base = fitStrictFiltering(intent.base, info);
  // The dense vector's name, also what a keyword list returns for MMR (withVector).
  let using: string | null = null;
  if (intent.dense) {
    using = info ? resolveDenseVector(info, intent.vectorName) : intent.vectorName || null;
    if (info) checkQueryVector(info, using, intent.dense.embedder, intent.dense.vector.length);
    if (intent.dense.search) queries.push({ ...base, dense: { vector: intent.dense.vector, using } });
  }
  if (intent.sparse) {
    if (info) checkSparseVector(info, intent.sparseName, intent.mode);
    const fields = intent.fields && info && intent.fields.name in info.sparseVectors
      ? { fields: { vector: intent.sparse, using: intent.fields.name, weight: intent.fields.weight } }
      : {};
    const denseUsing = base.withVector && intent.dense ? { denseUsing: using } : {};
    queries.push({ ...base, sparse: { vector: intent.sparse, using: intent.sparseName }, ...fields, ...denseUsing });
  }
  return queries;
}

/** One search's share of the store call: its queries and lists, or the error that concerns it alone. */
export type CheckedLists = { queries: StoreQuery[]; lists: ScoredPoint[][] } | { error: unknown };

/**
 * Runs the ONE store call of one or several searches (a batch): every search's queries go out in
 * a single `queryBatch`. `known` is what `facts.known()` gave (null: nothing known). A search the
 * collection cannot serve gets its own `error` entry; a failure of the call itself (or of reading
 * the facts that should explain it) rejects them all. Answers are in the order of `intents`.
 *
 * @example
 * const [answer] = await checkedQueries([intent], await facts.known(), facts, store);
 */
export async function checkedQueries(
  intents: readonly QueryIntent[],
  known: CollectionInfo | null,
  facts: CollectionFacts,
  store: VectorStore,
): Promise<CheckedLists[]> {
  // Unknown facts are fetched alongside the query, never before it, in one attempt: the answer
  // waits for them, and must not also wait out a Retry-After (a later request learns them).
  let learning: Learning | null = known ? null : settle(facts.learn(ONCE));
  const relearn = (): Learning => (learning ??= settle(facts.learn(ONCE)));
  let built = buildAll(intents, known);
  const refused = built.find(isError);
  if (refused && known) {
    // Remembered facts may predate a re-ingest: only fresh facts may refuse a search.
    const info = await freshInfo(relearn(), refused.error).catch((error: unknown) => {
      if (error === refused.error) return null; // facts unreadable: the remembered refusal stands
      throw error;
    });
    if (info) built = buildAll(intents, info);
  }
  let lists: ScoredPoint[][];
  try {
    lists = await send(store, built);
  } catch (error) {
    if (!explainable(error)) throw error;
    const retry = buildAll(intents, await freshInfo(relearn(), error));
    if (sameShape(retry, built)) throw error;
    built = retry;
    lists = await send(store, built);
  }
  let offset = 0;
  const answers = built.map((entry): CheckedLists => (isError(entry) ? entry : { queries: entry, lists: lists.slice(offset, (offset += entry.length)) }));
  if (learning && !known) {
    const learned = await learning;
    // A fetch failure of the facts alone does not fail a search Qdrant has answered.
    if ('info' in learned) return answers.map((answer, i) => (isError(answer) ? answer : attempt(() => (buildQueries(intents[i]!, learned.info), answer))));
  }
  return answers;
}

type Built = StoreQuery[] | { error: unknown };

function buildAll(intents: readonly QueryIntent[], info: CollectionInfo | null): Built[] {
  return intents.map((intent) => attempt(() => buildQueries(intent, info)));
}

function attempt<T>(work: () => T): T | { error: unknown } {
  try {
    return work();
  } catch (error) {
    return { error };
  }
}

function isError<T>(entry: T | { error: unknown }): entry is { error: unknown } {
  return typeof entry === 'object' && entry !== null && 'error' in entry;
}

function send(store: VectorStore, built: Built[]): Promise<ScoredPoint[][]> {
  const all = built.flatMap((entry) => (isError(entry) ? [] : entry));
  return all.length ? store.queryBatch(all) : Promise.resolve([]);
}

function settle(promise: Promise<CollectionInfo>): Learning {
  return promise.then(
    (info) => ({ info }),
    (error: unknown) => ({ error }),
  );
}

async function freshInfo(learning: Learning, original: unknown): Promise<CollectionInfo> {
  const learned = await learning;
  if ('info' in learned) return learned.info;
  // The facts could not be read either: the collection error (e.g. not found) says more.
  throw isRetrieverError(learned.error) && learned.error.code === 'collection_not_found' ? learned.error : original;
}

/** Errors a look at the collection can explain: Qdrant refusing the request (4xx). */
function explainable(error: unknown): boolean {
  if (!isRetrieverError(error)) return false;
  return error.code === 'dimension_mismatch' || (error.code === 'vector_store_error' && Number(error.details.upstream_status) < 500);
}

/** Whether fresh facts change nothing: the same searches refused, the same vector names and priors sent. */
function sameShape(a: Built[], b: Built[]): boolean {
  const names = (built: Built[]) =>
    built.map((entry) => (isError(entry) ? '!' : entry.map((q) => `${q.dense ? `d:${q.dense.using ?? ''}` : ''}${q.sparse ? `s:${q.sparse.using}` : ''}${q.fields ? `f:${q.fields.using}` : ''}${(q.priors ?? []).map((prior) => `p:${prior.key}`).join('')}`).join(','))).join('|');
  return names(a) === names(b);
}
