import { readDocs } from '../src/cli/ingest/read-docs';
import { inProcessSearcher } from '../src/cli/retrieve/run-query';
import { loadBookQueries, pageKeyOf } from './quality/book-queries';
import { buildWindowIndex, searchWindows } from './quality/bm25-windows';
import { buildTempIndex } from './quality/temp-index';
const [docs, qfile, ids, runsArg] = process.argv.slice(2);
const index = await buildTempIndex(docs!);
const { files } = await readDocs(docs!);
const windows = buildWindowIndex(files);
const want = new Set(ids!.split(','));
const runs = (runsArg ?? 'keyword').split(',');
for (const q of loadBookQueries(qfile!).filter((q) => want.has(q.id))) {
  console.log(`\n== ${q.id} ${q.query}  → ${q.expected.join(',')}`);
  console.log('  bm25w:', searchWindows(windows, q.query, 5).join(' | '));
  for (const run of runs) {
    const s = inProcessSearcher({ env: {}, indexPath: index.path });
    const params: Record<string,string> = run === 'default' ? {} : { mode: run };
    const doc = await s.search({ ...params, q: q.query, k: 6 });
    console.log(`  ${run}:`);
    for (const r of doc.results as any[]) console.log(`    ${r.score?.toFixed?.(3)} ${pageKeyOf(String(r.metadata?.file_path ?? r.file_path))} § ${r.metadata?.section ?? r.section} [${(r.text ?? r.metadata?.text ?? '').length}ch]`);
  }
}
index.dispose();
