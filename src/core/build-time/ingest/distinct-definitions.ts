/**
 * The book-wide pass over what chunks define (defined-terms.ts reads one chunk): a term that many
 * chunks define only as a list item is an option list's word, not a glossary's term. Run once over a
 * whole book after chunking, since the count is a property of the book, not of one file.
 */
import { analyzeText } from '../../common/bm25/index';
import { termKey } from '../../query/search/definition-query';
import { definitionsIn } from './defined-terms';
import type { Chunk } from './types';

/**
 * A term that more chunks than this define only as a list item (`- **Channel**: …`, no "is" or
 * "called") is not defined by those chunks. A glossary lists a term once; a manual's option lists
 * (`- **Channel**: …`, `**Note:**`, `**Function:** name`) list the same common word in dozens of
 * chunks, and the definition prior (×1.3) then favours any of them. Sentences that define a term
 * (`An **action** is …`, `Actions are …`) are kept however many there are: a textbook defines its
 * central terms in several chapters. Measured over fourteen sets (thirteen manuals and the Linux
 * book, docs/retrieval-quality.md): default MRR .721 → .722 at 1–5 (GIMP .675 → .688, KiCad .539 →
 * .545, no set lower, the sample book's index unchanged), .721 at 10.
 */
export const MAX_DEFINING_CHUNKS = 3;

/**
 * The terms of `defines` that only list items define in this chunk (`- **Channel**: …`), never a
 * sentence (`A **channel** is …`, `… is called a channel`, `Channels are …`).
 *
 * @example
 * listedOnly('- **Channel**: the colour component.\nA **mask** is a grey image.', ['channel', 'mask']); // ['channel']
 */
export function listedOnly(content: string, defines: readonly string[]): string[] {
  const found = definitionsIn(content);
  const worded = new Set(found.filter((d) => !d.listed).map((d) => termKey(analyzeText(d.phrase))));
  const listed = new Set(found.filter((d) => d.listed).map((d) => termKey(analyzeText(d.phrase))));
  return defines.filter((term) => listed.has(term) && !worded.has(term));
}

/**
 * The chunks with each term that more than {@link MAX_DEFINING_CHUNKS} of them define only as a list
 * item taken out of those chunks' `defines` (a chunk that also defines it in a sentence keeps it;
 * chunks that lose nothing are returned as they are). Run once over a whole book, after chunking:
 * the count is a property of the book, not of one file.
 *
 * @example
 * keepDistinctDefinitions(manualChunks); // "channel" kept only where a sentence defines it, if 4+ chunks list it
 */
export function keepDistinctDefinitions(chunks: readonly Chunk[], max = MAX_DEFINING_CHUNKS): Chunk[] {
  const listedBy = chunks.map((chunk) => new Set(listedOnly(chunk.payload.content, chunk.payload.defines)));
  const defining = new Map<string, number>();
  for (const listed of listedBy) for (const term of listed) defining.set(term, (defining.get(term) ?? 0) + 1);
  return chunks.map((chunk, i) => {
    const kept = chunk.payload.defines.filter((term) => !listedBy[i]!.has(term) || (defining.get(term) ?? 0) <= max);
    return kept.length === chunk.payload.defines.length ? chunk : { ...chunk, payload: { ...chunk.payload, defines: kept } };
  });
}
