/**
 * The client's types, inferred from the zod schemas the Worker validates requests with and
 * generates its OpenAPI document from (type-only imports: no zod, no server code is bundled).
 */
import type { ErrorCode } from '../core/common/errors';
import type { SearchRequestBody } from '../core/query/search/search-params';
import type {
  SearchMetaBody,
  SearchResponseBody,
  SearchResultBody,
  SearchSummaryBody,
  SearchTimingBody,
} from '../core/query/search/response-schema';

/** Parameters of a search (the same names as `GET /search` and `POST /search`). */
export type SearchParams = SearchRequestBody;
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

/** The Worker's error codes (README "Errors"), plus the two the client itself detects. */
export type ClientErrorCode = ErrorCode | 'network_error' | 'invalid_response';
