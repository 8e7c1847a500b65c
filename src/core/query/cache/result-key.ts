/**
 * The result-cache key: SHA-256 over everything that changes a search's answer — the normalised
 * query and every other parameter, the configuration that shapes results (store, collection,
 * models, vector names, payload mapping, defaults, thresholds) and the index version — so a
 * re-ingest (version bump) or a config change can never be served an old answer.
 */
import type { Config } from '../../common/config/parse-config';
import { sha256Hex } from '../../common/sha256-hex';
import { normalizeQuery } from '../../common/text/normalize-query';
import type { SearchParams } from '../search/search-params';
import type { ResultKeys } from './result-cache';

/**
 * Variables that never change an answer: secrets, timeouts, CORS, cache lifetimes, who may ask and
 * how often (rotating an API key must not empty the cache), logging, the batch size limit.
 */
const NOT_IN_KEY = new Set([
  'COHERE_API_KEY',
  'QDRANT_API_KEY',
  'ADMIN_API_KEY',
  'CORS_ORIGINS',
  'REQUEST_BUDGET_MS',
  'UPSTREAM_TIMEOUT_MS',
  'EMBED_CACHE_TTL_SECONDS',
  'RESULT_CACHE_TTL_SECONDS',
  'API_KEYS',
  'apiKeys',
  'ALLOW_ANONYMOUS',
  'RATE_LIMITS',
  'RATE_LIMIT_PERIOD_SECONDS',
  'LOG_QUERIES',
  'BATCH_MAX_QUERIES',
]);

const shaping = new WeakMap<Config, string>();
const requestKeys = new WeakMap<SearchParams, string>();

/** The answer-changing parameters as key text; once per params object (a remembered GET's is reused). */
function requestKey(params: SearchParams): string {
  let text = requestKeys.get(params);
  if (text === undefined) {
    // `format` only changes how the same outcome is written out.
    const { format: _format, ...answer } = params;
    text = JSON.stringify({ ...answer, q: normalizeQuery(answer.q) });
    requestKeys.set(params, text);
  }
  return text;
}

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

// Short ids of the answer-shaping configs seen by this isolate, by their text: equal configs
// (another env object with the same values) share entries.
const configIds = new Map<string, number>();

/**
 * The keys of one search's answer. In-isolate: the config's id in this isolate, the index
 * version and the normalised parameters — short, and a hit costs a Map lookup, no digest. Shared
 * tier: SHA-256 over the same with the whole answer-shaping config (another deployment on the same
 * zone shares the Cache API), fixed length and without the query text; computed on first use.
 *
 * @example
 * const keys = resultCacheKeys(params, config, '3');
 * keys.local; // '0|3|{"q":"what is a topic",…}'
 * await keys.shared(); // 'rc:v1:9f2c…'
 */
export function resultCacheKeys(params: SearchParams, config: Config, indexVersion: string): ResultKeys {
  const request = requestKey(params);
  const shaping = shapingConfig(config);
  let id = configIds.get(shaping);
  if (id === undefined) configIds.set(shaping, (id = configIds.size));
  let digest: Promise<string> | null = null;
  return {
    local: `${id}|${indexVersion}|${request}`,
    shared: () => (digest ??= sha256Hex(`${shaping}|${indexVersion}|${request}`).then((hex) => `rc:v1:${hex}`)),
  };
}
