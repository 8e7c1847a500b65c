import { describe, expect, it } from 'vitest';
import { admonitionLabel, mkdocsBodies } from '../../../../src/core/build-time/ingest/admonitions';
import { cleanChunkText } from '../../../../src/core/build-time/ingest/clean-chunk-text';
import { chunksOf, expectLineRangesMatch } from './chunk-test-helpers';
import { highlightPassage } from '../../../../src/core/query/search/highlight';
import { questionWeights } from '../../../../src/core/query/search/question-weights';

describe('admonitionLabel', () => {
  it.each([
    [':::tip Use a container', 'Tip: Use a container.'],
    [':::note[Read this]', 'Note: Read this.'],
    ['> [!NOTE]', '> Note:'],
    ['> [!warning]', '> Warning:'],
    ['> > [!TIP]', '> > Tip:'],
    ['> [!tip]- Obsidian title', '> Tip: Obsidian title.'],
    ['!!! note "Title"', 'Note: Title.'],
    ['!!! note', 'Note:'],
    ['!!! danger ""', 'Danger:'],
    ['!!! info inline end "Aside"', 'Info: Aside.'],
    ['??? question "Folded"', 'Question: Folded.'],
    ['???+ example', 'Example:'],
  ])('%s → %s', (line, text) => {
    expect(admonitionLabel(line)?.text).toBe(text);
  });

  it('ends a title with a full stop unless it has its own ending, so the body\'s first sentence is not read as its continuation', () => {
    expect(admonitionLabel(':::caution Why does this fail?')?.text).toBe('Caution: Why does this fail?');
    expect(admonitionLabel(':::note Done.')?.text).toBe('Note: Done.');
    expect(admonitionLabel(':::tip **Count out loud**')?.text).toBe('Tip: **Count out loud**.');
    const boxed = cleanChunkText(':::caution A common reading mistake\nBeginners forget that an accidental lasts to the bar line.\n:::');
    const h = highlightPassage(boxed, questionWeights('accidental bar line'))!;
    expect(h.text).toBe('Beginners forget that an accidental lasts to the bar line.');
  });

  it('leaves other lines alone: a plain quote, a link label, shouting prose', () => {
    for (const line of ['> a quote', '> [link](x)', '> [ ] task', 'Wow!!! note that', '!!!']) expect(admonitionLabel(line)).toBeNull();
  });
});

describe('mkdocsBodies', () => {
  it('dedents each open admonition by four columns and closes those a line indents less than', () => {
    const bodies = mkdocsBodies();
    expect(bodies.dedent('!!! note')).toBe('!!! note');
    bodies.open();
    expect(bodies.dedent('    body')).toBe('body');
    expect(bodies.dedent('\t\tdeeper, tab-indented')).toBe('\tdeeper, tab-indented');
    expect(bodies.dedent('out again')).toBe('out again');
    expect(bodies.dedent('    not a body any more')).toBe('    not a body any more');
  });
});

describe('cleanChunkText: GitHub alerts and MkDocs admonitions', () => {
  it('renders Docusaurus\'s `<Admonition type title>` component as its `:::type Title` reads', () => {
    expect(cleanChunkText('<Admonition type="warning" title="Changing jobs">\nRoll it over.\n</Admonition>')).toBe('Warning: Changing jobs.\nRoll it over.');
    expect(cleanChunkText("<Admonition type='tip'>\nStart small.\n</Admonition>")).toBe('Tip:\nStart small.');
    // Without a type it is any component: its title is a label.
    expect(cleanChunkText('<Admonition title="Heads up">\nText.\n</Admonition>')).toBe('Heads up:\nText.');
  });

  it('renders `> [!NOTE]` as `> Note:`, as Docusaurus admonitions read "Note: Title"', () => {
    expect(cleanChunkText('> [!NOTE]\n> Useful information users should know.')).toBe('> Note:\n> Useful information users should know.');
    expect(cleanChunkText('> [!CAUTION]\n> Negative outcomes.')).toBe('> Caution:\n> Negative outcomes.');
  });

  it('renders `!!! note "Title"` as `Note: Title` with its body as the page shows it, code fences included', () => {
    const source = '!!! note "Phaser scenes"\n    A scene owns its objects.\n\n    ```js\n    this.add.text(0, 0, "<b>");\n    ```\n\n    !!! tip\n        Nested.\n\nAfter the box.';
    expect(cleanChunkText(source)).toBe('Note: Phaser scenes.\nA scene owns its objects.\n\n```js\nthis.add.text(0, 0, "<b>");\n```\n\nTip:\nNested.\n\nAfter the box.');
  });

  it('leaves an admonition shown inside a code fence as code', () => {
    const source = '```md\n!!! note\n    body\n> [!NOTE]\n```\n    indented code after';
    expect(cleanChunkText(source)).toBe(source);
  });
});

describe('chunks of a page with GitHub alerts and MkDocs admonitions', () => {
  it('show no alert or admonition markup, and keep exact line ranges', async () => {
    const text = '# Setup\n\n> [!WARNING]\n> Back up your saves before upgrading the engine.\n\n!!! tip "Faster builds"\n    Cache the asset folder between runs of the build.\n';
    const chunks = await chunksOf('setup.md', text);
    const all = chunks.map((c) => c.payload.content).join('\n');
    expect(all).toBe('# Setup\n\n> Warning:\n> Back up your saves before upgrading the engine.\n\nTip: Faster builds.\nCache the asset folder between runs of the build.');
    expectLineRangesMatch(text, chunks);
  });
});
