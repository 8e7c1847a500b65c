/**
 * The cache key of a query embedding: SHA-256 over everything that changes the vector, so a model
 * or dimension change can never serve a stale vector.
 */
import { sha256Hex } from '../../common/sha256-hex';
import { normalizeQuery } from '../../common/text/normalize-query';

/**
 * Hex SHA-256 of `model|input_type|dimension|normalized query` (WebCrypto, runs in Workers and Node).
 *
 * @example
 * await embeddingCacheKey({ model: 'embed-english-v3.0', inputType: 'search_query', dimension: 1024, query: ' Hi ' });
 */
export async function embeddingCacheKey(parts: {
  model: string;
  inputType: string;
  dimension: number | null;
  query: string;
}): Promise<string> {
  const material = [parts.model, parts.inputType, parts.dimension ?? 'default', normalizeQuery(parts.query)].join('|');
  return `qe:v1:${await sha256Hex(material)}`;
}
