import { describe, expect, it } from 'vitest';
import {
  docusaurusRoute,
  isConventionalDocIndex,
  sourceUrlFor,
  stripNumberPrefix,
} from '../../../../src/core/build-time/ingest/docusaurus-route';

describe('stripNumberPrefix (Docusaurus DefaultNumberPrefixParser)', () => {
  it.each([
    ['01-ros2', 'ros2'],
    ['0-myDoc', 'myDoc'],
    ['1.intro', 'intro'],
    ['01_intro', 'intro'],
    ['003 - myDoc', 'myDoc'],
    ['2021-05-12-post', '2021-05-12-post'], // date-like: kept
    ['1.2-release', '1.2-release'], // version-like: kept
    ['01-', '01-'], // nothing after the prefix
    ['ros2', 'ros2'],
  ])('%s → %s', (input, expected) => {
    expect(stripNumberPrefix(input)).toBe(expected);
  });
});

describe('isConventionalDocIndex', () => {
  it.each([
    ['index.md', true],
    ['01-ros2/index.mdx', true],
    ['01-ros2/README.md', true],
    ['guides/Guides.md', true],
    ['01-ros2/01-ros2.md', true], // compared with the folder name before stripping
    ['01-ros2/ros2.md', false],
    ['01-ros2/intro.md', false],
  ])('%s → %s', (path, expected) => {
    expect(isConventionalDocIndex(path)).toBe(expected);
  });
});

describe('docusaurusRoute', () => {
  it('follows the examples of the Docusaurus "create a doc" guide', () => {
    expect(docusaurusRoute({ filePath: 'greeting.md' })).toBe('/docs/greeting');
    expect(docusaurusRoute({ filePath: 'guide/hello.md' })).toBe('/docs/guide/hello');
    expect(docusaurusRoute({ filePath: 'guide/hello.md', slug: '/bonjour' })).toBe('/docs/bonjour');
    expect(docusaurusRoute({ filePath: 'guide/hello.md', slug: 'bonjour' })).toBe('/docs/guide/bonjour');
    expect(docusaurusRoute({ filePath: 'guide/hello.md', slug: '../bonjour' })).toBe('/docs/bonjour');
  });

  it('strips number prefixes from folders and file names', () => {
    expect(docusaurusRoute({ filePath: '01-ros2/01-ros2-architecture.md' })).toBe('/docs/ros2/ros2-architecture');
    expect(docusaurusRoute({ filePath: '1.basics/02_setup/3.install.mdx' })).toBe('/docs/basics/setup/install');
    expect(docusaurusRoute({ filePath: 'news/2021-05-12-post.md' })).toBe('/docs/news/2021-05-12-post');
  });

  it('gives index-like files the folder route', () => {
    expect(docusaurusRoute({ filePath: 'index.md' })).toBe('/docs/');
    expect(docusaurusRoute({ filePath: '01-ros2/index.md' })).toBe('/docs/ros2/');
    expect(docusaurusRoute({ filePath: '01-ros2/README.md' })).toBe('/docs/ros2/');
    expect(docusaurusRoute({ filePath: '01-ros2/01-ros2.md' })).toBe('/docs/ros2/');
    expect(docusaurusRoute({ filePath: 'guides/guides.mdx' })).toBe('/docs/guides/');
    expect(docusaurusRoute({ filePath: '01-ros2/ros2.md' })).toBe('/docs/ros2/ros2');
  });

  it('uses the front-matter id in place of the file name, except for index files', () => {
    expect(docusaurusRoute({ filePath: '01-ros2/01-architecture.md', id: 'arch' })).toBe('/docs/ros2/arch');
    expect(docusaurusRoute({ filePath: '01-ros2/index.md', id: 'overview' })).toBe('/docs/ros2/');
  });

  it('resolves slugs: absolute as is, relative against the stripped folder', () => {
    expect(docusaurusRoute({ filePath: '01-ros2/x.md', slug: '/custom/path' })).toBe('/docs/custom/path');
    expect(docusaurusRoute({ filePath: 'intro.md', slug: '/' })).toBe('/docs/');
    expect(docusaurusRoute({ filePath: '01-ros2/x.md', slug: 'my-slug', id: 'ignored' })).toBe('/docs/ros2/my-slug');
    expect(docusaurusRoute({ filePath: '01-ros2/index.md', slug: 'overview' })).toBe('/docs/ros2/overview');
    expect(docusaurusRoute({ filePath: '01-ros2/x.md', slug: './here/' })).toBe('/docs/ros2/here/');
    expect(docusaurusRoute({ filePath: 'a/b/x.md', slug: '../../top' })).toBe('/docs/top');
  });

  it('honours routeBasePath, including "/" (docs-only mode)', () => {
    expect(docusaurusRoute({ filePath: '01-ros2/01-ros2-architecture.md', routeBasePath: '/' })).toBe('/ros2/ros2-architecture');
    expect(docusaurusRoute({ filePath: 'index.md', routeBasePath: '/' })).toBe('/');
    expect(docusaurusRoute({ filePath: 'intro.md', routeBasePath: 'guide/' })).toBe('/guide/intro');
    expect(docusaurusRoute({ filePath: 'intro.md', routeBasePath: '' })).toBe('/intro');
  });

  it('accepts Windows separators and a leading ./', () => {
    expect(docusaurusRoute({ filePath: '01-ros2\\02-nodes.md' })).toBe('/docs/ros2/nodes');
    expect(docusaurusRoute({ filePath: './intro.md' })).toBe('/docs/intro');
  });
});

describe('sourceUrlFor', () => {
  it('joins the base URL and URI-encodes the route', () => {
    expect(sourceUrlFor('https://book.example.com', '/docs/ros2/')).toBe('https://book.example.com/docs/ros2/');
    expect(sourceUrlFor('https://x.dev/book/', '/docs/my doc')).toBe('https://x.dev/book/docs/my%20doc');
    expect(sourceUrlFor('', '/docs/über')).toBe('/docs/%C3%BCber');
  });
});
