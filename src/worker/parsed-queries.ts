/**
 * Parsed GET query strings, remembered per isolate. A chat widget asks the same few questions
 * again and again; the answer then comes from the isolate's result cache, and validating the same
 * query string with zod and serialising its cache key were about a tenth of the Worker's own CPU
 * samples for such an answer (workerd profile). Valid query strings only (an invalid one throws
 * every time), per configuration object, in the project's LRU.
 */
import type { Config } from '../core/common/config/parse-config';
import { LruCache } from '../core/query/cache/lru-cache';
import type { SearchParams } from '../core/query/search/search-params';

const MAX_REMEMBERED = 256;
const byConfig = new WeakMap<Config, LruCache<SearchParams>>();

/**
 * `parse()`'s result for `query` under `config`, from memory when this isolate parsed it before.
 *
 * @example
 * const params = rememberedParams(config, url.search, () => parseSearchParams(raw, config));
 */
export function rememberedParams(config: Config, query: string, parse: () => SearchParams): SearchParams {
  let remembered = byConfig.get(config);
  if (!remembered) byConfig.set(config, (remembered = new LruCache<SearchParams>(MAX_REMEMBERED)));
  const known = remembered.get(query);
  if (known) return known;
  const params = Object.freeze(parse());
  remembered.set(query, params);
  return params;
}
