import { describe, expect, it } from 'vitest';
import { chapterOf, sharedFileNames } from '../../../../src/core/build-time/ingest/doc-metadata';

describe('chapterOf', () => {
  it('is the file name without extension and number prefix for an ordinary page', () => {
    expect(chapterOf('01-ros2/02-nodes.mdx')).toBe('nodes');
    expect(chapterOf('intro.md')).toBe('intro');
  });

  it("is the folder's name for a folder's index page (index.md, README.md, any case), as Docusaurus serves it at the folder", () => {
    expect(chapterOf('helpers/README.md')).toBe('helpers');
    expect(chapterOf('01-ros2/index.md')).toBe('ros2');
    expect(chapterOf('guide/setup/Readme.mdx')).toBe('setup');
    expect(chapterOf('guides/Guides.md')).toBe('guides');
    // At the docs root there is no folder to name it after.
    expect(chapterOf('README.md')).toBe('README');
  });

  it("is the folder's name for a file name other pages share (SKILL.md in every folder)", () => {
    const shared = new Set(['SKILL']);
    expect(chapterOf('skills/camera/SKILL.md', undefined, shared)).toBe('camera');
    expect(chapterOf('skills/02-input/SKILL.md', undefined, shared)).toBe('input');
    expect(chapterOf('skills/camera/usage.md', undefined, shared)).toBe('usage');
  });

  it('takes front-matter `chapter` over everything', () => {
    expect(chapterOf('helpers/README.md', 'Helper functions')).toBe('Helper functions');
    expect(chapterOf('skills/camera/SKILL.md', 'Cameras', new Set(['SKILL']))).toBe('Cameras');
  });
});

describe('sharedFileNames', () => {
  it('names the file names (as chapterOf reads them) that more than one page has', () => {
    const paths = ['skills/camera/SKILL.md', 'skills/input/SKILL.md', 'a/01-intro.md', 'b/02-intro.mdx', 'c/setup.md', 'intro-extra.md'];
    expect([...sharedFileNames(paths)].sort()).toEqual(['SKILL', 'intro']);
  });
});
