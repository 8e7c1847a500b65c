/**
 * The per-query stages of a search, shared by a single search and a batch: what a search wants
 * from the store (once its query vector is known), and how the store's lists become the ranked,
 * thresholded hits. The shared upstream work (embedding, the checked store round trip,
 * fetching neighbours for `expand`) is done once for all queries by search-pipeline.ts.
 */
import { acronymPluralStems, analyzeText, bm25SearchVector, capitalStopwordShare } from '../../common/bm25/index';
import { diverseHeadSize, diversifyHead } from './diverse-head';
import { withoutRepeats } from './repeated-passages';
import type { CacheStatus, QueryEmbedder, SearchContext, StoreQuery } from '../ports';
import type { ScoredPoint } from '../../common/types';
import { applyRerank } from './apply-rerank';
import type { QueryIntent } from './checked-query';
import type { ScoreScale } from './confidence';
import { rankCandidates, type RankedHit } from './rank-candidates';
import type { SearchParams } from './search-params';
import type { SearchPlan } from './search-plan';
import type { SearchWarning } from './warnings';
import { FIELD_WEIGHT, HOME_PRIOR, OVERVIEW_PRIOR } from '../stores/score-formula';
import { FIELDS_SPARSE_VECTOR } from '../local-index/field-index';
import { definitionPriors, subjectModifierWeights } from './definition-query';
import { questionFrameWeights } from './question-frame';
import type { BookWordReading, QueryInBookWords } from '../book-terms/in-book-words';

/** A query vector and where it came from. */
export interface Embedded {
  vector: Float32Array;
  cache: CacheStatus;
}

/** What one search wants from the store (checked-query.ts resolves and checks it), and what it learnt on the way. */
export interface Prepared {
  intent: QueryIntent;
  warnings: SearchWarning[];
  /** The query's words searched as the book's (`in-book-words.ts`), when a list searched with them. */
  readAs: BookWordReading[];
  /** The query in the book's words (as BM25 searched it): what a result's highlight looks for. */
  text: string;
  /** The local model's label embedder, for the heading match of fused candidates (absent for Cohere). */
  embedLabel?: (text: string) => Float32Array;
  /**
   * The weight of the dense list in fusion, when below 1: the share of the question's search terms
   * the local model can read (it learns no stopword, so `WHERE` and `HAVING` are the keyword list's
   * alone: "difference between WHERE and HAVING" is, to it, "difference"). Cohere reads every word.
   */
  semanticShare?: number;
}

/**
 * The store intent of one search: the dense list (unless the vector is all zeros) and the sparse
 * BM25 list, before the collection facts resolve vector names and check them. `bookWords`: the
 * query in the book's words (misspellings read as the book's word), when the book's vocabulary is known.
 */
export function prepareQueries(
  params: SearchParams,
  plan: SearchPlan,
  embedder: QueryEmbedder | null,
  embedded: Embedded | null,
  context: Pick<SearchContext, 'config'>,
  bookWords: QueryInBookWords | null = null,
): Prepared {
  const { config } = context;
  // BM25 and the definition priors read the query in the book's words ("contoller" as "controller").
  const text = bookWords?.text ?? params.q;
  const warnings: SearchWarning[] = params.aliases.map((alias) => ({
    code: 'deprecated_alias' as const,
    message: `${alias} is an alias of mode=hybrid&fusion=rrf; ask for those instead`,
    details: { alias, canonical: { mode: 'hybrid', fusion: 'rrf' } },
  }));
  if (params.unused.length > 0) {
    const named = params.unused.map(({ param, needs }) => `${param} (read only with ${needs})`).join(', ');
    warnings.push({ code: 'ignored_parameter', message: `This search does not read ${named}: it had no effect`, details: { params: params.unused.map((u) => u.param), needs: Object.fromEntries(params.unused.map((u) => [u.param, u.needs])) } });
  }
  // A zero vector (no word the local model knows) scores 0 against everything: searching with it
  // would return arbitrary chunks, so the dense list is empty instead.
  const usable = embedded !== null && embedded.vector.some((x) => x !== 0);
  // The acronyms read as plurals weigh on both lists (the BM25 weights, the local model's share): read once.
  let acronyms: [string, number][] | undefined;
  const misreadAcronyms = () => (acronyms ??= bookWords ? acronymPluralWeights(text, bookWords.chunkShare) : []);
  // keyword + MMR: the keyword list still needs the candidates' dense vectors (withVector).
  // Overview pages (landing pages, link lists) and the home page's blurb are demoted in the store
  // itself, in the same query, so the candidates fetched already favour the chapter that teaches the topic; a definition
  // question favours the chunks that define its term (definition-query.ts) the same way.
  const base = {
    limit: plan.candidates,
    priors: [OVERVIEW_PRIOR, HOME_PRIOR, ...definitionPriors(text)],
    ...(params.filter ? { filter: params.filter } : {}),
    ...(plan.withVectors ? { withVector: true } : {}),
  };
  const intent: QueryIntent = {
    dense: embedded && embedder ? { vector: embedded.vector, embedder: embedder.descriptor, search: plan.searchesDense && usable } : null,
    // A definition's modifiers that are the book's subject ("ROS 2" in a ROS book) weigh half once
    // the book's vocabulary is known, the words of the question's frame ("mean", "find") nothing
    // always: the frame is read from the question alone, so a collection ingested before the
    // vocabulary existed, or a deployment's first search, gets it too.
    sparse: plan.needsSparse ? bm25SearchVector(text, bookWords ? sparseWordWeights(text, bookWords.chunkShare, misreadAcronyms()) : questionFrameWeights(text)) : null,
    mode: params.mode,
    base,
    vectorName: config.QDRANT_VECTOR_NAME,
    sparseName: config.QDRANT_SPARSE_VECTOR_NAME,
    // Field-aware BM25: a title/heading match adds to the body match, in the same query.
    fields: { name: FIELDS_SPARSE_VECTOR, weight: FIELD_WEIGHT },
  };
  // The local model embedded the same reading (search-pipeline.ts); Cohere read the question as written.
  const read = intent.sparse || (intent.dense?.search && embedder?.descriptor.kind === 'lsa') ? (bookWords?.read ?? []) : [];
  const embedLabel = embedder?.embedLabel?.bind(embedder);
  const share = embedder?.descriptor.kind === 'lsa' ? (1 - capitalStopwordShare(text)) * (bookWords ? 1 - acronymPluralShare(text, misreadAcronyms().length) : 1) : 1;
  return { intent, warnings, readAs: read, text, ...(embedLabel ? { embedLabel } : {}), ...(share < 1 ? { semanticShare: share } : {}) };
}

/**
 * The BM25 weights of a question's words that differ from 1 once the book's vocabulary is known
 * (`chunkShare`: the share of the book's chunks that use a stem): a definition's subject modifiers
 * (definition-query.ts), then the words of the question's frame (question-frame.ts), which win where
 * a word is both. Empty when no word weighs otherwise. `acronyms`: the question's acronyms read as
 * plurals ({@link acronymPluralWeights}), when the caller has them already.
 *
 * @example
 * sparseWordWeights('What does a ROS 2 action mean?', (stem) => (stem === 'action' ? 0.02 : 0.6));
 * // Map { 'ros' => 0.5, '2' => 0.5, 'mean' => 0, 'stand' => 0, 'meant' => 0 }
 */
export function sparseWordWeights(
  text: string,
  chunkShare: (stem: string) => number,
  acronyms: [string, number][] = acronymPluralWeights(text, chunkShare),
): Map<string, number> {
  return new Map([...subjectModifierWeights(text, chunkShare), ...questionFrameWeights(text), ...acronyms]);
}

// "PERS" searched as its acronym token only, when the book writes it so: its stem "per" (read as a
// plural) matched every "per hour" of the book (acronym-tokens.ts). A book that never writes it in
// capitals keeps the stem, the only term that can find its "pers".
function acronymPluralWeights(text: string, chunkShare: (stem: string) => number): [string, number][] {
  return [...acronymPluralStems(text)].filter(([, token]) => chunkShare(token) > 0).map(([stem]) => [stem, 0]);
}

// The local model reads "PERS" as "per" too (it learns stems, and the book's "PERS" taught it "per"), so
// the share of the question's terms it misreads so weighs the dense list down, as capital stopwords do:
// "what is a PERS" ranked "$30–$35 per hour" first on the dense side alone.
function acronymPluralShare(text: string, misread: number): number {
  return misread === 0 ? 0 : misread / new Set(analyzeText(text)).size;
}

/** The ranked, cut and thresholded hits of one search. */
export interface Ranked {
  kept: RankedHit[];
  dropped: RankedHit[];
  totalCandidates: number;
  /** A filter let no chunk through: the dense search, which returns every chunk the filter passes, found none. */
  filterEmpty: boolean;
  scale: ScoreScale;
  rerankMs?: number;
}

/**
 * Ranks one search's lists (fusion, MMR, Cohere rerank with fallback, group_by), cuts to k and
 * applies the threshold.
 */
export async function rankLists(
  params: SearchParams,
  plan: SearchPlan,
  prepared: Prepared,
  queries: StoreQuery[],
  lists: ScoredPoint[][],
  queryVector: Float32Array | null,
  context: Pick<SearchContext, 'rerank' | 'config' | 'log'>,
  now: () => number,
): Promise<Ranked> {
  const denseList = queries[0]?.dense ? (lists[0] ?? []) : plan.searchesDense ? [] : null;
  const sparseList = plan.needsSparse ? (lists[queries.length - 1] ?? []) : null;
  let ranked = rankCandidates(denseList, sparseList, params, plan, queryVector, prepared, context.config.payloadFields);
  // Counted on the fetched lists: MMR has already cut `ranked` to k.
  const totalCandidates = new Set([...(denseList ?? []), ...(sparseList ?? [])].map((hit) => hit.id)).size;
  const filterEmpty = params.filter !== undefined && queries[0]?.dense !== undefined && denseList?.length === 0;
  let scale = plan.scale;
  let rerankMs: number | undefined;
  if (params.rerank === 'cohere') {
    const started = now();
    const before = ranked;
    ranked = await applyRerank(ranked, params, context, prepared.warnings);
    // A failed rerank keeps the original scores, which must be rated as what they are.
    if (ranked === before) scale = plan.unrerankedScale;
    rerankMs = now() - started;
  }
  // After reranking: the head is diversified in the final order. group_by=page already is.
  if (params.diversity === 'pages' && !params.groupBy) {
    // A copy of a passage already shown says nothing new (repeated-passages.ts); then the head. The
    // answer shows k, and the head may bring up the one right behind them: k + 1 are told apart.
    ranked = diversifyHead(withoutRepeats(ranked, context.config.payloadFields, params.k + 1), diverseHeadSize(params.k, context.config.TOP_K_DEFAULT), context.config.payloadFields);
  }
  const top = ranked.slice(0, params.k).map((hit) => cosinesCapped(hit, scale));
  const kept = params.threshold === undefined ? top : top.filter((hit) => hit.score >= params.threshold!);
  const dropped = top.filter((hit) => !kept.includes(hit));
  return { kept, dropped, totalCandidates, filterEmpty, scale, ...(rerankMs !== undefined ? { rerankMs } : {}) };
}

/**
 * A result's cosines, capped at 1 once the order is set. Ranking priors multiply a chunk's cosine
 * (×1.3 for a chunk that defines the asked term, ×1.15 for its heading, below 1 for an overview), so
 * a defining chunk scored 1.14 in semantic mode: a "cosine" above 1, which `threshold` (0–1) could not
 * reach and the confidence rating read as more than a perfect match. Capped after sorting, the order
 * keeps the lifted value. Fused and BM25 scores are left alone (0–1 by construction, or unbounded).
 */
function cosinesCapped(hit: RankedHit, scale: ScoreScale): RankedHit {
  const scores = hit.extras.scores as { semantic?: number | null } | undefined;
  const semantic = scores?.semantic;
  const capScore = scale === 'cosine' && hit.score > 1;
  const capSemantic = typeof semantic === 'number' && semantic > 1;
  if (!capScore && !capSemantic) return hit;
  return {
    ...hit,
    ...(capScore ? { score: 1 } : {}),
    ...(capSemantic ? { extras: { ...hit.extras, scores: { ...scores, semantic: 1 } } } : {}),
  };
}
