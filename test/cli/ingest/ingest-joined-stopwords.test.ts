/**
 * Stopwords joined by hyphens (chess's O-O and O-O-O) are indexed at ingest and asked for by the
 * search: a question made of nothing else finds the pages that write it, in every mode that reads
 * words, rated by its results rather than said to have "no informative word".
 */
import { describe, expect, it } from 'vitest';
import { bm25Vectors } from '../../../src/cli/ingest/embed-documents';
import { inProcessSearcher } from '../../../src/cli/retrieve/run-query';
import { tokenId } from '../../../src/core/common/bm25/index';
import type { Highlight } from '../../../src/core/query/search/highlight';
import { indexedPages } from './ingest-harness';

const PAGES: Record<string, string> = {
  'castling.md': '# Castling\n\nThe king moves two squares towards a rook and the rook jumps over it. Castling on the queenside is written O-O-O; on the kingside it is written O-O.\n',
  'notation.md': '# Notation\n\nA move is the piece letter and the square: Nf3 puts a knight on f3, exd5 is a pawn capture.\n',
  'pieces.md': '# Pieces\n\nThe queen moves along files, ranks and diagonals; the knight jumps in an L shape.\n',
  'endgames.md': '# Endgames\n\nIn the endgame the king walks to the centre and the pawns race to promote.\n',
};

const indexPath = indexedPages('joined-', PAGES);
const fileOf = (result: { metadata?: Record<string, unknown>; file_path?: unknown } | undefined): string => String(result?.metadata?.file_path ?? result?.file_path);

describe('stopwords joined by hyphens', () => {
  it('are in the BM25 vectors ingest writes, whole, but not among the book\u2019s words', () => {
    const { vectors, stems } = bm25Vectors(['Castle long (O-O-O) or short (O-O).', 'o is a letter']);
    expect(vectors[0]!.indices).toEqual(expect.arrayContaining([tokenId('o-o-o'), tokenId('o-o')]));
    expect(vectors[1]!.indices).not.toContain(tokenId('o-o'));
    expect(stems).not.toContain('o-o');
  });

  it.each(['hybrid', 'keyword'] as const)('find the page that writes "O-O-O" (%s), rated by the results, with the run highlighted', async (mode) => {
    const searcher = inProcessSearcher({ env: {}, indexPath: indexPath() });
    const doc = await searcher.search({ q: 'O-O-O', k: 3, mode });
    expect(fileOf(doc.results[0])).toMatch(/castling\.md$/);
    expect(doc.summary.warnings?.map((w: { code: string }) => w.code) ?? []).not.toContain('no_match');
    expect((doc.summary.confidence as { low_confidence: boolean }).low_confidence).toBe(false);
    const highlight = doc.results[0]?.highlight as Highlight | null | undefined;
    expect(highlight?.text).toContain('O-O-O');
    expect(highlight?.terms).toContain('o-o-o');
  });

  it('leave a book that never writes the run as before: nothing found, no informative word', async () => {
    const searcher = inProcessSearcher({ env: {}, indexPath: indexPath() });
    const doc = await searcher.search({ q: 'on-off', k: 3, mode: 'hybrid' });
    expect(doc.results).toEqual([]);
    expect(doc.summary.warnings?.map((w: { code: string }) => w.code)).toContain('no_match');
  });
});
