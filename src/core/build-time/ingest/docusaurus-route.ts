/**
 * The URL Docusaurus (v2/v3 docs plugin, default options) serves a doc at, recomputed from the
 * file path and front matter so every chunk can link back to its page. Mirrors the plugin's
 * `getSlug` rules:
 * - number prefixes (`01-`, `1.`, `01_`, `003 - `) are stripped from folder and file names,
 *   except date/version-like ones (`2021-01-…`, `1.2-…`);
 * - `slug` front matter: absolute (`/x`) is used as is, relative is resolved against the folder;
 * - otherwise the file's `id` front matter, else its name, under the (stripped) folder path;
 * - a "conventional index" (`index`, `README`, or a file named like its folder, case-insensitive,
 *   compared BEFORE stripping prefixes) without `slug` gets the folder route, with a trailing slash;
 * - the result is prefixed with the plugin's `routeBasePath` (default `/docs`, may be `/`).
 */

// Same patterns as Docusaurus' DefaultNumberPrefixParser.
const IGNORED_PREFIX = /^\d+[-_.]\d+/;
const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/;

/**
 * A file or folder name without its ordering prefix, as Docusaurus strips it.
 *
 * @example
 * stripNumberPrefix('01-ros2'); // 'ros2'
 * stripNumberPrefix('2021-05-12-post'); // unchanged (date-like)
 */
export function stripNumberPrefix(name: string): string {
  if (IGNORED_PREFIX.test(name)) return name;
  return NUMBER_PREFIX.exec(name)?.[2] ?? name;
}

/** Split `a/b/01-c.mdx` into its folder (`a/b`, or `.` at the root) and extension-less name. */
export function splitDocPath(filePath: string): { dirName: string; fileName: string } {
  const normalised = filePath.replace(/\\/g, '/').replace(/^\.?\/+/, '');
  const slash = normalised.lastIndexOf('/');
  const dirName = slash < 0 ? '.' : normalised.slice(0, slash);
  const base = slash < 0 ? normalised : normalised.slice(slash + 1);
  return { dirName, fileName: base.replace(/\.mdx?$/i, '') };
}

/**
 * True for `index.md`, `README.md` and `<folder>/<folder>.md` (Docusaurus' `isCategoryIndex`).
 *
 * @example
 * isConventionalDocIndex('guides/guides.md'); // true
 */
export function isConventionalDocIndex(filePath: string): boolean {
  const { dirName, fileName } = splitDocPath(filePath);
  const parent = dirName.split('/').pop() ?? '';
  return ['index', 'readme', parent.toLowerCase()].includes(fileName.toLowerCase());
}

/** Front-matter fields that change the route. */
export interface RouteInput {
  /** Path relative to the docs dir, forward slashes. */
  filePath: string;
  slug?: string;
  id?: string;
  /** Default `/docs`. */
  routeBasePath?: string;
}

/**
 * The doc's permalink path (not URL-encoded), e.g. `/docs/ros2/ros2-architecture`.
 *
 * @example
 * docusaurusRoute({ filePath: '01-ros2/01-ros2-architecture.md' }); // '/docs/ros2/ros2-architecture'
 * docusaurusRoute({ filePath: '01-ros2/index.md', routeBasePath: '/' }); // '/ros2/'
 */
export function docusaurusRoute(input: RouteInput): string {
  const { dirName, fileName } = splitDocPath(input.filePath);
  const dirSlug = dirName === '.' ? '/' : `/${dirName.split('/').map(stripNumberPrefix).join('/')}/`;
  let slug: string;
  if (input.slug?.startsWith('/')) slug = input.slug;
  else if (!input.slug && isConventionalDocIndex(input.filePath)) slug = dirSlug;
  else slug = resolvePathname(input.slug ?? input.id ?? stripNumberPrefix(fileName), dirSlug);
  const base = `/${(input.routeBasePath ?? '/docs').replace(/^\/+|\/+$/g, '')}`;
  return base === '/' ? slug : `${base}${slug}`;
}

/**
 * Absolute URL of a route: `baseUrl` (origin + site baseUrl) joined to the URI-encoded route.
 * With an empty `baseUrl` the encoded route alone is returned.
 *
 * @example
 * sourceUrlFor('https://book.example.com/', '/docs/ros2/'); // 'https://book.example.com/docs/ros2/'
 */
export function sourceUrlFor(baseUrl: string, route: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${encodeURI(route)}`;
}

/** Browser-style relative path resolution (what Docusaurus' `resolvePathname` does). */
function resolvePathname(to: string, fromDir: string): string {
  const segments = [...fromDir.split('/').slice(0, -1), ...to.split('/')];
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  const last = to.split('/').pop();
  const trailing = to.endsWith('/') || last === '.' || last === '..';
  return `/${out.join('/')}${trailing && out.length > 0 ? '/' : ''}`;
}
