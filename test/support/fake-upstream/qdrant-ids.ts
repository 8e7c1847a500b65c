/**
 * Point ids as Qdrant treats them: unsigned integers or UUIDs (any form the `uuid` crate parses,
 * answered in lowercase hyphenated form); integers sort before UUIDs.
 */
import type { PointId } from './qdrant-types';

const UUID = /^(?:urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;

/** The id in the form Qdrant answers with (hyphenated lowercase UUID or the integer). */
export function normalizeId(id: PointId): PointId {
  if (typeof id === 'number') return id;
  const m = UUID.exec(id);
  if (!m) throw new Error(`not a UUID: ${id}`);
  return m.slice(1, 6).join('-').toLowerCase();
}

/** The map key of an id: same key for every spelling of the same UUID. */
export function idKey(id: PointId): string {
  return typeof id === 'number' ? `n:${id}` : `u:${String(normalizeId(id))}`;
}

/** Qdrant's id order: integers ascending, then UUIDs by their 128-bit value (= hex order). */
export function compareIds(a: PointId, b: PointId): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
