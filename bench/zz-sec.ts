import { readFileSync } from 'node:fs';
import { inProcessSearcher } from '../src/cli/retrieve/run-query';
const labels = JSON.parse(readFileSync('/tmp/sec/labels.json', 'utf8')) as Record<string, string[]>;
const qs = JSON.parse(readFileSync('sample-book/student-queries.json', 'utf8')) as { id: string; query: string; expected?: { file_paths: string[] } }[];
const index = process.env.ZZ_INDEX ?? 'generated/indexes/sample-book-docs.bin';
for (const mode of (process.env.ZZ_MODES ?? 'default').split(',')) {
  const s = inProcessSearcher({ env: {}, indexPath: index });
  let h1 = 0, h3 = 0, rr = 0, n = 0; let p1 = 0, p3 = 0, prr = 0; const miss: string[] = [];
  for (const q of qs) {
    const want = labels[q.id]; if (!want || !q.expected) continue; n++;
    const doc = await s.search({ q: q.query, k: 10, ...(mode === 'default' ? {} : mode === 'rrf' ? { mode: 'hybrid', fusion: 'rrf' } : { mode }) } as never);
    const pages = q.expected.file_paths;
    const rank = doc.results.findIndex((r: any) => pages.includes(r.metadata.file_path) && (r.metadata.heading_trail as string[]).some((h) => want.includes(h))) + 1;
    const prank = doc.results.findIndex((r: any) => pages.includes(r.metadata.file_path)) + 1;
    if (rank === 1) h1++; if (rank >= 1 && rank <= 3) h3++; if (rank) rr += 1 / rank;
    if (prank === 1) p1++; if (prank >= 1 && prank <= 3) p3++; if (prank) prr += 1 / prank;
    if (rank !== 1) miss.push(`${q.id} sec ${rank || '-'} page ${prank || '-'} | ${doc.results.slice(0, 3).map((r: any) => r.section).join(' / ')}`);
  }
  console.log(`${mode}: n ${n} passage ${(h1 / n).toFixed(3)} / ${(h3 / n).toFixed(3)} / ${(rr / n).toFixed(3)}   page ${(p1 / n).toFixed(3)} / ${(p3 / n).toFixed(3)} / ${(prr / n).toFixed(3)}`);
  if (process.env.ZZ_V) console.log(miss.join('\n'));
}
