/**
 * Reads a Qdrant payload key (`a.b`, `a[].b`, `a[0].b`, `tags[]`) the way the Qdrant server
 * does, so filters on the embedded store see exactly the values Qdrant would.
 */
import type { Payload } from '../../common/types';

/**
 * The values a key resolves to. `multiple` is true when the path went through `[]`/`[i]`: Qdrant
 * treats "one value that is null" and "several values, one of them null" slightly differently
 * in `is_null`, so the distinction is kept.
 */
export interface PathValues {
  values: unknown[];
  multiple: boolean;
}

/**
 * Whether a JSON value is an object (not an array, not null): a payload level, or a filter clause.
 *
 * @example
 * isRecord({ key: 'module' }); // true
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `name[]` → {name, index: null}; `name[3]` → {name, index: 3}; plain names → null. */
function parseArrayStep(step: string): { name: string; index: number | null } | null {
  if (!step.endsWith(']')) return null;
  const open = step.indexOf('[');
  if (open < 0) return null;
  const inner = step.slice(open + 1, -1);
  if (inner === '') return { name: step.slice(0, open), index: null };
  // A malformed index (`a[x]`) is not an array step: Qdrant then looks up the literal key.
  if (!/^\d+$/.test(inner)) return null;
  return { name: step.slice(0, open), index: Number(inner) };
}

function collect(path: string, map: Record<string, unknown>, out: PathValues): void {
  const dot = path.indexOf('.');
  const head = dot < 0 ? path : path.slice(0, dot);
  const rest = dot < 0 ? null : path.slice(dot + 1);
  const arrayStep = parseArrayStep(head);
  if (arrayStep) {
    const array = map[arrayStep.name];
    if (!Array.isArray(array)) return;
    out.multiple = true;
    array.forEach((item, i) => {
      if (arrayStep.index !== null && arrayStep.index !== i) return;
      if (rest === null) out.values.push(item);
      else if (isRecord(item)) collect(rest, item, out);
    });
    return;
  }
  if (!Object.prototype.hasOwnProperty.call(map, head)) return;
  const value = map[head];
  if (rest === null || rest === '') {
    out.values.push(value);
    return;
  }
  // Without `[]`, Qdrant descends into objects only: `a.b` on an array `a` finds nothing.
  if (isRecord(value)) collect(rest, value, out);
}

/**
 * The values at `key` in `payload` (empty when the key is missing).
 *
 * @example
 * readPayloadPath({ a: [{ b: 1 }, { b: 2 }] }, 'a[].b'); // { values: [1, 2], multiple: true }
 * readPayloadPath({ a: { b: 'x' } }, 'a.b');             // { values: ['x'], multiple: false }
 */
export function readPayloadPath(payload: Payload, key: string): PathValues {
  const out: PathValues = { values: [], multiple: false };
  collect(key, payload, out);
  return out;
}
