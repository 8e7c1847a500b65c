import { resolveChunkOptions } from './chunk-options';
import { collectPieces, type Piece } from './collect-pieces';
import { anchorAsWritten } from './heading-anchors';
import { chunkKind } from './chunk-kind';
import { definedTerms, headingTerms } from './defined-terms';
import { cleanChunkText } from './clean-chunk-text';
import { chapterOf, moduleOf, moduleTitleOf, titleOf } from './doc-metadata';
import { docusaurusRoute, sourceUrlFor } from './docusaurus-route';
import { estimateTokens } from './estimate-tokens';
import { parseFrontMatter, type DocFrontMatter } from './front-matter';
import { readTomlFrontMatter } from './toml-front-matter';
import { createLineIndex, type LineIndex } from './line-index';
import { costlyContainers, MAX_NESTING_DEPTH, tooDeeplyNested } from './nesting-depth';
import { tangledInline, tangledReason } from './tangled-inline';
import { laterHeadings } from './later-headings';
import { planChunks, type PlannedChunk } from './pack-chunks';
import { blankMdxExpressions, parseMarkdown } from './parse-markdown';
import { pointIdFor, sha256Hex } from '../../common/point-id';
import type { Chunk, ChunkFileOptions, ChunkFileResult, ChunkPayload } from './types';

/** One markdown file: its path relative to the docs dir and its decoded text. */
export interface MarkdownFileInput {
  filePath: string;
  text: string;
}

/**
 * Chunk one Docusaurus markdown/MDX file into payload-rich chunks with deterministic ids. Never
 * throws for bad content: an empty or binary file, broken front matter, a file nested too deeply
 * to parse (nesting-depth.ts, tangled-inline.ts), or a file with no text comes back as `{ ok: false, code, reason }` for the caller to report and skip. (Invalid
 * `options` are a programming error and do throw `invalid_request`.)
 *
 * @example
 * const result = await chunkMarkdownFile(
 *   { filePath: '01-ros2/01-intro.md', text: '# Intro\n\nHello.' },
 *   { baseUrl: 'https://book.example.com' },
 * );
 * if (result.ok) result.chunks[0]!.payload.source_url; // 'https://book.example.com/docs/ros2/intro'
 */
export async function chunkMarkdownFile(input: MarkdownFileInput, options: ChunkFileOptions = {}): Promise<ChunkFileResult> {
  const sizes = resolveChunkOptions(options);
  const filePath = input.filePath.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  // Composed (NFC): a page saved decomposed (as some macOS tools write "lápiz", "a" + U+0301) is
  // read as the reader sees it, so its chunks' text, highlights and every word scan agree with the
  // question's composed words. Line breaks, and so line ranges, are untouched.
  const saved = input.text.startsWith('\uFEFF') ? input.text.slice(1) : input.text;
  const text = saved.normalize('NFC');
  if (text.includes('\u0000')) return { ok: false, code: 'binary', reason: 'binary file (contains NUL bytes)' };
  if (text.trim() === '') return { ok: false, code: 'empty', reason: 'empty file' };

  const nested = tooDeeplyNested(text);
  if (nested) {
    return { ok: false, code: 'too_deeply_nested', reason: `nested ${nested.depth} levels deep at line ${nested.line} (blockquotes or lists; at most ${MAX_NESTING_DEPTH} are read): the markdown parser would run out of stack or take minutes` };
  }
  const churn = costlyContainers(text);
  if (churn) {
    const what = churn.kind === 'closing' ? `blockquotes or lists ending thousands of times by line ${churn.line} (the parser copies the page so far at each end)` : `lazy continuation lines (without their \`>\` or indent) by the thousand, up to line ${churn.line}`;
    return { ok: false, code: 'too_deeply_nested', reason: `${what}: the markdown parser would take minutes` };
  }
  const mdx = /\.mdx$/i.test(filePath);
  const tangled = tangledInline(text, { mdx });
  if (tangled) return { ok: false, code: 'too_deeply_nested', reason: tangledReason(tangled) };
  let parsed: ReturnType<typeof parseMarkdown>;
  try {
    parsed = parseMarkdown(text, { mdx });
  } catch (error) {
    // Nesting neither scan sees (thousands of nested links or JSX elements, say) may still
    // overflow the parser's stack: one such page is skipped, not the whole run ended as a bug.
    if (!(error instanceof RangeError)) throw error;
    return { ok: false, code: 'too_deeply_nested', reason: `the markdown parser ran out of stack on it (${error.message}): something in it is nested too deeply` };
  }
  const warnings = [...parsed.warnings];
  let frontMatter: DocFrontMatter = { tags: [], sidebarPosition: null };
  if (parsed.frontMatter !== null || parsed.tomlFrontMatter !== null) {
    // TOML is read line by line and never refused (toml-front-matter.ts); broken YAML is, as Docusaurus refuses it.
    const result = parsed.frontMatter !== null ? parseFrontMatter(parsed.frontMatter) : { ok: true as const, ...readTomlFrontMatter(parsed.tomlFrontMatter!) };
    if (!result.ok) return { ok: false, code: 'invalid_front_matter', reason: result.reason };
    frontMatter = result.data;
    warnings.push(...result.warnings);
    // Docusaurus leaves a draft out of the built site: its passages would link to a 404.
    if (frontMatter.draft) return { ok: false, code: 'draft', reason: 'draft: true in its front matter (Docusaurus leaves drafts out of the site)' };
  } else if (/^(---|\+\+\+)[ \t]*(\r\n|\r|\n)/.test(text)) {
    // An opening fence the parser did not accept: the front matter would otherwise be indexed as prose.
    return { ok: false, code: 'invalid_front_matter', reason: `invalid front matter: no closing \`${text.slice(0, 3)}\` line` };
  }

  const lines = createLineIndex(text);
  const { pieces, sections, firstH1 } = collectPieces(parsed.tree, text, lines, sizes.maxTokens);
  // A heading saved decomposed keeps its anchor decomposed, as the built site's id is (anchorAsWritten).
  if (saved !== text) {
    const savedLines = saved.split(/\r\n|\r|\n/);
    for (const piece of pieces) {
      const section = sections[piece.section]!;
      if (piece.kind === 'heading' && section.anchor) section.anchor = anchorAsWritten(section.anchor, savedLines[piece.startLine - 1] ?? '');
    }
  }
  const planned = planChunks(pieces, sections, sizes);
  if (planned.length === 0) {
    return { ok: false, code: 'no_content', reason: 'no text content (only front matter, headings, imports or comments)' };
  }

  const route = docusaurusRoute({
    filePath,
    slug: frontMatter.slug,
    id: frontMatter.id,
    routeBasePath: options.routeBasePath,
  });
  const common = {
    file_path: filePath,
    title: titleOf(filePath, frontMatter.title, firstH1),
    module: moduleOf(filePath),
    module_title: moduleTitleOf(filePath, options.moduleTitles),
    chapter: chapterOf(filePath, frontMatter.chapter, options.sharedFileNames),
    tags: frontMatter.tags,
    sidebar_position: frontMatter.sidebarPosition,
    source_url: sourceUrlFor(options.baseUrl ?? '', route),
  };
  // The reader-visible text of each planned chunk; a chunk that cleans to nothing (only tags or
  // fences) is dropped before numbering, so chunk indexes stay consecutive.
  const visible = blankMdxExpressions(parsed.tree, text);
  const cleaned = planned
    .map((plan) => ({ plan, ...sliceChunk(visible, lines, plan) }))
    .map((chunk) => ({ ...chunk, content: cleanChunkText(chunk.source.replace(/\r\n?/g, '\n')) }))
    .filter((chunk) => chunk.content !== '');
  const chunks = await Promise.all(
    cleaned.map(async ({ plan, source, from, content, startLine, endLine }, index): Promise<Chunk> => {
      // Labels describe where the chunk's text STARTS: the deepest heading before its first text, so
      // "## Common Patterns" with nothing of its own, then "### Scrolling the Camera" and its text, is
      // labelled (and linked to) the camera section. The trail keeps every heading it spans.
      const start = sections[(plan.pieces.find((piece) => piece.kind !== 'heading') ?? plan.pieces[0]!).section]!;
      const headings = [...start.headings];
      const later = laterHeadings(source, from, plan.pieces, sections, content);
      const payload: ChunkPayload = {
        content,
        file_path: filePath,
        start_line: startLine,
        end_line: endLine,
        headings,
        heading_trail: headingTrail(plan.pieces.map((p) => sections[p.section]!.headings)),
        title: common.title,
        module: common.module,
        module_title: common.module_title,
        chapter: common.chapter,
        section: headings[headings.length - 1] || null,
        kind: chunkKind(filePath, content, frontMatter.slug?.trim() === '/'),
        defines: definedTerms(content, headings[headings.length - 1] || null),
        heading_terms: headingTerms(headings[headings.length - 1] || null, common.title),
        tags: [...common.tags],
        sidebar_position: common.sidebar_position,
        chunk_index: index,
        chunk_token_count: estimateTokens(content),
        source_url: common.source_url,
        // An H1 is the page's title: its section is the top of the page.
        section_url: start.anchor && start.depth >= 2 ? `${common.source_url}#${start.anchor}` : common.source_url,
        chunk_id: `${filePath}#${index}`,
        content_hash: await sha256Hex(content),
        ...(later ? { later_headings: later } : {}),
      };
      return { id: await pointIdFor(filePath, index), payload };
    }),
  );
  return { ok: true, chunks, warnings };
}

/**
 * The exact source of a chunk (`from` its offset in `text`): whole lines when its first/last piece has its line to itself (so
 * list markers, `>` and indentation are kept), else the precise sentence offsets. Non-content
 * source lying BETWEEN two pieces of the chunk (JSX tag lines, a mid-file import or comment) is
 * part of that range and kept; it never starts or ends a chunk. The caller normalises line endings
 * to `\n` so CRLF checkouts hash the same.
 */
function sliceChunk(text: string, lines: LineIndex, plan: PlannedChunk): { source: string; from: number; startLine: number; endLine: number } {
  const first = plan.pieces[0]!;
  const last = plan.pieces[plan.pieces.length - 1]!;
  const start = first.ownsStartLine ? lines.lineStart(first.startLine) : first.start;
  const end = last.ownsEndLine ? lines.lineEnd(last.endLine) : last.end;
  return {
    source: text.slice(start, end),
    from: start,
    startLine: first.startLine,
    endLine: last.endLine,
  };
}

/** Every heading of every section a chunk touches, in order, each once (breadcrumb ancestors first). */
function headingTrail(breadcrumbs: readonly (readonly string[])[]): string[] {
  const trail: string[] = [];
  for (const crumbs of breadcrumbs) for (const heading of crumbs) if (heading && !trail.includes(heading)) trail.push(heading);
  return trail;
}
