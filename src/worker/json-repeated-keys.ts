/**
 * Keys written twice in one JSON object. `JSON.parse` keeps the last silently, so
 * `{"q":"ros","q":"nav"}` searched for "nav" while a query string with `q` twice is a 400: a POST
 * body now gets the same answer. Nested objects count too (a batch's queries, a filter).
 */

interface Frame {
  object: boolean;
  path: string;
  seen: Set<string>;
  /** The key whose value is being read (objects); null while a key is expected. */
  key: string | null;
  /** The element being read (arrays). */
  index: number;
}

/**
 * The paths of the keys repeated in `json`, which must be valid JSON (parse it first). Iterative,
 * so a deeply nested body cannot overflow the stack.
 *
 * @example
 * repeatedKeys('{"q":"a","k":3,"q":"b"}'); // ['q']
 * repeatedKeys('{"queries":[{"q":"a"},{"q":"b","q":"c"}]}'); // ['queries[1].q']
 */
export function repeatedKeys(json: string): string[] {
  const repeated: string[] = [];
  const stack: Frame[] = [];
  const childPath = (): string => {
    const top = stack.at(-1);
    if (!top) return '';
    if (!top.object) return `${top.path}[${top.index}]`;
    return top.path ? `${top.path}.${top.key}` : (top.key ?? '');
  };
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      const start = i;
      for (i++; json[i] !== '"'; i++) if (json[i] === '\\') i++;
      const top = stack.at(-1);
      if (top?.object && top.key === null) {
        const key = JSON.parse(json.slice(start, i + 1)) as string;
        if (top.seen.has(key)) repeated.push(top.path ? `${top.path}.${key}` : key);
        top.seen.add(key);
        top.key = key;
      }
    } else if (c === '{' || c === '[') {
      stack.push({ object: c === '{', path: childPath(), seen: new Set(), key: null, index: 0 });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      const top = stack.at(-1);
      if (top?.object) top.key = null;
      else if (top) top.index += 1;
    }
  }
  return repeated;
}
