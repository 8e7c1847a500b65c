import { resolve } from 'node:path';
import { inProcessSearcher } from '../src/cli/retrieve/run-query';
import { buildTempIndex } from './quality/temp-index';
const [docs, ...qs] = process.argv.slice(2);
const index = await buildTempIndex(resolve(docs!));
const searcher = inProcessSearcher({ env: {}, indexPath: index.path });
for (const q of qs) {
  const doc: any = await searcher.search({ q, k: 8 });
  console.log('\n##', q, JSON.stringify(doc.summary?.confidence), JSON.stringify(doc.summary?.read_as ?? ''));
  for (const r of doc.results) console.log(' ', (r.score ?? 0).toFixed(4), r.metadata?.file_path ?? r.file_path, '|', r.metadata?.section ?? r.section, '|', String(r.text ?? r.metadata?.text ?? '').slice(0, 80).replace(/\n/g, ' '));
}
index.dispose();
