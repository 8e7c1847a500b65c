import { isConventionalDocIndex, splitDocPath, stripNumberPrefix } from './docusaurus-route';

/**
 * The top-level folder of a doc (`01-ros2` for `01-ros2/qos/x.md`), kept verbatim so it matches
 * the folder on disk; `null` for files at the docs root. `null` rather than a sentinel such as
 * "root" so it can never collide with a real folder name (filter with Qdrant's `is_null`).
 *
 * @example
 * moduleOf('intro.md'); // null
 */
export function moduleOf(filePath: string): string | null {
  const { dirName } = splitDocPath(filePath);
  return dirName === '.' ? null : (dirName.split('/')[0] ?? null);
}

/**
 * The module's sidebar label (`moduleTitles`, read from the folder's `_category_` file by the
 * caller), else its folder name without the number prefix, as Docusaurus labels a category without
 * one (category-label.ts); `null` for files at the docs root, as `moduleOf`.
 *
 * @example
 * moduleTitleOf('02-first-response/cpr.md', new Map([['02-first-response', 'Part 2: First Response']])); // 'Part 2: First Response'
 * moduleTitleOf('02-first-response/cpr.md'); // 'first-response'
 */
export function moduleTitleOf(filePath: string, moduleTitles?: ReadonlyMap<string, string>): string | null {
  const module = moduleOf(filePath);
  return module === null ? null : (moduleTitles?.get(module) ?? stripNumberPrefix(module));
}

/**
 * Chapter key: front-matter `chapter` when given, else the file name without extension and
 * number prefix (`01-ros2-architecture.md` → `ros2-architecture`). The folder's name instead
 * (number prefix stripped) for a page whose file name says nothing of its topic: a folder's index
 * page (`index.md`, `README.md`, any case: Docusaurus serves it as the folder itself), and a page
 * whose file name other pages of the book share (`skills/camera/SKILL.md` beside
 * `skills/input/SKILL.md`; see `sharedFileNames`). A page at the docs root keeps its file name.
 *
 * @example
 * chapterOf('01-ros2/02-nodes.mdx'); // 'nodes'
 * chapterOf('helpers/README.md'); // 'helpers'
 * chapterOf('skills/camera/SKILL.md', undefined, new Set(['SKILL'])); // 'camera'
 */
export function chapterOf(filePath: string, frontMatterChapter?: string, sharedNames: ReadonlySet<string> = new Set()): string {
  if (frontMatterChapter) return frontMatterChapter;
  const { dirName, fileName } = splitDocPath(filePath);
  const name = stripNumberPrefix(fileName);
  if (dirName === '.' || !(isConventionalDocIndex(filePath) || sharedNames.has(name))) return name;
  return stripNumberPrefix(dirName.split('/').pop()!);
}

/**
 * The file names (extension and number prefix stripped, as `chapterOf` reads them) that more than
 * one page of the book has: as chapters they would not tell those pages apart.
 *
 * @example
 * sharedFileNames(['skills/camera/SKILL.md', 'skills/input/SKILL.md', 'intro.md']); // Set { 'SKILL' }
 */
export function sharedFileNames(filePaths: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const filePath of filePaths) {
    const name = stripNumberPrefix(splitDocPath(filePath).fileName);
    if (seen.has(name)) shared.add(name);
    seen.add(name);
  }
  return shared;
}

/**
 * Page title: front-matter `title`, else the first H1, else the humanized file name (the folder's
 * name for an index page such as `01-ros2/index.md` → "Ros2").
 *
 * @example
 * titleOf('02-sim/01-gazebo_setup.md', undefined, null); // 'Gazebo setup'
 */
export function titleOf(filePath: string, frontMatterTitle: string | undefined, firstH1: string | null): string {
  if (frontMatterTitle) return frontMatterTitle;
  if (firstH1) return firstH1;
  const { dirName, fileName } = splitDocPath(filePath);
  const folder = dirName.split('/').pop() ?? '';
  const name = isConventionalDocIndex(filePath) && dirName !== '.' ? folder : fileName;
  return humanize(stripNumberPrefix(name));
}

/** `ros2-architecture` → `Ros2 architecture`. */
function humanize(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : slug;
}
