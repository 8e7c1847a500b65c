/**
 * `kind` of a chunk: `overview` for navigation material — the lists and tables of a folder's
 * landing page (`index.md`, `README.md`: chapter tables, outcome lists) or a chunk that is mostly
 * links (a link list, a table of chapter links) —, `home` for the rest of the book's home page (its
 * opening prose: the book's blurb, which previews every chapter in the book's own words), else
 * `content`. Overview chunks are real text but rarely the answer; ranking gives them a small penalty
 * (see `OVERVIEW_PRIOR`) so the chapter that teaches a topic is not outranked by the page that
 * merely lists it, and the home page's prose a milder one (`HOME_PRIOR`).
 */
import { fenceTracker } from './code-fences';
import { DELIMITER_ROW } from '../../common/text/table-rows';

/** The three kinds; stored in the payload as `kind`. */
export type ChunkKind = 'overview' | 'home' | 'content';

const LANDING_PAGE = /^(?:\d+[-_.\s]*)?(?:index|readme|_index|overview)$/i;
const LINK = /\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g;

/**
 * True for a folder's landing page: `index`, `README`, `overview` (a numeric prefix allowed).
 *
 * @example
 * isLandingPage('01-ros2/index.md'); // true
 * isLandingPage('01-ros2/02-nodes.md'); // false
 */
export function isLandingPage(filePath: string): boolean {
  const name = filePath.split('/').pop() ?? '';
  return LANDING_PAGE.test(name.replace(/\.mdx?$/i, ''));
}

/**
 * True when links carry most of the chunk: at least three links, and link text plus targets make up
 * over half of the non-space characters (a list or table of links to other pages).
 *
 * @example
 * isLinkDominated('- [Nodes](./nodes)\n- [Topics](./topics)\n- [QoS](./qos)'); // true
 */
export function isLinkDominated(content: string): boolean {
  let links = 0;
  let linkChars = 0;
  for (const match of content.matchAll(LINK)) {
    links++;
    linkChars += match[0].replace(/\s/g, '').length;
  }
  const total = content.replace(/\s/g, '').length;
  return links >= 3 && total > 0 && linkChars / total > 0.5;
}

const LIST_OR_TABLE_LINE = /^\s*(?:\||[-*+]\s|\d+[.)]\s)/;
// A link to another page: not an image (read as its alt text, so a chapter's linked cover still
// links), nor a `#place` on the same page (a page's own table of contents lists no chapters).
// No bracket or parenthesis inside them: each try stops at the next one, so a table row of
// thousands of `[` or `![a](` costs time linear in it, not quadratic.
const IMAGE = /!\[([^[\]]*)\]\([^()]*\)/g;
const PAGE_LINK = /\[[^[\]]+\]\((?!#)[^()\s]+/;

/**
 * How much of the chunk's text (outside code and headings) its lists and tables carry, and how many
 * of their entries link to another page (a chapter table's "[Memory](memory) | …" rows) and how
 * many do not (a table's header and delimiter rows are no entries).
 *
 * @example
 * listOrTableShare('Two chapters:\n\n- [Nodes](nodes)\n- [Topics](topics)'); // { share: 0.72, linkedEntries: 2, unlinkedEntries: 0 }
 */
export function listOrTableShare(content: string): { share: number; linkedEntries: number; unlinkedEntries: number } {
  const inFence = fenceTracker(true);
  let listChars = 0;
  let total = 0;
  let linkedEntries = 0;
  let unlinkedEntries = 0;
  const lines = content.split('\n');
  // An item's wrapped lines (right under it, indented or not: markdown's lazy continuation, as the
  // highlight reads them) are the item's: counted as prose, a landing page's hard-wrapped list of
  // chapters read as mostly prose. A table's rows go on to the first blank line, as GFM's do.
  let inItem = false;
  for (const [i, line] of lines.entries()) {
    if (inFence(line) || /^\s*#/.test(line) || line.trim() === '') {
      inItem = false;
      continue;
    }
    const chars = line.trim().length;
    total += chars;
    const opens = LIST_OR_TABLE_LINE.test(line);
    inItem = opens || (inItem && /\S/.test(line));
    if (inItem) listChars += chars;
    if (opens && PAGE_LINK.test(line.replace(IMAGE, '$1'))) linkedEntries++;
    // A table's delimiter row and the header row above it name columns: they are no entry. Only a
    // row's: an item over a `---` thematic break (which DELIMITER_ROW also matches) is an entry.
    else if (opens && !(/^\s*\|/.test(line) && (DELIMITER_ROW.test(line) || DELIMITER_ROW.test(lines[i + 1] ?? '')))) unlinkedEntries++;
  }
  return { share: total > 0 ? listChars / total : 0, linkedEntries, unlinkedEntries };
}

/**
 * True when lists and tables carry most of the chunk's text (outside code and headings): a
 * "chapters in this module" table, a "what you will learn" list.
 *
 * @example
 * isListOrTable('## Chapters\n\n| # | Topic |\n|---|---|\n| 1 | Nodes |'); // true
 */
export function isListOrTable(content: string): boolean {
  return listOrTableShare(content).share > 0.6;
}

/**
 * True for a landing page's chapter list: lists and tables carry most of the chunk, or, when two or
 * more of their entries link to other pages, a large part of it. A short part page is one chunk, and
 * a paragraph before and after its chapter table ("Before we can say anything about memory…", "By
 * the end of this part…") held 56% of a four-chapter part page's text: it read as content, and its
 * title's "Part" put it first for "what part of the brain controls balance". A list whose every
 * entry, three or more, links to another page is a chapter list whatever the prose around it: an
 * aquarium book's part page (three linked chapters, a paragraph before and after: 39% list) read as
 * content and came 2nd for "how many hours should the tank light be on", over the chapters.
 */
function isChapterList(content: string): boolean {
  const { share, linkedEntries, unlinkedEntries } = listOrTableShare(content);
  return share > 0.6 || (linkedEntries >= 2 && share > 0.4) || (linkedEntries >= 3 && unlinkedEntries === 0);
}

/**
 * Classifies one chunk of `filePath`: link lists anywhere, and the lists and tables of a landing
 * page (its chapter table, its outcomes list) are overview; a landing page's prose (a definition
 * it really teaches) stays content, unless its chunk also holds a list whose every entry, three or
 * more, links to another page ({@link isChapterList}). `home`: the page is the book's home (front
 * matter `slug: /`, Docusaurus's landing page, often `intro.md`), a landing page whatever its name,
 * and its prose is `home`: the blurb that previews the whole book won 40 questions of 52 new
 * users' books over their chapters. A part's landing page keeps its prose `content`: demoting every
 * landing page's prose (Round 126) gained as little and, through RRF's ranks, put the QoS page before
 * the services page for "What is a ROS 2 service?" on the sample book; the home page alone does not.
 *
 * @example
 * chunkKind('02-sim/index.md', '| 1 | Gazebo |\n| 2 | URDF |'); // 'overview'
 * chunkKind('02-sim/index.md', 'A digital twin is a virtual replica…'); // 'content'
 * chunkKind('intro.md', '| 1 | Gazebo |\n| 2 | URDF |', true); // 'overview'
 * chunkKind('intro.md', 'This book takes you from your first seedling…', true); // 'home'
 */
export function chunkKind(filePath: string, content: string, home = false): ChunkKind {
  if (isLinkDominated(content) || ((home || isLandingPage(filePath)) && isChapterList(content))) return 'overview';
  return home ? 'home' : 'content';
}
