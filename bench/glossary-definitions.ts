/**
 * `npx tsx bench/glossary-definitions.ts BOOK_DIR…` (each a folder holding `docs/`, or a docs folder):
 * every term of each book's glossary page (`glossary.md`/`.mdx` at the docs root) asked as "What is
 * *Term*?" of the embedded default, and how often the first result (or one of the top 3) is a chunk
 * whose `defines` holds the term — a definition, not a passing mention. Labelled questions hold few
 * definition questions; this measures the definition prior on hundreds (docs/retrieval-quality.md,
 * Round 88). It rewards any defining chunk, the glossary's or a chapter's, so read it beside the
 * labelled sets, never alone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { inProcessSearcher } from '../src/cli/retrieve/run-query';
import { analyzeText } from '../src/core/common/bm25/index';
import { glossaryTerms } from './quality/glossary-terms';
import { buildTempIndex } from './quality/temp-index';

const DEPTH = 10;

/** Rank (1-based) of the first result that defines `key`, or 0 when none of the top {@link DEPTH} does. */
function definingRank(results: readonly { metadata?: Record<string, unknown> }[], key: string): number {
  const at = results.findIndex((r) => Array.isArray(r.metadata?.defines) && (r.metadata!.defines as unknown[]).includes(key));
  return at + 1;
}

const books = process.argv.slice(2);
if (books.length === 0) {
  console.error('usage: npx tsx bench/glossary-definitions.ts BOOK_DIR…');
  process.exit(2);
}
let asked = 0;
let first = 0;
let top3 = 0;
let reciprocal = 0;
for (const book of books) {
  const docs = existsSync(join(book, 'docs')) ? resolve(book, 'docs') : resolve(book);
  const page = readdirSync(docs).find((file) => /^glossary\.mdx?$/i.test(file));
  if (!page) continue;
  const index = await buildTempIndex(docs);
  try {
    const searcher = inProcessSearcher({ env: {}, indexPath: index.path });
    let bookFirst = 0;
    let bookAsked = 0;
    for (const term of glossaryTerms(readFileSync(join(docs, page), 'utf8'))) {
      // The key `defines` holds for a term (its stems, space-joined), as ingest writes it.
      const key = analyzeText(term).join(' ');
      if (!key) continue;
      const doc = await searcher.search({ q: `What is ${term}?`, k: DEPTH });
      const rank = definingRank(doc.results as { metadata?: Record<string, unknown> }[], key);
      bookAsked++;
      if (rank === 1) bookFirst++;
      if (rank >= 1 && rank <= 3) top3++;
      if (rank > 0) reciprocal += 1 / rank;
    }
    asked += bookAsked;
    first += bookFirst;
    console.log(`${basename(resolve(book))}: ${bookFirst}/${bookAsked} first`);
  } finally {
    index.dispose();
  }
}
const share = (n: number): string => (asked ? n / asked : 0).toFixed(3);
console.log(`\n${asked} glossary terms: defining chunk first ${share(first)}, in the top 3 ${share(top3)}, MRR ${share(reciprocal)}`);
process.exit(0);
