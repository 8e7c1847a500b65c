/**
 * Where each heading after a chunk's start lies in its `content`, with its text and `#anchor`. A
 * chunk is labelled by the section where its text starts, but a short section runs on into the next
 * one, and the sentence a search highlights can lie under a later heading; the Worker then names and
 * links THAT heading (query/search/highlight-heading.ts). Only ingest knows the anchors (a repeated
 * heading's `-1`, a `{#custom-id}`), so they are stored with the chunk.
 */
import { cleanChunkText } from './clean-chunk-text';
import type { Piece, Section } from './collect-pieces';
import type { LaterHeading } from './types';

// Put where each later heading's text begins, so the cleaned text says where the heading's line
// went (cleaning drops and joins lines, so source offsets do not carry over). A control character
// no book writes; a chunk whose source holds one keeps no later headings.
const MARK = '\u0001';
const ATX_OPENING = /^#{1,6}[ \t]+/;

/**
 * The later headings of one chunk, in order: `[offset of the heading's line in content, heading
 * text, anchor]`, the anchor `''` for the top of the page (an H1, or a heading with no slug), as
 * `section_url` links an H1's chunk. Undefined when there are none, or when the marked text does not
 * clean to `content` exactly (then no offset could be trusted). `source` is the chunk's source text
 * (`text.slice(sliceStart, …)`) before {@link cleanChunkText}; `pieces` its planned pieces.
 *
 * @example
 * // '## Via Size\n\nVias are drilled.\n\n## Track Width\n\nWide tracks carry current.'
 * laterHeadings(source, 0, pieces, sections, content); // [[32, 'Track Width', 'track-width']]
 */
export function laterHeadings(source: string, sliceStart: number, pieces: readonly Piece[], sections: readonly Section[], content: string): LaterHeading[] | undefined {
  const firstText = pieces.findIndex((piece) => piece.kind !== 'heading');
  if (firstText < 0) return undefined;
  const later = pieces.slice(firstText + 1).filter((piece) => piece.kind === 'heading' && sections[piece.section]!.headings.at(-1));
  if (later.length === 0 || source.includes(MARK)) return undefined;
  let marked = '';
  let from = 0;
  for (const piece of later) {
    const at = piece.start - sliceStart;
    const opening = ATX_OPENING.exec(source.slice(at, piece.end - sliceStart))?.[0].length ?? 0;
    marked += source.slice(from, at + opening) + MARK;
    from = at + opening;
  }
  const parts = cleanChunkText((marked + source.slice(from)).replace(/\r\n?/g, '\n')).split(MARK);
  if (parts.length !== later.length + 1 || parts.join('') !== content) return undefined;
  let text = parts[0]!;
  return later.map((piece, i) => {
    const offset = text.lastIndexOf('\n') + 1;
    text += parts[i + 1]!;
    const section = sections[piece.section]!;
    return [offset, section.headings.at(-1)!, section.anchor && section.depth >= 2 ? section.anchor : ''];
  });
}
