/**
 * Writes a JSON value as JavaScript source that builds the same value with each repeated subtree
 * written once: the OpenAPI document repeats its result, summary and error schemas in every
 * response of every route (JSON, NDJSON, SSE, batch), 63 KiB of text whose repeats lie further
 * apart than gzip's 32 KiB window. Written once and referenced, they cost the Worker bundle about
 * half as much, and `JSON.stringify` of the built value is the same text as of the original (a
 * shared object serialises wherever it is referenced; key order is the literal's, as JSON.parse's).
 */

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Subtrees shorter than this (as JSON text) are written out each time: a reference would save nothing gzip does not. */
const MIN_SHARED_CHARS = 24;

/**
 * The source of a function expression returning `value`, its repeated subtrees (objects and arrays
 * of at least {@link MIN_SHARED_CHARS} characters of JSON, seen twice or more) built once as local
 * constants. Every call builds a fresh value.
 *
 * @example
 * const part = { type: 'string', enum: ['hit', 'miss', 'none'] };
 * sharedSubtreesSource({ a: part, b: part });
 * // '() => { const s0 = {"type": "string", …}; return {"a": s0, "b": s0}; }'
 */
export function sharedSubtreesSource(value: Json): string {
  const counts = new Map<string, number>();
  const count = (node: Json): void => {
    if (node === null || typeof node !== 'object') return;
    const text = JSON.stringify(node);
    counts.set(text, (counts.get(text) ?? 0) + 1);
    for (const child of Object.values(node)) count(child);
  };
  count(value);
  const names = new Map<string, string>();
  const constants: string[] = [];
  // Post-order: a shared subtree's own shared parts are declared before it.
  const write = (node: Json, root = false): string => {
    if (node === null || typeof node !== 'object') return JSON.stringify(node);
    const text = JSON.stringify(node);
    const known = names.get(text);
    if (known) return known;
    const source = Array.isArray(node)
      ? `[${node.map((item) => write(item)).join(', ')}]`
      : `{${Object.entries(node).map(([key, item]) => `${literalKey(key)}: ${write(item)}`).join(', ')}}`;
    if (root || counts.get(text)! < 2 || text.length < MIN_SHARED_CHARS) return source;
    const name = `s${names.size}`;
    names.set(text, name);
    constants.push(`const ${name} = ${source};`);
    return name;
  };
  const root = write(value, true);
  return `() => { ${constants.join(' ')} return ${root}; }`;
}

// `__proto__: …` in an object literal sets the prototype; JSON.parse makes it an own key, as a computed key does.
const literalKey = (key: string) => (key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key));
