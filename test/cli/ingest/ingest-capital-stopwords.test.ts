/**
 * Stopwords written in capitals (SQL's WHERE and HAVING) are indexed at ingest and asked for by the
 * search: a question whose names are all English stopwords finds the page that explains them.
 */
import { describe, expect, it } from 'vitest';
import { bm25Vectors } from '../../../src/cli/ingest/embed-documents';
import { inProcessSearcher } from '../../../src/cli/retrieve/run-query';
import { tokenId } from '../../../src/core/common/bm25/index';
import { indexedPages } from './ingest-harness';

const PAGES: Record<string, string> = {
  'aggregates.md': '# Aggregates\n\nWHERE selects input rows before groups are formed; HAVING selects group rows after the aggregates are computed, so only HAVING may use max or count.\n',
  'views.md': '# Views\n\nThe difference between a view and a table: a view stores a query, not rows. Another difference: a view cannot hold an index. The difference matters for speed.\n',
  'joins.md': '# Joins\n\nAn inner join keeps the rows that match in both tables; a left join also keeps unmatched rows of the first table.\n',
  'indexes.md': '# Indexes\n\nAn index speeds up lookups on one column at the cost of slower writes.\n',
};

const indexPath = indexedPages('capitals-', PAGES);

describe('stopwords written in capitals', () => {
  it('are in the BM25 vectors ingest writes, but not among the book\u2019s words', () => {
    const { vectors, stems } = bm25Vectors(['Filter groups with HAVING, not with WHERE.', 'where is the file']);
    expect(vectors[0]!.indices).toEqual(expect.arrayContaining([tokenId('have'), tokenId('where')]));
    expect(vectors[1]!.indices).not.toContain(tokenId('where'));
    expect(stems).not.toContain('where');
  });

  it('find the page that explains WHERE and HAVING first in keyword mode', async () => {
    const searcher = inProcessSearcher({ env: {}, indexPath: indexPath() });
    const doc = await searcher.search({ q: 'what is the difference between WHERE and HAVING', k: 3, mode: 'keyword' });
    expect(String(doc.results[0]?.metadata?.file_path ?? doc.results[0]?.file_path)).toMatch(/aggregates\.md$/);
    // Written as prose, the same words are function words: the page about differences comes first.
    const prose = await searcher.search({ q: 'what is the difference between where and having', k: 3, mode: 'keyword' });
    expect(String(prose.results[0]?.metadata?.file_path ?? prose.results[0]?.file_path)).toMatch(/views\.md$/);
  });
});
