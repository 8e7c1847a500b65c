/**
 * The one module that talks HTTP to Qdrant: base URL, `api-key` header, JSON bodies, retries
 * through `upstreamFetch`, and the mapping of Qdrant's error answers to our error taxonomy.
 * The store (query time) and the collection admin (ingest) both go through it.
 */
import { RetrieverError } from '../errors';
import type { Deadline } from '../http/deadline';
import { readUpstreamJson, upstreamFetch, type FetchLike, type UpstreamFailure } from '../http/upstream-fetch';
import { closestName } from './closest-name';

/** Connection settings for one collection. */
export interface QdrantTransportOptions {
  url: string;
  apiKey?: string | undefined;
  collection: string;
  fetch: FetchLike;
  deadline: Deadline;
  timeoutMs: number;
  onAttempt?: () => void;
  /** Every configured secret, redacted from upstream text we quote or log. */
  secrets?: readonly string[];
}

/** How one request behaves, beside its method, path and body. */
export interface RequestCallOptions {
  /** Map a 404 that names a collection to `collection_not_found` (default true). */
  map404?: boolean;
  /** Total attempts including the first. */
  maxAttempts?: number;
}

/** HTTP access to one Qdrant collection (and the cluster's collection list). */
export interface QdrantTransport {
  readonly collection: string;
  /** `/collections/{collection}` followed by `suffix`, the collection name URL-encoded. */
  collectionPath(suffix?: string): string;
  /**
   * Sends one request and parses the JSON answer. With `map404` (the default) a 404 that names a
   * collection becomes `collection_not_found` with the closest existing name; `maxAttempts` bounds
   * the retries (default: upstreamFetch's).
   */
  request<T>(method: string, path: string, body?: unknown, call?: RequestCallOptions): Promise<T>;
  /** Names of the cluster's collections, sorted. */
  listCollections(): Promise<string[]>;
}

/**
 * Creates the transport for one collection.
 *
 * @example
 * const qdrant = createQdrantTransport({ url, apiKey, collection: 'textbook_chunks', fetch, deadline, timeoutMs: 5000 });
 * const info = await qdrant.request('GET', qdrant.collectionPath());
 */
export function createQdrantTransport(options: QdrantTransportOptions): QdrantTransport {
  const base = options.url.replace(/\/+$/, '');
  const collectionPath = (suffix = '') => `/collections/${encodeURIComponent(options.collection)}${suffix}`;

  const request = async <T>(method: string, path: string, body?: unknown, call: RequestCallOptions = {}): Promise<T> => {
    const map404 = call.map404 ?? true;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.apiKey) headers['api-key'] = options.apiKey;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await upstreamFetch(
      `${base}${path}`,
      init,
      {
        fetch: options.fetch,
        deadline: options.deadline,
        timeoutMs: options.timeoutMs,
        service: 'Qdrant',
        failureCode: 'vector_store_unavailable',
        unreachableCode: 'vector_store_unavailable',
        ...(call.maxAttempts ? { maxAttempts: call.maxAttempts } : {}),
        ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
        ...(options.secrets ? { secrets: options.secrets } : {}),
      },
      // The list read for a missing collection's suggestion is held to the call's attempts too: one
      // attempt that then waited out the list's Retry-After would hold a search's error for it.
      (failure) => mapFailure(failure, map404, call.maxAttempts),
    );
    // A 200 whose body is not JSON is Qdrant's failure (502), not ours; callers check the shape.
    return (await readUpstreamJson(response, 'Qdrant', 'vector_store_error', options.secrets)) as T;
  };

  const listCollections = async (maxAttempts?: number): Promise<string[]> => {
    const json = await request<{ result?: { collections?: unknown } } | null>('GET', '/collections', undefined, { map404: false, ...(maxAttempts ? { maxAttempts } : {}) });
    const collections = json?.result?.collections;
    if (!Array.isArray(collections)) {
      throw new RetrieverError('vector_store_error', 'Qdrant answered with an unexpected response shape', { upstream: 'qdrant' }, {
        internal: 'Qdrant: collection list has no result.collections array',
      });
    }
    return collections.map((c) => (c as { name?: unknown } | null)?.name).filter((name): name is string => typeof name === 'string').sort();
  };

  const mapFailure = async (failure: UpstreamFailure, map404: boolean, maxAttempts?: number): Promise<RetrieverError | undefined> => {
    const message = qdrantMessage(failure.snippet);
    if (failure.status === 404 && map404 && /collection/i.test(message)) {
      const available = await listCollections(maxAttempts).catch(() => [] as string[]);
      const suggestion = closestName(options.collection, available);
      return new RetrieverError(
        'collection_not_found',
        // Named from QDRANT_COLLECTION, which the Worker and the CLI read: say which setting to fix,
        // and that ingest is what creates it (a book never ingested, or ingested under another --collection).
        `Collection "${options.collection}" does not exist${suggestion ? `; did you mean "${suggestion}"?` : ''} ` +
          `(QDRANT_COLLECTION; npm run ingest -- <docs> --collection ${options.collection} creates it)`,
        { collection: options.collection, available, suggestion },
      );
    }
    const dims = /expected dim: (\d+), got (\d+)/.exec(message);
    if (failure.status === 400 && dims) {
      return new RetrieverError('dimension_mismatch', `Query vector has ${dims[2]} dimensions but the collection expects ${dims[1]}`, {
        expected: Number(dims[1]),
        got: Number(dims[2]),
      });
    }
    if (failure.status === 401 || failure.status === 403) {
      return new RetrieverError('vector_store_error', `Qdrant rejected the credentials (${failure.status}); check QDRANT_API_KEY`, {
        upstream: 'qdrant',
        upstream_status: failure.status,
      });
    }
    // 429 is Qdrant asking us to slow down: unavailable for now (with its Retry-After), not a rejection.
    if (failure.status >= 400 && failure.status < 500 && failure.status !== 429) {
      return new RetrieverError(
        'vector_store_error',
        `Qdrant rejected the request (${failure.status})${failure.reason ? `: ${failure.reason}` : ''}`,
        { upstream: 'qdrant', upstream_status: failure.status },
        { internal: `Qdrant ${failure.status}: ${failure.snippet}` },
      );
    }
    return undefined;
  };

  return { collection: options.collection, collectionPath, request, listCollections: () => listCollections() };
}

/** Qdrant's error text (`status.error`) when the body is its JSON envelope, else the raw snippet. */
function qdrantMessage(snippet: string): string {
  try {
    const parsed = JSON.parse(snippet) as { status?: { error?: string } };
    return parsed.status?.error ?? snippet;
  } catch {
    return snippet;
  }
}
