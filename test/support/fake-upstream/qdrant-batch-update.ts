/**
 * `POST /collections/{c}/points/batch` (batch_update) of the fake Qdrant, for the operation ingest
 * sends: `overwrite_payload` (a chunk whose text is unchanged but whose lines or labels moved gets
 * its new payload, and keeps its vectors). Other operations are refused as unsupported, so a client
 * that starts sending them fails loudly here instead of passing against a fake that ignores them.
 */
import { isObject } from './http-io';
import { QdrantError, unsupported, wrongInput } from './qdrant-errors';
import { idKey } from './qdrant-ids';
import { updateResult } from './qdrant-points';
import type { Collection, PointId } from './qdrant-types';

/** Applies the operations in order; one `UpdateResult` each. Every operation is checked before any applies. */
export function batchUpdate(collection: Collection, body: Record<string, unknown>, wait: boolean): Record<string, unknown>[] {
  const operations = body.operations as Record<string, unknown>[];
  const overwrites = operations.map((operation) => {
    const [name] = Object.keys(operation);
    if (name !== 'overwrite_payload') throw unsupported(`batch_update operation ${name}`);
    const set = operation.overwrite_payload as Record<string, unknown>;
    if (!Array.isArray(set.points)) throw unsupported('overwrite_payload without a points list');
    if (!isObject(set.payload)) throw wrongInput('Payload must be an object');
    return { points: set.points as PointId[], payload: set.payload };
  });
  // Setting a payload never creates a point: an unknown id is a 404, as on the server.
  for (const { points } of overwrites) {
    const missing = points.find((id) => !collection.points.has(idKey(id)));
    if (missing !== undefined) throw new QdrantError(404, `Not found: No point with id ${String(missing)} found`);
  }
  return overwrites.map(({ points, payload }) => {
    for (const id of points) collection.points.get(idKey(id))!.payload = structuredClone(payload);
    return updateResult(collection, wait);
  });
}
