/**
 * Shapes produced by the markdown ingester. `ChunkPayload` field names are a contract: they are
 * stored as Qdrant payloads and in the embedded index, and filters refer to them by name.
 */

/** Everything stored with one chunk. */
export interface ChunkPayload {
  /**
   * What a reader sees of the chunk's source lines (code fences and tables intact; MDX imports,
   * JSX tags, HTML comments and admonition fences removed, `:::tip T` and `!!! tip "T"` as "Tip: T",
   * `> [!TIP]` as "> Tip:"), line endings normalised to `\n`.
   */
  content: string;
  /** Path relative to the docs dir, forward slashes (`01-ros2/01-ros2-architecture.md`). */
  file_path: string;
  /** 1-based, inclusive lines of the ORIGINAL file (front matter counted). */
  start_line: number;
  end_line: number;
  /** Heading breadcrumb where the chunk STARTS, outermost first (H1 > H2 > H3). Empty before the first heading. */
  headings: string[];
  /** Every heading the chunk spans (breadcrumbs of all its sections, in order, each once). */
  heading_trail: string[];
  /** Front-matter `title`, else the first H1, else the humanized file name. */
  title: string;
  /** Top-level folder (`01-ros2`); `null` for files at the docs root. */
  module: string | null;
  /**
   * The module's name as the book's sidebar shows it: the folder's `_category_.json`/`.yml`/`.yaml`
   * `label`, else the folder name without its number prefix (category-label.ts); `null` when
   * `module` is. Shown, never indexed or filtered on (filters use `module`).
   */
  module_title: string | null;
  /**
   * Front-matter `chapter`, else the file name without extension and number prefix; the folder's
   * name for an `index.md`/`README.md` page or a file name several pages share (`SKILL.md`).
   */
  chapter: string;
  /** Text of the heading the chunk starts under (last of `headings`), `null` when there is none. */
  section: string | null;
  /** `overview` for landing pages' lists and link lists, `home` for the home page's prose, else `content` (see chunk-kind.ts); ranking demotes the first two slightly. */
  kind: 'overview' | 'home' | 'content';
  /** Stems of the terms this chunk's sentences define (`A **term** is …`; see defined-terms.ts); definition questions favour them. */
  defines: string[];
  /** Stems of the chunk's own heading when it is not the page title (see defined-terms.ts); definition questions favour them a little. */
  heading_terms: string[];
  tags: string[];
  sidebar_position: number | null;
  /** 0-based position of the chunk within its file. */
  chunk_index: number;
  chunk_token_count: number;
  /** Public URL of the page (base URL + Docusaurus route). */
  source_url: string;
  /**
   * `source_url` with the `#anchor` of the heading the chunk starts under (Docusaurus's id, see
   * heading-anchors.ts), so a citation opens at the passage; the page URL itself for a chunk that
   * starts before the first heading below the page title.
   */
  section_url: string;
  /** `${file_path}#${chunk_index}`. */
  chunk_id: string;
  /** SHA-256 hex of `content` (UTF-8). */
  content_hash: string;
  /**
   * Readers' phrases for terms this chunk uses, from the book owner's synonyms file (see
   * synonyms.ts): indexed and embedded with the chunk, never shown in `content`. Absent when none.
   */
  synonyms?: string[];
  /** For each of `synonyms`, the phrase of this chunk it stands for ("hostname" for "rename computer"). */
  synonym_of?: string[];
  /**
   * The headings after the chunk's start, in order (later-headings.ts), so a highlight lying under
   * one is named and linked by it: absent when there are none.
   */
  later_headings?: LaterHeading[];
}

/**
 * `[offset, heading, anchor]`: where a later heading's line starts in `content`, its text (as
 * `section` would name it) and its `#anchor` on the built site, `''` for the top of the page (an H1).
 */
export type LaterHeading = [offset: number, heading: string, anchor: string];

/** A chunk ready to be embedded and upserted: a deterministic point id plus its payload. */
export interface Chunk {
  id: string;
  payload: ChunkPayload;
}

/** Size knobs of the chunker, all in estimated tokens (see `estimateTokens`). */
export interface ChunkOptions {
  /** Size a chunk is packed up to before a new one starts. */
  targetTokens?: number;
  /** Hard ceiling for packed text; only a single code block / table may exceed it. */
  maxTokens?: number;
  /** Sections smaller than this are merged with following content under the same parent heading. */
  minTokens?: number;
  /** Trailing text (whole sentences) of a chunk repeated at the start of the next one of the same section. */
  overlapTokens?: number;
}

/** Options of `chunkMarkdownFile`. */
export interface ChunkFileOptions extends ChunkOptions {
  /** Site origin plus Docusaurus `baseUrl`, e.g. `https://book.example.com/` (default: '' → path only). */
  baseUrl?: string;
  /** The docs plugin's `routeBasePath` (default `/docs`; may be `/`). */
  routeBasePath?: string;
  /** File names other pages of the book share (`sharedFileNames`): such a page's chapter is its folder's name. */
  sharedFileNames?: ReadonlySet<string>;
  /** Sidebar label of each top-level folder (`categoryLabel`); a folder missing here gets its name without the number prefix. */
  moduleTitles?: ReadonlyMap<string, string>;
}

/** Why a file produced no chunks. */
export type SkipCode =
  | 'empty'
  | 'binary'
  | 'invalid_utf8'
  | 'invalid_front_matter'
  | 'no_content'
  | 'draft'
  | 'unsupported_extension'
  | 'too_deeply_nested'
  | 'unreadable';

/** Outcome for one file: chunks (plus non-fatal warnings), or a reason it was skipped. */
export type ChunkFileResult =
  | { ok: true; chunks: Chunk[]; warnings: string[] }
  | { ok: false; code: SkipCode; reason: string };
