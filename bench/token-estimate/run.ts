/**
 * `npm run bench:tokens [-- --book DOCS_DIR …]`: how far the ingester's token estimate
 * (src/core/build-time/ingest/estimate-tokens.ts) is from a real BPE tokenizer, cl100k_base (the
 * closest public proxy for Cohere's), on the chunks ingest makes of real books. Without `--book`:
 * the sample book, then every book `sh bench/held-out/fetch.sh` built under .held-out/.
 *
 * Per book and per group (the sample book; all the others): the mean absolute error |est − real| /
 * real, the spread of real / est (median, 5th and 95th percentile, extremes), and the chunks the
 * estimate keeps within 500 (the default `maxTokens`) that hold more than 512 real tokens (Cohere
 * embeds ~512 and drops the rest), with the largest of those chunks.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getEncoding } from 'js-tiktoken';
import { collectChunks } from '../../src/cli/ingest/collect-chunks';
import { estimateTokens } from '../../src/core/build-time/ingest/estimate-tokens';
import { DEFAULT_CHUNK_OPTIONS } from '../../src/core/build-time/ingest/chunk-options';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EMBED_WINDOW = 512;

interface Pair {
  estimated: number;
  real: number;
}

function booksToMeasure(argv: readonly string[]): string[] {
  const given = argv.flatMap((arg, i) => (argv[i - 1] === '--book' ? [resolve(arg)] : []));
  if (given.length > 0) return given;
  const heldOut = resolve(ROOT, '.held-out');
  const fetched = existsSync(heldOut) ? readdirSync(heldOut).map((name) => resolve(heldOut, name, 'docs')).filter((dir) => existsSync(dir)) : [];
  return [resolve(ROOT, 'sample-book/docs'), ...fetched];
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function summary(name: string, pairs: readonly Pair[]): string {
  const error = pairs.reduce((sum, p) => sum + Math.abs(p.estimated - p.real) / p.real, 0) / pairs.length;
  const ratios = pairs.map((p) => p.real / p.estimated).sort((a, b) => a - b);
  const kept = pairs.filter((p) => p.estimated <= DEFAULT_CHUNK_OPTIONS.maxTokens);
  const over = kept.filter((p) => p.real > EMBED_WINDOW).length;
  const largest = Math.max(...kept.map((p) => p.real));
  const r = (x: number): string => x.toFixed(2);
  return [
    name.padEnd(28),
    String(pairs.length).padStart(6),
    `${(100 * error).toFixed(1)} %`.padStart(8),
    `${r(quantile(ratios, 0.5))}  ${r(quantile(ratios, 0.05))}–${r(quantile(ratios, 0.95))}  ${r(ratios[0]!)}–${r(ratios.at(-1)!)}`.padEnd(28),
    `${over} (largest ${largest})`,
  ].join('  ');
}

const enc = getEncoding('cl100k_base');
const books = booksToMeasure(process.argv.slice(2));
const sample = resolve(ROOT, 'sample-book/docs');
const groups: { sample: Pair[]; others: Pair[] } = { sample: [], others: [] };
console.log(`Token estimate against cl100k_base, per chunk ingest makes (default sizes)\n`);
console.log(['book'.padEnd(28), 'chunks', 'abs err'.padStart(8), 'real/est: median, p5–p95, extremes'.padEnd(28), `est ≤ ${DEFAULT_CHUNK_OPTIONS.maxTokens}, real > ${EMBED_WINDOW}`].join('  '));
for (const docs of books) {
  const { chunks } = await collectChunks(docs, { baseUrl: '', routeBasePath: '/docs' });
  const pairs = chunks.map(({ payload }) => ({ estimated: estimateTokens(payload.content), real: enc.encode(payload.content).length }));
  (docs === sample ? groups.sample : groups.others).push(...pairs);
  console.log(summary(docs === sample ? 'sample book' : (docs.split('/').at(-2) ?? docs), pairs));
}
console.log('');
if (groups.sample.length > 0) console.log(summary('the sample book', groups.sample));
if (groups.others.length > 0) console.log(summary(`the other ${books.length - (groups.sample.length > 0 ? 1 : 0)} books`, groups.others));
