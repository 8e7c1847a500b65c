import type { Piece, Section } from './collect-pieces';
import type { ChunkOptions } from './types';

/** A planned chunk: a run of consecutive pieces (the first ones may repeat the previous chunk's tail). */
export interface PlannedChunk {
  pieces: Piece[];
  /** How many leading pieces are overlap carried from the previous chunk. */
  overlap: number;
}

const sum = (pieces: readonly Piece[]): number => pieces.reduce((n, p) => n + p.tokens, 0);

/**
 * Own text (headings aside) a section needs to stand as its own chunk. Measured with
 * bench:quality: splitting at every heading with any text raised hit@3 but cost MRR on a real
 * book (0.742 → 0.702, tiny one-line sections); 30 kept the hit@3 gain in part and the MRR
 * (0.745); 50 lost both.
 */
const MIN_OWN_TEXT_TOKENS = 30;

/**
 * Cut pieces into chunks along the heading structure:
 * 1. every heading starts a section; a section under `minTokens` absorbs the sections after it
 *    while they sit under the same parent heading (its siblings or its own sub-sections) and
 *    the group is still under `minTokens`; one with nothing after it to absorb (a closing "See
 *    also") joins the group before it instead;
 * 2. each group is packed greedily up to `targetTokens` (evened out across the group's chunks),
 *    whole blocks first, sentence by sentence only for a paragraph too big for a chunk; a code
 *    block / table is never cut (alone it may exceed `maxTokens`); a heading is never left at the
 *    end of a chunk, and a short lead-in (< `minTokens`) stays with what follows if ≤ `maxTokens`;
 * 3. consecutive chunks of a group share ~`overlapTokens` of whole trailing sentences;
 * 4. a last chunk under `minTokens` is folded into the previous one when that stays ≤ `maxTokens`.
 * Chunks made only of headings (a heading with no text anywhere under it) are dropped.
 *
 * @example
 * planChunks(pieces, sections, resolveChunkOptions()).length;
 */
export function planChunks(pieces: Piece[], sections: Section[], options: Required<ChunkOptions>): PlannedChunk[] {
  const out: PlannedChunk[] = [];
  for (const group of groupSections(pieces, sections, options.minTokens)) {
    for (const chunk of packGroup(group, options)) {
      if (chunk.pieces.some((p) => p.kind !== 'heading')) out.push(chunk);
    }
  }
  return out;
}

function groupSections(pieces: Piece[], sections: Section[], minTokens: number): Piece[][] {
  const bySection: Piece[][] = [];
  for (const piece of pieces) {
    const last = bySection[bySection.length - 1];
    if (last && last[0]!.section === piece.section) last.push(piece);
    else bySection.push([piece]);
  }
  const groups: Piece[][] = [];
  for (let i = 0; i < bySection.length; i++) {
    const group = [...bySection[i]!];
    const parent = sections[group[0]!.section]!.path.slice(0, -1);
    // A heading starts a new chunk wherever the section before it has text of its own (a sentence
    // or two, MIN_OWN_TEXT_TOKENS): a short definition stays apart from the code of the next
    // section. A heading with nothing under it but sub-headings, or a mere line, joins what follows.
    while (sum(group.filter((p) => p.kind !== 'heading')) < MIN_OWN_TEXT_TOKENS && sum(group) < minTokens && i + 1 < bySection.length) {
      const nextPath = sections[bySection[i + 1]![0]!.section]!.path;
      if (!parent.every((id, k) => nextPath[k] === id)) break;
      group.push(...bySection[++i]!);
    }
    // A small section with nothing after it to join ("See also" + one line of references at the
    // end of a chapter) becomes the tail of the section before it: alone, its few words win
    // cosine and BM25 for any question that uses them.
    const own = sum(group.filter((p) => p.kind !== 'heading'));
    const prev = groups[groups.length - 1];
    if (prev && own < MIN_OWN_TEXT_TOKENS && sum(group) < minTokens) prev.push(...group);
    else groups.push(group);
  }
  return groups;
}

function packGroup(group: Piece[], options: Required<ChunkOptions>): PlannedChunk[] {
  const { maxTokens, minTokens, overlapTokens } = options;
  const total = sum(group);
  if (total <= maxTokens) return [{ pieces: group, overlap: 0 }];
  // Even out sizes (900 tokens → ~3 × 300 rather than 400 + 400 + 100), counting the overlap
  // every chunk after the first carries.
  const target = Math.min(options.targetTokens, Math.ceil(total / Math.ceil(total / options.targetTokens)) + overlapTokens);

  const chunks: PlannedChunk[] = [];
  let cur: Piece[] = [];
  let overlap = 0;
  const fresh = (): Piece[] => cur.slice(overlap);
  // A chunk with no text yet (only headings/overlap) takes anything; one with a mere sentence or
  // two (< minTokens) may go up to maxTokens rather than be cut off from what it introduces.
  const fits = (tokens: number): boolean => {
    const body = fresh();
    if (!body.some((p) => p.kind !== 'heading')) return true;
    const size = sum(cur) + tokens;
    return size <= target || (sum(body) < minTokens && size <= maxTokens);
  };
  const flush = (nextTokens: number): void => {
    const body = fresh();
    let cut = body.length;
    while (cut > 0 && body[cut - 1]!.kind === 'heading') cut--;
    const carried = body.slice(cut);
    chunks.push({ pieces: cur.slice(0, overlap + cut), overlap });
    let tail = carried.length > 0 ? [] : takeOverlap(body.slice(0, cut), overlapTokens);
    if (sum(tail) + sum(carried) + nextTokens > maxTokens) tail = [];
    cur = [...tail, ...carried];
    overlap = tail.length;
  };

  for (const unit of blocks(group)) {
    const tokens = sum(unit);
    // A paragraph over the maximum is split by sentence even right under a heading, where `fits`
    // takes anything: a long paragraph straight after its heading made one chunk of 800–4,000 tokens.
    const oversizedText = unit[0]!.kind === 'text' && tokens > maxTokens;
    if (!oversizedText && fits(tokens)) {
      cur.push(...unit);
    } else if (!oversizedText) {
      flush(tokens);
      cur.push(...unit);
    } else {
      for (const piece of unit) {
        if (!fits(piece.tokens)) flush(piece.tokens);
        cur.push(piece);
      }
    }
  }
  if (fresh().length > 0) chunks.push({ pieces: cur, overlap });

  const last = chunks[chunks.length - 1]!;
  const prev = chunks[chunks.length - 2];
  const lastFresh = last.pieces.slice(last.overlap);
  if (prev && sum(lastFresh) < minTokens && sum(prev.pieces) + sum(lastFresh) <= maxTokens) {
    prev.pieces.push(...lastFresh);
    chunks.pop();
  }
  return chunks;
}

/** Consecutive pieces of one block, in order. */
function blocks(pieces: Piece[]): Piece[][] {
  const out: Piece[][] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (last && last[0]!.block === piece.block) last.push(piece);
    else out.push([piece]);
  }
  return out;
}

/**
 * Whole trailing sentences of a chunk worth ≤ `budget` tokens (one sentence may go to 1.5×
 * so a long closing sentence still overlaps). Stops at code, tables and headings: repeating half
 * a code block would break its fence, and a heading starts a new topic. Never the whole chunk.
 */
function takeOverlap(body: Piece[], budget: number): Piece[] {
  let taken = 0;
  let tokens = 0;
  for (let i = body.length - 1; i > 0; i--) {
    const piece = body[i]!;
    if (piece.kind !== 'text') break;
    const limit = taken === 0 ? budget * 1.5 : budget;
    if (tokens + piece.tokens > limit) break;
    tokens += piece.tokens;
    taken++;
  }
  return body.slice(body.length - taken);
}
