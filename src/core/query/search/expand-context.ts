/**
 * Context expansion (`expand=N`): each hit brings up to N neighbouring chunks on each side from
 * the same page, merged into one contiguous passage with the overlap between chunks removed.
 * Point ids are deterministic (UUIDv5 of `file_path#chunk_index`, see common/point-id.ts), so the
 * neighbours are fetched by id — all hits' neighbours in ONE store call, none when the hits
 * already hold them. Hits whose id is not that UUID (collections ingested by another pipeline)
 * are left unexpanded rather than guessed at.
 */
import type { PayloadFieldMap } from '../../common/config/payload-fields';
import { pointIdFor } from '../../common/point-id';
import type { Payload, PointId, ScoredPoint } from '../../common/types';
import { isRetrieverError } from '../../common/errors';
import type { SearchContext } from '../ports';
import type { SearchWarning } from './warnings';
import { payloadFilePath, pointChunkIndex, pointContent } from './result-fields';

/** A hit's merged neighbourhood, as the API returns it under `passage`. */
export interface Passage {
  content: string;
  /** The chunks merged, in page order (the hit's own included). */
  chunk_indexes: number[];
  ids: PointId[];
  /** Combined 1-based line range in the source file, when the chunks carry one. */
  start_line: number | null;
  end_line: number | null;
  /** `file_path:start-end`. */
  source: string | null;
}

/** What expansion did, for the summary. */
export interface ExpandReport {
  expand: number;
  /** Hits that got a passage. */
  expanded: number;
  /** Hits left alone: no file path or chunk index, or an id that is not the deterministic one. */
  not_expandable: number;
  /** Neighbours fetched from the store (0 when the hits held them all). */
  fetched: number;
}

interface Located {
  file: string;
  index: number;
}

/** Step 1 of an expansion: where each hit sits and which neighbour ids it needs. */
export interface ExpansionPlan {
  hits: readonly ScoredPoint[];
  expand: number;
  /** The payload field map the chunk indexes were read through. */
  fields: PayloadFieldMap;
  located: (Located | null)[];
  /** "file#index" → point id of every wanted neighbour. */
  ids: Map<string, string>;
  /** Neighbour ids none of the hits is (what must be fetched). */
  missing: string[];
}

/**
 * Plans the expansion of `hits`: computes the neighbours' deterministic ids, and which of them
 * are not already among the hits. `fields`: the collection's payload field map, through which a
 * chunk index is read (`chunk_index`, `position`, …).
 *
 * @example
 * const plan = await planExpansion(hits, 1, config.payloadFields);
 * const passages = expansionPassages(plan, await store.retrieve(plan.missing));
 */
export async function planExpansion(hits: readonly ScoredPoint[], expand: number, fields: PayloadFieldMap): Promise<ExpansionPlan> {
  const located = await Promise.all(hits.map((hit) => locate(hit, fields)));
  const wanted = new Map<string, Located>();
  for (const spot of located) {
    if (!spot) continue;
    for (let d = -expand; d <= expand; d++) {
      if (d !== 0 && spot.index + d >= 0) wanted.set(`${spot.file}#${spot.index + d}`, { file: spot.file, index: spot.index + d });
    }
  }
  const ids = new Map<string, string>();
  await Promise.all([...wanted].map(async ([key, spot]) => ids.set(key, await pointIdFor(spot.file, spot.index))));
  const held = new Set(hits.map((hit) => idKey(hit.id)));
  const missing = [...new Set(ids.values())].filter((id) => !held.has(idKey(id)));
  return { hits, expand, fields, located, ids, missing };
}

/**
 * Step 1½: the neighbours every plan lacks (`missing`), in one store call. The hits were found, so
 * a failed fetch does not fail the search: each passage then holds what the hits themselves hold,
 * and an `expand_failed` warning says so (the code and message a failed search would carry; an
 * upstream's reason in it is the one the transport already cleaned of keys).
 *
 * @example
 * const { points, warning } = await fetchNeighbours(missing, context);
 */
export async function fetchNeighbours(
  missing: PointId[],
  context: Pick<SearchContext, 'store' | 'log'>,
): Promise<{ points: { id: PointId; payload: Payload }[]; warning: SearchWarning | null }> {
  if (missing.length === 0) return { points: [], warning: null };
  try {
    return { points: await context.store.retrieve(missing), warning: null };
  } catch (error) {
    context.log('expand: the neighbour fetch failed', error);
    const why = isRetrieverError(error) ? `${error.code}: ${error.message}` : 'unexpected error';
    return { points: [], warning: { code: 'expand_failed', message: `The neighbouring chunks could not be fetched (${why}); each result's passage holds only the results themselves`, details: { missing: missing.length } } };
  }
}

/**
 * The failed fetch's warning as one search of a batch reads it: only a search that lacked
 * neighbours is told (one whose hits cannot be expanded, or need none, lost nothing), with its own
 * count of them; null otherwise.
 *
 * @example
 * expandWarningFor(warning, plan)?.details; // { missing: 2 }
 */
export function expandWarningFor(warning: SearchWarning | null, plan: ExpansionPlan | null): SearchWarning | null {
  return warning && plan && plan.missing.length > 0 ? { ...warning, details: { missing: plan.missing.length } } : null;
}

/**
 * Step 2: each hit's passage (null when the hit cannot be expanded) from the hits themselves and
 * the fetched neighbours (`fetched` may hold points other plans asked for: batch search fetches
 * every query's neighbours in one call).
 */
export function expansionPassages(
  plan: ExpansionPlan,
  fetched: readonly { id: PointId; payload: Payload }[],
): { passages: (Passage | null)[]; report: ExpandReport } {
  const { hits, expand, fields, located, ids } = plan;
  const known = new Map<string, { id: PointId; payload: Payload }>(hits.map((hit) => [idKey(hit.id), hit]));
  let used = 0;
  for (const point of fetched) known.set(idKey(point.id), point);
  const passages = hits.map((hit, i) => {
    const spot = located[i];
    if (!spot) return null;
    const chain: { id: PointId; payload: Payload }[] = [hit];
    const neighbour = (index: number) => {
      const point = known.get(idKey(ids.get(`${spot.file}#${index}`) ?? ''));
      // The id is derived from the path, but a payload edited by hand must still agree.
      return point && payloadFilePath(point.payload) === spot.file && pointChunkIndex(point.payload, fields) === index ? point : undefined;
    };
    for (let index = spot.index - 1; index >= spot.index - expand; index--) {
      const point = neighbour(index);
      if (!point) break; // contiguous only: a gap ends the passage
      chain.unshift(point);
    }
    for (let index = spot.index + 1; index <= spot.index + expand; index++) {
      const point = neighbour(index);
      if (!point) break;
      chain.push(point);
    }
    return mergeChain(chain, spot.file, fields);
  });
  const missing = new Set(plan.missing.map(idKey));
  for (const point of fetched) if (missing.has(idKey(point.id))) used++;
  const expanded = passages.filter(Boolean).length;
  return { passages, report: { expand, expanded, not_expandable: hits.length - expanded, fetched: used } };
}

/** Where a hit sits, when its id is the deterministic one for that place (else null). */
async function locate(hit: ScoredPoint, fields: PayloadFieldMap): Promise<Located | null> {
  const file = payloadFilePath(hit.payload);
  const index = pointChunkIndex(hit.payload, fields);
  if (file === undefined || index === undefined) return null;
  return idKey(await pointIdFor(file, index)) === idKey(hit.id) ? { file, index } : null;
}

function idKey(id: PointId): string {
  return String(id).toLowerCase();
}

function mergeChain(chain: readonly { id: PointId; payload: Payload }[], file: string, fields: PayloadFieldMap): Passage {
  let content = '';
  let previousEnd: number | null = null;
  for (const point of chain) {
    const text = pointContent(point.payload, fields) ?? '';
    const start = numberOr(point.payload.start_line);
    if (!content) content = text;
    else {
      const shared = overlap(content, text);
      // Chunks of one section repeat the previous chunk's last sentences; the rest are separate blocks.
      const gap = shared > 0 ? '' : previousEnd !== null && start !== null && start <= previousEnd + 1 ? '\n' : '\n\n';
      content += gap + text.slice(shared);
    }
    previousEnd = numberOr(point.payload.end_line) ?? previousEnd;
  }
  const starts = chain.map((p) => numberOr(p.payload.start_line)).filter((n): n is number => n !== null);
  const ends = chain.map((p) => numberOr(p.payload.end_line)).filter((n): n is number => n !== null);
  const start_line = starts.length ? Math.min(...starts) : null;
  const end_line = ends.length ? Math.max(...ends) : null;
  return {
    content,
    chunk_indexes: chain.map((p) => pointChunkIndex(p.payload, fields) as number),
    ids: chain.map((p) => p.id),
    start_line,
    end_line,
    source: start_line !== null && end_line !== null ? `${file}:${start_line}-${end_line}` : file,
  };
}

function numberOr(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Length of the longest suffix of `before` that is also a prefix of `after` (the overlap the
 * chunker carries between consecutive chunks), ignoring overlaps shorter than 8 characters,
 * which are coincidence rather than carried text.
 *
 * @example
 * overlap('Topics carry messages. Nodes publish them.', 'Nodes publish them. Services answer.'); // 19
 */
export function overlap(before: string, after: string): number {
  const probe = after.slice(0, 8);
  if (probe.length < 8) return 0;
  for (let at = before.indexOf(probe); at >= 0; at = before.indexOf(probe, at + 1)) {
    const length = before.length - at;
    // The first match is the longest suffix.
    if (after.startsWith(before.slice(at))) return length;
  }
  return 0;
}
