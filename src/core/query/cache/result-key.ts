/**
 * The result-cache key: SHA-256 over everything that changes a search's answer — the normalised
 * query and every other parameter, the configuration that shapes results (store, collection,
 * models, vector names, payload mapping, defaults, thresholds) and the index version — so a
 * re-ingest (version bump) or a config change can never be served an old answer.
 */
import type { Config } from '../../common/config/parse-config';
import { sha256Hex } from '../../common/sha256-hex';
import { normalizeQuery } from '../embedders/cache-key';
import type { SearchParams } from '../search/search-params';

/** Variables that never change an answer: secrets, timeouts, CORS, cache lifetimes. */
const NOT_IN_KEY = new Set([
  'COHERE_API_KEY',
  'QDRANT_API_KEY',
  'ADMIN_API_KEY',
  'CORS_ORIGINS',
  'REQUEST_BUDGET_MS',
  'UPSTREAM_TIMEOUT_MS',
  'EMBED_CACHE_TTL_SECONDS',
  'RESULT_CACHE_TTL_SECONDS',
]);

const shaping = new WeakMap<Config, string>();

/** The answer-shaping part of `config`, serialised once per config object (once per isolate). */
function shapingConfig(config: Config): string {
  let text = shaping.get(config);
  if (text === undefined) {
    const entries = Object.entries(config)
      .filter(([name]) => !NOT_IN_KEY.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    text = JSON.stringify(entries);
    shaping.set(config, text);
  }
  return text;
}

/**
 * Hex SHA-256 key of one search's answer.
 *
 * @example
 * await resultCacheKey(params, config, '3'); // 'rc:v1:9f2c…'
 */
export async function resultCacheKey(params: SearchParams, config: Config, indexVersion: string): Promise<string> {
  // `format` only changes how the same outcome is written out.
  const { format: _format, ...answer } = params;
  const material = JSON.stringify({ params: { ...answer, q: normalizeQuery(answer.q) }, config: shapingConfig(config), index: indexVersion });
  return `rc:v1:${await sha256Hex(material)}`;
}
