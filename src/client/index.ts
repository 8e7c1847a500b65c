/**
 * `edge-retriever/client`: a typed, dependency-free client for the edge-retriever API.
 *
 * @example
 * import { createClient } from 'edge-retriever/client';
 * const client = createClient({ baseUrl: 'https://retriever.example.workers.dev' });
 * const answer = await client.search({ q: 'What is a ROS 2 topic?', k: 3 });
 */
export { createClient, type CallOptions, type ClientOptions, type EdgeRetrieverClient } from './client.js';
export { EdgeRetrieverError } from './client-error.js';
export type {
  ClientErrorCode,
  SearchMeta,
  SearchParams,
  SearchResponse,
  SearchResult,
  SearchStreamEvent,
  SearchSummary,
  SearchTiming,
} from './types.js';
