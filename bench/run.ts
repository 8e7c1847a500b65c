/**
 * `npm run bench`: performance and quality figures, each printed as a ratio against a baseline
 * measured in the same run (absolute numbers vary by machine; ratios and counts do not).
 * Nothing here asserts a timing; budgets are reported for a human (and CI logs) to read.
 */
import { measureBundle, CODE_BUDGET_KIB } from '../scripts/size';
import { benchEmbeddedScale } from './embedded-scale';
import { measureBook, sampleBookSets } from './book-quality';
import { BASELINE_RUN } from './quality/run-spec';
import { formatMeans, type SetRow } from './quality/across-books';
import { heldOutBooks, ratiosToBaseline } from './quality/held-out-books';
import { printHotPath } from './hot-path-run';
import { DEFAULT_QUALITY_RUNS, runRetrievalQuality } from './retrieval-quality';
import { benchWorkerRequests } from './worker-requests';

const fmt = (x: number, digits = 2) => x.toFixed(digits);

async function main(): Promise<void> {
  console.log('== bundle (wrangler deploy --dry-run, gzip)');
  const files = measureBundle('dist/size');
  const code = files.filter((f) => f.file.endsWith('.js')).reduce((s, f) => s + f.gzipKiB, 0);
  const data = files.filter((f) => f.file.endsWith('.bin')).reduce((s, f) => s + f.gzipKiB, 0);
  console.log(`worker code ${fmt(code, 1)} KiB = ${fmt(code / CODE_BUDGET_KIB)} × budget (${CODE_BUDGET_KIB} KiB); embedded index ${fmt(data, 1)} KiB`);

  console.log('\n== upstream round trips and per-request time (Worker bundle in workerd, fake Cohere + Qdrant on loopback)');
  const requests = await benchWorkerRequests('dist/size');
  console.log(`baseline: trivial request ${fmt(requests.trivialMs)} ms`);
  console.log(`${'scenario'.padEnd(28)}${'cache miss'.padEnd(24)}${'cache hit'.padEnd(24)}warm time / baseline`);
  for (const row of requests.rows) {
    console.log(`${row.scenario.padEnd(28)}${row.missCalls.padEnd(24)}${row.hitCalls.padEnd(24)}${fmt(row.warmMs / requests.trivialMs)}×`);
  }
  const { batch } = requests;
  console.log(`POST /search/batch, ${batch.queries} hybrid queries: cache miss ${batch.missCalls}, hit ${batch.hitCalls}; warm time ${fmt(batch.batchMs / batch.singlesMs)}× ${batch.queries} single searches (${fmt(batch.batchMs)} vs ${fmt(batch.singlesMs)} ms)`);
  console.log('');
  await printHotPath('dist/size', 'dist/remote');

  console.log('\n== embedded default (bundled sample book, LSA embedder)');
  console.log(`baseline: trivial request ${fmt(requests.embeddedTrivial)} ms`);
  for (const [mode, ms] of Object.entries(requests.warmEmbedded)) console.log(`warm ${mode.padEnd(10)} ${fmt(ms / requests.embeddedTrivial)}× baseline (${fmt(ms)} ms)`);
  const warmSemantic = requests.warmEmbedded.semantic ?? 1;
  console.log(`cold first search (decode index, build vocab map) ${fmt(requests.coldEmbeddedMs / warmSemantic)}× a warm search (${fmt(requests.coldEmbeddedMs)} ms)`);
  if (requests.cpu) {
    // CPU, not wall time: what Workers limits (10 ms a request on Workers Free) and bills.
    const { cpu } = requests;
    console.log(`workerd CPU per request (all threads, /proc), baseline: trivial request ${fmt(cpu.trivialMs)} ms`);
    for (const [mode, ms] of Object.entries(cpu.searchMs)) console.log(`  warm ${mode.padEnd(10)} ${fmt(ms / cpu.trivialMs)}× baseline (${fmt(ms)} ms; the sample book's questions, once each)`);
    console.log(`  cold first search ${fmt(cpu.coldMs / cpu.trivialMs)}× baseline (${fmt(cpu.coldMs)} ms: index decode, JIT); Workers Free allows 10 ms of CPU a request`);
  } else console.log('workerd CPU per request: not readable here (needs Linux /proc)');

  console.log('\n== embedded store at scale (workerd, brute force)');
  const scale = await benchEmbeddedScale();
  console.log(`${scale.n} points × ${scale.dims} dims (${fmt(scale.indexMiB, 1)} MiB index)`);
  console.log(`baseline: naive score-all-and-sort ${fmt(scale.naiveMs)} ms/query`);
  console.log(`store (top-k heap) ${fmt(scale.storeMs / scale.naiveMs)}× baseline (${fmt(scale.storeMs)} ms/query; goal < 20 ms)`);
  console.log(`index decode ${fmt(scale.decodeMs, 3)} ms once per isolate (header parse, int8 dense rows to unit float32 rows, typed-array views) = ${fmt(scale.decodeMs / scale.naiveMs, 3)}× one baseline query`);

  console.log('\n== retrieval quality on sample-book/queries.json (embedded default; ratios vs keyword in this run)');
  const quality = await runRetrievalQuality({ runs: DEFAULT_QUALITY_RUNS });
  console.log(quality.text);
  if (quality.regressions.length) process.exitCode = 1;

  console.log('\n== book quality: sample book, old and student sets, index rebuilt from the docs (ratios vs BM25 over 250-word windows in this run)');
  console.log('   any book: npm run bench:quality -- --docs DIR --queries FILE [--subset FROM..TO] [-v]');
  console.log((await measureBook({ docsDir: 'sample-book/docs', sets: sampleBookSets() })).text);

  // The goal that matters most: ahead of BM25 windows on books nobody tuned for. They are built from
  // Debian packages, so they are measured only where `sh bench/held-out/fetch.sh` has built them.
  console.log('\n== held-out books: the default on books nobody tuned for (ratios vs BM25 over 250-word windows in this run)');
  const books = heldOutBooks(process.cwd());
  if (books.length === 0) {
    console.log('   none built here: sh bench/held-out/fetch.sh builds them from Debian packages (bench/held-out/README.md)');
    return;
  }
  const rows: SetRow[] = [];
  for (const book of books) rows.push(...(await measureBook({ docsDir: book.docs, sets: [{ name: book.name, path: book.queries }], runs: ['default'] })).rows);
  console.log(formatMeans(rows));
  for (const line of ratiosToBaseline(rows, BASELINE_RUN)) console.log(line);
}

await main();
