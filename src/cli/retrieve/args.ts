/**
 * Command-line arguments of `retrieve`: one search, or `--validate` over a query set (optionally
 * `--compare` across modes/rerankers). Parsing is strict: an unknown flag or a bad value is a
 * usage error (exit 2) rather than something silently ignored.
 */
import { SEARCH_MODES } from '../../core/common/config/config-schema';
import { EMBEDDER_DEFAULTS } from '../../core/common/config/parse-config';
import { usageError } from '../cli-failure';
import { joinNegativeValues } from '../negative-values';
import { parseFlags } from '../parse-flags';


// Read from the table parseConfig uses, so the help cannot drift from what a search does: the
// default depends on the embedder (local LSA model unless COHERE_API_KEY is set).
const { local: LOCAL, cohere: COHERE } = EMBEDDER_DEFAULTS;

export const RETRIEVE_USAGE = `Usage:
  retrieve "<query>" [options]                 search once
  retrieve --validate <queries.json> [options] score a labelled query set
  retrieve --validate <queries.json> --compare run the set under several modes/rerankers
  retrieve --gaps <questions> [--index FILE]   the readers' words the book never uses

Which book: DOCS_DIR=path/to/docs (environment or .dev.vars) searches that book's own index,
built or brought up to date first; --index FILE an index ingest built; --url URL the book a running
Worker serves; QDRANT_URL the Qdrant collection. Without any of them: the bundled sample book
(sample-book/docs, about robotics), said on stderr.

Search options:
  -k, --top-k N        results to return (default TOP_K_DEFAULT, 5)
  --mode M             ${SEARCH_MODES.join(' | ')} (default SEARCH_MODE, else ${LOCAL.SEARCH_MODE};
                       ${COHERE.SEARCH_MODE} when COHERE_API_KEY is set)
  --fusion F           hybrid fusion: weighted | rrf (default HYBRID_FUSION, else ${LOCAL.HYBRID_FUSION};
                       ${COHERE.HYBRID_FUSION} when COHERE_API_KEY is set)
  --rerank R           none | cohere | mmr | rrf (default none)
  --threshold T        drop results scoring below T (0..1)
  --diversity D        pages | none: a chunk next to one shown yields to a new page (default pages)
  --chapter X          only this chapter
  --module X           only this module
  --section X          only this section
  --tags a,b           chunks carrying any of these tags
  --filter JSON        filter DSL, e.g. '{"module":"01-ros2","not":{"chapter":"ros2"}}'
  --json               print the Worker's JSON document
  --context            print the context block for an LLM prompt
  -v, --verbose        add timing breakdown, cache status, filters and confidence
  --url URL            query a running Worker (e.g. http://127.0.0.1:8787) instead of in-process;
                       RETRIEVER_API_KEY (environment or .dev.vars) is sent as its API key
  --index FILE         embedded index file (default: the book's own, generated/indexes/<book>.bin);
                       not with QDRANT_URL set, which searches Qdrant instead

Validation options (--validate FILE):
  --k N                hit@k cut-off for queries without their own k (default 5);
                       each query retrieves max(N, 5) results so P@5 and nDCG@5 are defined
  --min-p3 X           required mean P@3 (default 0.7; the report says when a book's pages are
                       too short to reach it)
  --min-hit-rate X     required hit rate (default 0.8)
  --min-metadata X     required metadata integrity, 0..1 (default 1)
  --no-results-below S an expect_no_results query also passes when every score is below S
  --compare            run the set once per run spec and print the metrics side by side
  --runs LIST          run specs for --compare, comma-separated, each MODE[:FUSION][+RERANK]
                       (default keyword,semantic,hybrid,hybrid:rrf,semantic+mmr)
  --json               print the report(s) as JSON
  (--mode, --fusion, --rerank, --threshold, --diversity and the filters apply to every query)

Vocabulary gaps (--gaps FILE): FILE holds questions, one per line, a query set (queries.json),
or the Worker's request log lines with LOG_QUERIES=true (wrangler tail --format json, or one
JSON line per request). Lists
the words they use that no chunk of the book does (the Qdrant collection's recorded vocabulary
when QDRANT_URL is set, else the embedded index's), most used first, with examples: candidates
for synonyms.txt (docs/writing-synonyms.md). --json lists every word.

Configuration: the same variables as the Worker (COHERE_API_KEY, QDRANT_URL, QDRANT_API_KEY,
QDRANT_COLLECTION, SEARCH_MODE, …), read from the environment over .dev.vars. With no keys the
embedded default (bundled index + local embedder) answers, like the Worker.

Exit codes:
  0  success (results found; validation PASS)
  1  no results; validation FAIL (with --compare: any run FAILs)
  2  configuration or usage error (names the variables or flags at fault)
  3  connection error (Cohere, Qdrant or the --url Worker unreachable, or its rate limit reached)
  4  unexpected error (a bug, never reported as "no results"; please report it)`;

/** What the command line asks for. */
export interface RetrieveArgs {
  help: boolean;
  query: string | null;
  /** Raw search parameters, as the Worker's query string would carry them. */
  params: Record<string, string>;
  json: boolean;
  context: boolean;
  verbose: boolean;
  url: string | null;
  index: string | null;
  validate: string | null;
  /** `--gaps FILE`: questions (or log lines) to list the book's missing words from. */
  gaps: string | null;
  k: number;
  criteria: { minP3?: number; minHitRate?: number; minMetadata?: number };
  noResultsBelow: number | undefined;
  compare: boolean;
  runs: string[] | null;
}

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  'top-k': { type: 'string', short: 'k' },
  k: { type: 'string' },
  mode: { type: 'string' },
  fusion: { type: 'string' },
  rerank: { type: 'string' },
  threshold: { type: 'string' },
  diversity: { type: 'string' },
  chapter: { type: 'string' },
  module: { type: 'string' },
  section: { type: 'string' },
  tags: { type: 'string' },
  filter: { type: 'string' },
  json: { type: 'boolean' },
  context: { type: 'boolean' },
  verbose: { type: 'boolean', short: 'v' },
  url: { type: 'string' },
  index: { type: 'string' },
  validate: { type: 'string' },
  gaps: { type: 'string' },
  'min-p3': { type: 'string' },
  'min-hit-rate': { type: 'string' },
  'min-metadata': { type: 'string' },
  'no-results-below': { type: 'string' },
  compare: { type: 'boolean' },
  runs: { type: 'string' },
} as const;

/** Search parameters passed through as given; core validates them (same messages as the Worker). */
const PASS_THROUGH = ['mode', 'fusion', 'rerank', 'threshold', 'diversity', 'chapter', 'module', 'section', 'tags', 'filter'] as const;

/**
 * Parses argv (without `node` and the script). Throws a usage error (`invalid_request`, exit 2).
 *
 * @example
 * parseRetrieveArgs(['What is a topic?', '-k', '3', '--mode', 'hybrid']).params; // { k: '3', mode: 'hybrid' }
 */
export function parseRetrieveArgs(argv: readonly string[]): RetrieveArgs {
  const { values: v, positionals } = parseFlags({ args: joinNegativeValues(argv, OPTIONS), options: OPTIONS, allowPositionals: true });
  const query = positionals.length ? positionals.join(' ').trim() : null;
  const topK = v['top-k'] ?? v.k;
  if (v['top-k'] !== undefined && v.k !== undefined && v['top-k'] !== v.k) throw usageError('give either --top-k or --k, not both');

  const params: Record<string, string> = {};
  // Named as the reader typed it: `--k 0` is not a mistake in "--top-k".
  const kFlag = v['top-k'] !== undefined ? '--top-k' : '--k';
  if (topK !== undefined) params.k = String(positiveInt(kFlag, topK));
  for (const name of PASS_THROUGH) {
    const value = v[name];
    if (value !== undefined) params[name] = value;
  }

  const args: RetrieveArgs = {
    help: v.help === true,
    query,
    params,
    json: v.json === true,
    context: v.context === true,
    verbose: v.verbose === true,
    url: v.url ?? null,
    index: v.index ?? null,
    validate: v.validate ?? null,
    gaps: v.gaps ?? null,
    k: topK === undefined ? 5 : positiveInt(kFlag, topK),
    criteria: {
      ...optionalFraction('--min-p3', v['min-p3'], 'minP3'),
      ...optionalFraction('--min-hit-rate', v['min-hit-rate'], 'minHitRate'),
      ...optionalFraction('--min-metadata', v['min-metadata'], 'minMetadata'),
    },
    noResultsBelow: v['no-results-below'] === undefined ? undefined : finite('--no-results-below', v['no-results-below']),
    compare: v.compare === true,
    runs: v.runs === undefined ? null : v.runs.split(',').map((s) => s.trim()).filter(Boolean),
  };
  if (args.help) return args;
  checkCombinations(args);
  return args;
}

function checkCombinations(args: RetrieveArgs): void {
  if (args.json && args.context) throw usageError('--json and --context are exclusive');
  if (args.gaps !== null) {
    if (args.query !== null || args.validate !== null || args.url !== null || args.context || args.compare || args.runs !== null || args.noResultsBelow !== undefined || Object.keys(args.criteria).length || Object.keys(args.params).length) {
      throw usageError('--gaps takes a questions file (and --index FILE, --json); it takes no query, search option, --validate or --url');
    }
    return;
  }
  if (args.validate !== null) {
    if (args.query !== null) throw usageError(`--validate takes a query set file, not a query (got "${args.query}")`);
    if (args.context) throw usageError('--context does not apply to --validate');
  } else {
    if (args.query === null) throw usageError('give a query, e.g. retrieve "What is a ROS 2 topic?", or --validate <queries.json>');
    if (args.compare || args.runs !== null || args.noResultsBelow !== undefined || Object.keys(args.criteria).length) {
      throw usageError('--compare, --runs, --min-* and --no-results-below need --validate <queries.json>');
    }
  }
  if (args.runs !== null && !args.compare) throw usageError('--runs needs --compare');
  if (args.runs !== null && args.runs.length === 0) throw usageError('--runs needs at least one run spec');
  if (args.url !== null) {
    let url: URL;
    try {
      url = new URL(args.url);
    } catch {
      throw usageError(`--url must be an http(s) URL, got "${args.url}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`--url must be an http(s) URL, got "${args.url}"`);
    if (args.index !== null) throw usageError('--index applies to in-process search, not to --url');
  }
}

function positiveInt(flag: string, value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < 1) throw usageError(`${flag} must be a positive integer, got "${value}"`);
  return n;
}

function finite(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw usageError(`${flag} must be a number, got "${value}"`);
  return n;
}

function optionalFraction<K extends string>(flag: string, value: string | undefined, key: K): Partial<Record<K, number>> {
  if (value === undefined) return {};
  const n = finite(flag, value);
  if (n < 0 || n > 1) throw usageError(`${flag} must be in [0, 1], got "${value}"`);
  return { [key]: n } as Partial<Record<K, number>>;
}
