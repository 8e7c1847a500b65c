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
 * Chapter key: front-matter `chapter` when given, else the file name without extension and
 * number prefix (`01-ros2-architecture.md` → `ros2-architecture`, `index.md` → `index`).
 *
 * @example
 * chapterOf('01-ros2/02-nodes.mdx'); // 'nodes'
 */
export function chapterOf(filePath: string, frontMatterChapter?: string): string {
  return frontMatterChapter ?? stripNumberPrefix(splitDocPath(filePath).fileName);
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
