/**
 * TOML front matter (`+++ … +++`, as Hugo writes it). Docusaurus itself reads only YAML, but a
 * book converted from Hugo keeps its TOML, and unread it was indexed as prose ("+++ title = …").
 * A full TOML parser would be a new dependency for a handful of fields, so this reads the one-line
 * `key = value` entries at the top level, which is how those fields are written, and says so
 * once when a line it needs cannot be read.
 */
import { frontMatterFields, type DocFrontMatter } from './front-matter';

// The keys `frontMatterFields` uses: only their values must be read; any other key may hold
// what it likes (a multi-line array of aliases, a date), and a `[table]` holds no top-level key.
const USED = new Set(['title', 'id', 'slug', 'chapter', 'tags', 'draft', 'sidebar_position']);

const ENTRY = /^\s*((?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'))*)\s*=\s*(.*?)\s*$/;
const TABLE = /^\s*\[\[?[^\]]+\]\]?\s*(?:#.*)?$/;
const BASIC = /^"((?:[^"\\]|\\.)*)"\s*(?:#.*)?$/;
const LITERAL = /^'([^']*)'\s*(?:#.*)?$/;
const NUMBER = /^[+-]?\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?$/;
const ITEM = /\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^,"'\s][^,]*?)\s*(?:,|$)/y;
const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

/**
 * The ingester's fields from TOML front matter (without its `+++` fences). Never fails: a line it
 * cannot read is ignored, with one warning for the file.
 *
 * @example
 * readTomlFrontMatter('title = "Install"\ndate = 2024-01-01\n[params]\nx = 1');
 * // { data: { title: 'Install', tags: [], sidebarPosition: null }, warnings: [] }
 */
export function readTomlFrontMatter(raw: string): { data: DocFrontMatter; warnings: string[] } {
  const record: Record<string, unknown> = {};
  let unread: string | null = null;
  const lines = raw.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (TABLE.test(line)) break; // everything below belongs to a table
    const entry = ENTRY.exec(line);
    // Line 1 of the file is the opening `+++`.
    const where = `line ${i + 2} (\`${line.trim().slice(0, 60)}\`)`;
    if (!entry) {
      unread ??= where;
      continue;
    }
    const key = unquote(entry[1]!);
    const text = entry[2]!;
    const skip = multiLineEnd(lines, i, text);
    const value = skip === i ? readValue(text) : undefined;
    i = skip;
    if (!USED.has(key)) continue;
    if (value === undefined) unread ??= where;
    else record[key] = value;
  }
  const { data, warnings } = frontMatterFields(record);
  if (unread) warnings.unshift(`TOML front matter ${unread} not read: only one-line \`key = "value"\` entries are`);
  return { data, warnings };
}

/** A key as written (`"my key"` → `my key`); a dotted key stays dotted, so it matches no field. */
function unquote(key: string): string {
  return /^["']/.test(key) && !/["']\s*\./.test(key) ? key.slice(1, -1) : key;
}

/** The last line of a value that opens a multi-line string or array on line `i`, else `i`. */
function multiLineEnd(lines: readonly string[], i: number, text: string): number {
  const quote = /^("""|''')/.exec(text)?.[1];
  let open = quote ? (text.slice(3).includes(quote) ? 0 : 1) : text.startsWith('[') && !/\]\s*(?:#.*)?$/.test(text) ? 1 : 0;
  let j = i;
  while (open && ++j < lines.length) {
    if (quote ? lines[j]!.includes(quote) : /\]\s*(?:#.*)?$/.test(lines[j]!)) open = 0;
  }
  return Math.min(j, lines.length - 1);
}

/** A one-line string, number, boolean or array of them; undefined for anything else. */
function readValue(text: string): unknown {
  const basic = BASIC.exec(text);
  if (basic) return basic[1]!.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_, e: string) => (e.length > 1 ? String.fromCodePoint(parseInt(e.slice(1), 16)) : (ESCAPES[e] ?? e)));
  const literal = LITERAL.exec(text);
  if (literal) return literal[1];
  const bare = text.replace(/\s*#.*$/, ''); // a comment may follow a value
  if (bare === 'true' || bare === 'false') return bare === 'true';
  if (NUMBER.test(bare)) return Number(bare.replace(/_/g, ''));
  const array = /^\[(.*)\]\s*(?:#.*)?$/.exec(text);
  if (!array) return undefined;
  const items: unknown[] = [];
  const scan = new RegExp(ITEM.source, 'y'); // its own position: an item is read by recursion
  const inner = array[1]!.trim().replace(/,\s*$/, '');
  while (scan.lastIndex < inner.length) {
    const start = scan.lastIndex;
    const item = scan.exec(inner);
    const value = item ? readValue(item[1]!) : undefined;
    if (value === undefined || scan.lastIndex === start) return undefined;
    items.push(value);
  }
  return items;
}
