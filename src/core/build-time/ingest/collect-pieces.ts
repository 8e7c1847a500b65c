import type { Root } from 'mdast';
import { cleanChunkText } from './clean-chunk-text';
import { estimateTokens } from './estimate-tokens';
import { createAnchorMaker, explicitHeadingId, stripHeadingId } from './heading-anchors';
import type { LineIndex } from './line-index';
import { lineSpans, sentenceSpans, type Span } from '../../common/text/sentence-spans';
import { wordSpans } from './word-spans';

/** How a piece may be treated by the packer. */
export type PieceKind = 'heading' | 'atomic' | 'text';

/**
 * The smallest unit the chunker moves around: a heading, an unsplittable block (code, table,
 * HTML) or one sentence of a prose block. Chunks are cut only between pieces.
 */
export interface Piece {
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  kind: PieceKind;
  tokens: number;
  /** Index into `sections`. */
  section: number;
  /** Pieces of one block (paragraph, list-item paragraph, code…) share this number. */
  block: number;
  /** No other piece ends on this piece's first line / starts on its last line: the chunk may take the whole line. */
  ownsStartLine: boolean;
  ownsEndLine: boolean;
}

/** A heading's scope; section 0 is the text before the first heading. */
export interface Section {
  /** Breadcrumb, outermost first. */
  headings: string[];
  /** Section ids from the outermost ancestor down to this one (empty for section 0). */
  path: number[];
  /** The heading's level (1–6); 0 for section 0. */
  depth: number;
  /** The heading's `#anchor` on the built site (see heading-anchors.ts); null for section 0. */
  anchor: string | null;
}

/** Pieces in source order, the sections they belong to, and the first H1 (a title fallback). */
export interface CollectedPieces {
  pieces: Piece[];
  sections: Section[];
  firstH1: string | null;
}

interface AnyNode {
  type: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: AnyNode[];
  value?: unknown;
  depth?: number;
  alt?: string | null;
}

// Not content: front matter, MDX ESM and `{expressions}`, link definitions, rules.
const SKIPPED = new Set(['yaml', 'toml', 'mdxjsEsm', 'mdxFlowExpression', 'definition', 'thematicBreak']);
const ATOMIC = new Set(['code', 'table', 'html', 'math']);
const HTML_COMMENT = /^\s*<!--[\s\S]*-->\s*$/;
// A prose line too long for a chunk is cut between words into runs about a long sentence's size:
// the packer then fills chunks with them as with sentences, and the overlap can carry one.
const WORD_RUN_TOKENS = 50;

/**
 * Flatten an mdast tree into pieces. Containers (lists, list items, blockquotes, JSX elements such
 * as `<Tabs>`/`<TabItem>`) are entered so their text and code are content; JSX elements without
 * children, ESM and comments are not. Prose is split into sentences, a sentence longer than
 * `maxTokens` into lines, and a line still longer into runs of words (word-spans.ts). Code blocks
 * and tables are never cut: cutting them measured worse on the held-out books.
 *
 * @example
 * collectPieces(tree, text, createLineIndex(text), 500).pieces.length;
 */
export function collectPieces(tree: Root, text: string, lines: LineIndex, maxTokens: number): CollectedPieces {
  const pieces: Piece[] = [];
  const sections: Section[] = [{ headings: [], path: [], depth: 0, anchor: null }];
  const anchorOf = createAnchorMaker();
  const stack: { depth: number; id: number; text: string }[] = [];
  let firstH1: string | null = null;
  let block = 0;

  const add = (span: Span, kind: PieceKind): void => {
    const [start, end] = span;
    pieces.push({
      start,
      end,
      startLine: lines.lineOf(start),
      endLine: lines.lineOf(Math.max(start, end - 1)),
      kind,
      tokens: estimateTokens(text.slice(start, end)),
      section: sections.length - 1,
      block,
      ownsStartLine: true,
      ownsEndLine: true,
    });
  };

  const visit = (node: AnyNode): void => {
    if (SKIPPED.has(node.type)) return;
    const span = spanOf(node);
    if (node.type === 'heading') {
      const title = headingText(node);
      const depth = node.depth ?? 1;
      if (depth === 1 && firstH1 === null && title) firstH1 = title;
      while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
      const id = sections.length;
      const anchor = anchorOf(title, span ? explicitHeadingId(text.slice(span[0], span[1])) : null);
      sections.push({ headings: [...stack.map((s) => s.text), title], path: [...stack.map((s) => s.id), id], depth, anchor });
      stack.push({ depth, id, text: title });
      if (span) add(span, 'heading');
      block++;
      return;
    }
    // Comments, and raw HTML/JSX that is only tags (`<TabItem …>` lines when MDX fell back to
    // markdown), show nothing to a reader: they never make, start or end a chunk.
    if (node.type === 'html' && typeof node.value === 'string' && (HTML_COMMENT.test(node.value) || cleanChunkText(node.value) === '')) return;
    if (node.type === 'paragraph' && span) {
      for (const sentence of sentenceSpans(text, span[0], span[1])) {
        const tokens = estimateTokens(text.slice(sentence[0], sentence[1]));
        for (const line of tokens > maxTokens ? lineSpans(text, sentence[0], sentence[1]) : [sentence]) {
          const words = tokens > maxTokens && estimateTokens(text.slice(line[0], line[1])) > maxTokens;
          for (const part of words ? wordSpans(text, line[0], line[1], Math.min(WORD_RUN_TOKENS, maxTokens)) : [line]) add(part, 'text');
        }
      }
      block++;
      return;
    }
    // A self-closing component on its own (`<Figure src="…" alt="A hydrometer in wort" />`) has no
    // children to visit: its caption, title or alt text (clean-chunk-text.ts's shownAttribute) was in
    // no chunk of a strict-MDX page, while the markdown image it stands for keeps its alt text.
    if (node.type === 'mdxJsxFlowElement' && node.children?.length === 0 && span && cleanChunkText(text.slice(span[0], span[1])) !== '') {
      add(span, 'atomic');
      block++;
      return;
    }
    if (ATOMIC.has(node.type) || !node.children) {
      if (span && node.type !== 'mdxJsxFlowElement') add(span, 'atomic');
      block++;
      return;
    }
    for (const child of node.children) visit(child);
  };
  for (const child of tree.children as AnyNode[]) visit(child);

  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const prev = pieces[i - 1];
    piece.ownsStartLine = !prev || prev.endLine < piece.startLine;
    piece.ownsEndLine = i === pieces.length - 1 || pieces[i + 1]!.startLine > piece.endLine;
    // Charge each piece for the source between it and the previous piece too (list markers,
    // `>`, JSX tag lines such as `<TabItem …>`): a chunk's content includes them, so the sum of
    // its pieces then matches the estimate of its content and `maxTokens` holds for real.
    piece.tokens = estimateTokens(text.slice(prev ? prev.end : lines.lineStart(piece.startLine), piece.end));
  }
  return { pieces, sections, firstH1 };
}

function spanOf(node: AnyNode): Span | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined || end <= start ? null : [start, end];
}

/** Plain text of a heading, without a Docusaurus `{#custom-id}` suffix. */
function headingText(node: AnyNode): string {
  const collect = (n: AnyNode): string => {
    if ((n.type === 'text' || n.type === 'inlineCode') && typeof n.value === 'string') return n.value;
    if (n.type === 'inlineMath' && typeof n.value === 'string') return `$${n.value}$`;
    if (n.type === 'image') return n.alt ?? '';
    if (n.type === 'mdxTextExpression') return '';
    return (n.children ?? []).map(collect).join('');
  };
  return stripHeadingId(collect(node)).replace(/\s+/g, ' ').trim();
}
