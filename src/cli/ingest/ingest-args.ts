/**
 * `ingest` command-line arguments (node:util parseArgs: no dependency, strict about unknowns).
 */
import * as z from 'zod/mini';
import { collectionName } from '../../core/common/config/config-schema';
import { usageError } from '../cli-failure';
import { joinNegativeValues } from '../negative-values';
import { parseFlags } from '../parse-flags';
import { bookIndexPath } from '../index-paths';

/** Parsed ingest options. */
export interface IngestArgs {
  docsDir: string;
  collection: string | undefined;
  baseUrl: string;
  routeBasePath: string;
  target: 'qdrant' | 'local';
  out: string;
  embedder: 'cohere' | 'lsa' | undefined;
  /** LSA dimensions; null: as many as the book's size calls for (`lsaDims`). */
  dims: number | null;
  /** The book owner's synonyms file; undefined: `synonyms.txt` at the docs root, when present. */
  synonyms: string | undefined;
  dryRun: boolean;
  recreate: boolean;
  quiet: boolean;
  json: boolean;
  help: boolean;
}

/** Usage text printed by `--help`. */
export const INGEST_USAGE = `Usage: npm run ingest -- <docs-dir> [options]

Chunks a Docusaurus-style markdown book and indexes it in Qdrant or in a local embedded index.

Options:
  --target qdrant|local   where to write (default: qdrant when QDRANT_URL is set, else local)
  --collection NAME       collection name (default: QDRANT_COLLECTION or textbook_chunks)
  --base-url URL          site URL prefixed to each page route, an http(s) URL such as
                          https://your-site.example/book/ (default: none, path only)
  --route-base-path P     Docusaurus docs routeBasePath (default: /docs)
  --out FILE              local index file (default: generated/indexes/<book>.bin, one per book)
  --embedder cohere|lsa   document embedder (default: cohere for qdrant, lsa for local)
  --dims N                LSA dimensions, 2 to 1024 (default: 128, for books over 512 chunks one per
                          4 chunks, up to 384); never more than the book's chunks minus one (nor its
                          distinct words): a larger N is lowered, with a notice
  --synonyms FILE         readers' words for the book's terms, Solr format: "a, b, c" or "a, b => c"
                          (default: synonyms.txt at the docs root, when there is one)
  --dry-run               print what would change; write nothing
  --recreate              rebuild the collection from scratch (the old one is dropped once every
                          chunk is embedded) / ignore the existing index
  --json                  print the summary as JSON
  --quiet                 no progress bar, summary only
  -h, --help              this help

A local index keeps the options it was built with (--base-url, --route-base-path, --collection,
--embedder, --dims, --synonyms) in its .stamp: the rebuild that npm run dev, retrieve and
build:index (npm run deploy) make after the book changes uses them again.

Exit codes: 0 ok · 1 nothing could be ingested · 2 usage or configuration error · 3 upstream failed ·
4 unexpected error (a bug; please report it)`;

// parseArgs' table of ingest's flags (also read by joinNegativeValues).
const INGEST_OPTIONS = {
  collection: { type: 'string' },
  'base-url': { type: 'string' },
  'route-base-path': { type: 'string' },
  target: { type: 'string' },
  out: { type: 'string' },
  embedder: { type: 'string' },
  dims: { type: 'string' },
  synonyms: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  recreate: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/**
 * Parses argv (without node and script).
 *
 * @example
 * parseIngestArgs(['docs', '--target', 'local'], { QDRANT_URL: undefined });
 */
export function parseIngestArgs(argv: string[], env: Record<string, string | undefined>): IngestArgs {
  const { values, positionals } = parseFlags({ args: joinNegativeValues(argv, INGEST_OPTIONS), allowPositionals: true, options: INGEST_OPTIONS });
  const help = values.help ?? false;
  if (!help && positionals.length !== 1) {
    throw usageError('Give exactly one docs directory, e.g. `npm run ingest -- sample-book/docs`');
  }
  const target = values.target ?? (env.QDRANT_URL ? 'qdrant' : 'local');
  if (target !== 'qdrant' && target !== 'local') throw usageError('--target must be qdrant or local');
  const embedder = values.embedder;
  if (embedder !== undefined && embedder !== 'cohere' && embedder !== 'lsa') {
    throw usageError('--embedder must be cohere or lsa');
  }
  if (values.collection !== undefined) checkCollection(values.collection);
  const dims = values.dims === undefined ? null : Number(values.dims);
  if (dims !== null && (!/^\d+$/.test(values.dims!) || dims < 2 || dims > 1024)) throw usageError(`--dims must be an integer in [2, 1024], got "${values.dims}"`);
  return {
    docsDir: positionals[0] ?? '',
    collection: values.collection,
    baseUrl: checkBaseUrl(values['base-url'] ?? ''),
    routeBasePath: values['route-base-path'] ?? '/docs',
    target,
    out: values.out ?? bookIndexPath(positionals[0] ?? '.'),
    embedder,
    dims,
    synonyms: values.synonyms,
    dryRun: values['dry-run'] ?? false,
    recreate: values.recreate ?? false,
    quiet: values.quiet ?? false,
    json: values.json ?? false,
    help,
  };
}

/** The QDRANT_COLLECTION rule: a name the Worker refuses must not be created by ingest either. */
function checkCollection(name: string): void {
  const checked = z.safeParse(collectionName, name);
  if (!checked.success) throw usageError(`--collection: ${checked.error.issues[0]?.message ?? 'invalid name'}, got "${name}"`);
}

/**
 * `--base-url`: the public site the book is published at (Docusaurus's `url` plus its `baseUrl`), or
 * '' for route paths alone. Anything else would be glued in front of every route ("not-a-url/docs/…"),
 * and the demo page links a source_url only when it is an http(s) URL.
 */
function checkBaseUrl(value: string): string {
  if (value === '') return value;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  // A query or fragment would land in the middle of every link (…?v=1/docs/intro).
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && !/[?#]/.test(value)) return value;
  throw usageError(`--base-url must be an http(s) URL without ?query or #fragment, e.g. https://your-site.example, got "${value}"`);
}
