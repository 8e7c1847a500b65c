/**
 * The client's types, inferred from the zod schemas the Worker validates requests with and
 * generates its OpenAPI document from (type-only imports: no zod, no server code is bundled).
 */
import type { ErrorCode } from '../core/common/errors';
import type { BatchRequestBody } from '../core/query/search/batch-params';
import type { SearchRequestBody } from '../core/query/search/search-params';
import type {
  BatchAnswerBody,
  BatchResponseBody,
  BatchStreamEventBody,
  SearchMetaBody,
  SearchResponseBody,
  SearchResultBody,
  SearchSummaryBody,
  SearchTimingBody,
} from '../core/query/search/response-schema';

/**
 * Parameters of a search (the same names as `GET /search` and `POST /search`), without `format`: the
 * client chooses it — JSON for `search`, NDJSON for `searchStream`, the prompt text for `context`.
 */
export type SearchParams = Omit<SearchRequestBody, 'format'>;
/** The JSON answer of a search. */
export type SearchResponse = SearchResponseBody;
/** One ranked chunk. */
export type SearchResult = SearchResultBody;
/** The header of an answer: query, collection, k, mode, embedder, store. */
export type SearchMeta = SearchMetaBody;
/** Counts, cache status, confidence and warnings. */
export type SearchSummary = SearchSummaryBody;
/** Server-side timings and upstream call count. */
export type SearchTiming = SearchTimingBody;

/** What `searchStream` yields, in order: one `meta`, a `result` per hit, one `summary`. */
export type SearchStreamEvent =
  | ({ type: 'meta' } & SearchMeta)
  | ({ type: 'result' } & SearchResult)
  | { type: 'summary'; summary: SearchSummary; timing: SearchTiming };

/** A batch: `queries` (strings or parameter objects) laid over shared `defaults`. */
export type BatchRequest = BatchRequestBody;
/** The JSON answer of a batch: `answers` in input order, `summary`, `timing`. */
export type BatchResponse = BatchResponseBody;
/** One query's answer in a batch: `ok: true` with the search's fields, or `ok: false` with its `error`. */
export type BatchAnswer = BatchAnswerBody;
/** What `searchBatchStream` yields: one `answer` per query, in input order, then `summary`. */
export type BatchStreamEvent = BatchStreamEventBody;

/** The Worker's error codes (README "Errors"), plus the two the client itself detects. */
export type ClientErrorCode = ErrorCode | 'network_error' | 'invalid_response';
