/**
 * `kind` of a chunk: `overview` for navigation material — a folder's landing page (`index.md`,
 * `README.md`, Docusaurus `_category_` style intros) or a chunk that is mostly links (a link list,
 * a table of chapter links) — else `content`. Overview chunks are real text but rarely the answer;
 * ranking gives them a small penalty (see `OVERVIEW_PRIOR`) so the chapter that teaches a topic is
 * not outranked by the page that merely lists it.
 */

/** The two kinds; stored in the payload as `kind`. */
export type ChunkKind = 'overview' | 'content';

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

/**
 * Classifies one chunk of `filePath`.
 *
 * @example
 * chunkKind('02-sim/index.md', 'Simulation lets you test…'); // 'overview'
 */
export function chunkKind(filePath: string, content: string): ChunkKind {
  return isLandingPage(filePath) || isLinkDominated(content) ? 'overview' : 'content';
}
