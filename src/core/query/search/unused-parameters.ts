/**
 * Parameters a request sets that the search it asks for never reads: `semantic_weight` under the
 * default RRF fusion, `lambda` without `rerank=mmr`. They used to be accepted without a word, so a
 * caller tuning them saw nothing change and could not tell why; the answer now names each with
 * what would make it count (an `ignored_parameter` warning). Not an error: the search asked for
 * is still well defined, and a client that always sends its knobs keeps working.
 */

/** A parameter the search does not read, and the setting it needs. */
export interface UnusedParameter {
  param: string;
  needs: string;
}

/** What {@link unusedParameters} reads: the parameters as given, and the search they resolve to. */
export interface GivenParameters {
  given: ReadonlySet<string>;
  mode: string;
  fusion: string;
  rerank: string;
}

/**
 * The given parameters the resolved search never reads, in a fixed order.
 *
 * @example
 * unusedParameters({ given: new Set(['semantic_weight', 'lambda']), mode: 'hybrid', fusion: 'rrf', rerank: 'none' });
 * // [{ param: 'semantic_weight', needs: 'mode=hybrid&fusion=weighted' }, { param: 'lambda', needs: 'rerank=mmr' }]
 */
export function unusedParameters({ given, mode, fusion, rerank }: GivenParameters): UnusedParameter[] {
  const needs: [string, string | null][] = [
    ['fusion', mode === 'hybrid' ? null : 'mode=hybrid'],
    ['semantic_weight', mode === 'hybrid' && fusion === 'weighted' ? null : 'mode=hybrid&fusion=weighted'],
    ['keyword_weight', mode === 'hybrid' && fusion === 'weighted' ? null : 'mode=hybrid&fusion=weighted'],
    ['rrf_k', mode === 'hybrid' && fusion === 'rrf' ? null : 'mode=hybrid&fusion=rrf'],
    ['rrf_keyword_weight', mode === 'hybrid' && fusion === 'rrf' ? null : 'mode=hybrid&fusion=rrf'],
    ['lambda', rerank === 'mmr' ? null : 'rerank=mmr'],
  ];
  return needs.filter((entry): entry is [string, string] => entry[1] !== null && given.has(entry[0])).map(([param, need]) => ({ param, needs: need }));
}
