import { describe, expect, it } from 'vitest';
import { chunkKind, isLandingPage, isLinkDominated, listOrTableShare } from '../../../../src/core/build-time/ingest/chunk-kind';
import { cleanChunkText } from '../../../../src/core/build-time/ingest/clean-chunk-text';
import { chunksOf, expectLineRangesMatch, paragraphs } from './chunk-test-helpers';

describe('cleanChunkText', () => {
  it('turns admonition fences into "Kind: Title" and drops the closing fence', () => {
    expect(cleanChunkText(':::tip Use a container\nMount the workspace.\n:::')).toBe('Tip: Use a container.\nMount the workspace.');
    expect(cleanChunkText(':::warning\nHot.\n:::')).toBe('Warning:\nHot.');
    expect(cleanChunkText(':::note[Read this]\nText.\n:::')).toBe('Note: Read this.\nText.');
  });

  it('drops JSX/HTML tags but keeps their inner text, and removes tag-only lines', () => {
    const source = '<Tabs groupId="x">\n  <Panel kind="py">\n\nRun <kbd>Ctrl</kbd>+C to stop.\n\n  </Panel>\n</Tabs>';
    expect(cleanChunkText(source)).toBe('Run Ctrl+C to stop.');
    expect(cleanChunkText('Line one<br/>line two, see <https://ros.org>.')).toBe('Line oneline two, see <https://ros.org>.');
  });

  it('reads the line that opens a tab as the tab\'s name, so each panel says whose it is', () => {
    // Without the names, three tabs of CPR steps read as three unnamed lists: adult depths for an infant.
    const source = [
      '<Tabs>',
      '<TabItem value="adult" label="Adult" default>',
      '',
      '1. Press down 5 to 6 cm.',
      '',
      '</TabItem>',
      "  <TabItem value='infant' label='Infant (under 1 year)'>",
      '',
      '1. Press with two fingertips, about 4 cm.',
      '',
      '  </TabItem>',
      '</Tabs>',
    ].join('\n');
    expect(cleanChunkText(source)).toBe('Adult:\n\n1. Press down 5 to 6 cm.\n\nInfant (under 1 year):\n\n1. Press with two fingertips, about 4 cm.');
    // Docusaurus shows the value when there is no label; Mintlify's <Tab> has a title; a name that ends a sentence gets no colon.
    expect(cleanChunkText('<TabItem value="yarn">\nyarn add x')).toBe('yarn:\nyarn add x');
    expect(cleanChunkText('<Tab title="Which one?">\nEither.')).toBe('Which one?\nEither.');
    // A tab opened and closed on one line, or named by an expression, keeps the old reading: its text alone.
    expect(cleanChunkText('<TabItem value="a" label="A">Inline</TabItem>')).toBe('Inline');
    expect(cleanChunkText('<TabItem label={name}>\nText')).toBe('Text');
  });

  it('reads a figure\'s caption or a card\'s title from the tag\'s own attributes, not from a tag inside an {…} expression', () => {
    expect(cleanChunkText('<Figure src="/a.png" caption="The cell cycle" />')).toBe('The cell cycle.');
    expect(cleanChunkText('<Card title="Checkpoints" icon={<Icon title="gear" />}>\nEach phase waits.\n</Card>')).toBe('Checkpoints:\nEach phase waits.');
    expect(cleanChunkText('<Figure caption="The cycle" alt={t("caption=\'x\'")} />')).toBe('The cycle.');
  });

  it('reads an <img> or a figure without caption that has an alt text as the markdown image it stands for, alt and all', () => {
    expect(cleanChunkText('Hops add bitterness.\n\n<img src="/img/h.png" alt="A hydrometer in wort" width="300" />')).toBe('Hops add bitterness.\n\n![A hydrometer in wort](/img/h.png)');
    expect(cleanChunkText('<Figure src="/img/c.jpg" alt="Dried [hop] cones" />')).toBe('![Dried hop cones](/img/c.jpg)');
    // Its source an expression (`require(…)`): the alt text still reads; a caption wins over it.
    expect(cleanChunkText('<img alt="Plot of sin(x)" src={require("./p.webp").default} />')).toBe('![Plot of sin(x)]()');
    expect(cleanChunkText('<Figure src="/a.png" alt="A diagram" caption="The cell cycle" />')).toBe('The cell cycle.');
    // No alt text, or one that names the file rather than describes the picture: nothing, as before.
    expect(cleanChunkText('Text.\n<img src="/img/h.png" />')).toBe('Text.');
    expect(cleanChunkText('Text.\n<img alt="gnuplot-01" src={require("./g.webp").default} />')).toBe('Text.');
  });

  it('reads a <details> box\'s one-line <summary> as its title with a colon, so it does not run into the answer', () => {
    const source = '<details>\n<summary>My loaf is dense and gummy</summary>\n\nThe bulk was too short.\n\n</details>';
    expect(cleanChunkText(source)).toBe('My loaf is dense and gummy:\n\nThe bulk was too short.');
    // A title that ends a sentence gets no colon; inline tags inside it go; an empty one vanishes.
    expect(cleanChunkText('  <summary class="q">Why is it <b>flat</b>?</summary>\nToo wet.')).toBe('Why is it flat?\nToo wet.');
    expect(cleanChunkText('<summary></summary>\nText')).toBe('Text');
    // Opened on the same line as its box, as GitHub READMEs write it.
    expect(cleanChunkText('<details open><summary>Build from source</summary>\nRun make.\n</details>')).toBe('Build from source:\nRun make.');
  });

  it('keeps a backslash-escaped `<` as the literal text it is, without its backslash (CommonMark)', () => {
    expect(cleanChunkText('a hard break (\\<br> element)')).toBe('a hard break (<br> element)');
    expect(cleanChunkText('if a \\< b, <b>swap</b> them')).toBe('if a < b, swap them');
    // An escaped backslash before a real tag: the tag still goes.
    expect(cleanChunkText('C:\\\\<br>next')).toBe('C:\\\\next');
    expect(cleanChunkText('in code `\\<br>` stays')).toBe('in code `\\<br>` stays');
  });

  it('removes MDX import/export statements and HTML comments, even across lines', () => {
    const source = "import Tabs from '@theme/Tabs';\nimport {\n  TabItem,\n} from '@theme/TabItem';\nexport const x = 1;\n\nText <!-- hidden\nstill hidden --> shown.";
    expect(cleanChunkText(source)).toBe('Text shown.');
  });

  it('leaves code fences and inline code verbatim', () => {
    const source = "Use `<robot>_interfaces` here.\n\n```tsx\nimport X from 'x';\n<Tabs>\n:::tip not an admonition\n<!-- kept -->\n```";
    expect(cleanChunkText(source)).toBe(source);
  });
  it('reads an unclosed "<b" before a long run of spaces as text, with no pattern to backtrack', () => {
    // The tag pattern read the spaces three ways ("\\s+", the attributes, "\\s*"): 7 s at 3,000
    // spaces, hours here (the test's time limit is far above what it takes now; no time is asserted).
    expect(cleanChunkText(`<b${' '.repeat(50_000)}x`)).toBe('<b x');
    expect(cleanChunkText('a <b  class="x"  >bold</b> word')).toBe('a bold word');
  });
  it('leaves a fence indented under a list item verbatim too: a placeholder in `<…>` is code, no tag', () => {
    // A numbered step's code, four spaces deep: read as prose, "<pkg>" was dropped as a tag and a
    // doctest's "<re.Match object; …>" output line vanished.
    const source = ['1. Install it:', '', '    ```bash', '    npm install <pkg>  # then  restart', '    <!-- kept -->', '    ```', '', '2. Done.'].join('\n');
    expect(cleanChunkText(source)).toBe(source);
  });
  it('cleans the prose after a fence left open in a list item: the item, and its code, ended there', () => {
    const source = ['1. Install:', '', '    ```bash', '    npm i <pkg>', '', 'Then read <b>this</b> <!-- a note --> and go on.'].join('\n');
    expect(cleanChunkText(source)).toBe(['1. Install:', '', '    ```bash', '    npm i <pkg>', '', 'Then read this and go on.'].join('\n'));
  });
  it('reads a tab panel\'s text without the indent Docusaurus\'s docs write it with, as the page shows it', () => {
    // Kept, "Floss:" then a blank line then an indented paragraph read as an indented code block in
    // any markdown client. Nested items keep their depth below the panel's own indent.
    const source = [
      '<Tabs>',
      '  <TabItem value="floss" label="Floss">',
      '',
      '    Floss once a day.',
      '',
      '    ```bash',
      '    echo <name>',
      '    ```',
      '',
      '    - one',
      '      - nested',
      '',
      '  </TabItem>',
      '</Tabs>',
      '',
      '    An indented code line after the tabs.',
    ].join('\n');
    expect(cleanChunkText(source)).toBe('Floss:\n\nFloss once a day.\n\n```bash\necho <name>\n```\n\n- one\n  - nested\n\n    An indented code line after the tabs.');
  });
  it('ends a tab panel at its closing tag only outside code, and at a closing tag that ends a line of text', () => {
    // A code block in a panel that shows tab markup closed the panel early: the panel's text after
    // it kept its indent and read as an indented code block.
    const shown = ['<Tabs>', '  <TabItem value="a" label="A">', '', '    Write:', '', '    ```mdx', '    <TabItem value="b">', '    </TabItem>', '    ```', '', '    After the code.', '', '  </TabItem>', '</Tabs>'];
    expect(cleanChunkText(shown.join('\n'))).toBe(['A:', '', 'Write:', '', '```mdx', '<TabItem value="b">', '</TabItem>', '```', '', 'After the code.'].join('\n'));
    // A panel closed at the end of its text: what follows the tabs keeps its own indent.
    const inline = ['<Tabs>', '  <TabItem value="a" label="A">', '    Text.</TabItem>', '</Tabs>', '', 'Prose.', '', '    indented code'];
    expect(cleanChunkText(inline.join('\n'))).toBe(['A:', 'Text.', '', 'Prose.', '', '    indented code'].join('\n'));
    // A tab on one line opens no panel, so it closes none: the panel around it goes on.
    const oneLine = ['<TabItem value="a" label="A">', '', '    Outer.', '', '    <TabItem value="b">Inner</TabItem>', '', '    Still outer.', '</TabItem>'];
    expect(cleanChunkText(oneLine.join('\n'))).toBe(['A:', '', 'Outer.', '', 'Inner', '', 'Still outer.'].join('\n'));
  });
});

describe('chunk text and labels in chunks', () => {
  it('shows an escaped tag as the reader sees it: `\\<br>` reads "<br>"', async () => {
    const [chunk] = await chunksOf('breaks.md', '# Breaks\n\nEnd a line with a hard break (\\<br> element) or two spaces.\n');
    expect(chunk!.payload.content).toBe('# Breaks\n\nEnd a line with a hard break (<br> element) or two spaces.');
  });

  it('never shows tags, imports, comments or fences in chunk content, and keeps line ranges exact', async () => {
    const text = [
      "import Tabs from '@theme/Tabs';", '', '# Guide', '', paragraphs(1, 4, 'Intro'), '',
      '<!-- editors: keep short -->', '', ':::tip Use a container', 'Mount your workspace as a volume.', ':::', '',
      '## Topics', '', 'A topic is a named channel. Nodes publish messages to it and other nodes subscribe to read them, without knowing each other or how many readers there are.', '',
    ].join('\n');
    const chunks = await chunksOf('g.mdx', text);
    const all = chunks.map((c) => c.payload.content).join('\n');
    expect(all).not.toMatch(/import|<!--|editors|:::/);
    expect(all).toContain('Tip: Use a container.\nMount your workspace as a volume.');
    expect(chunks.at(-1)!.payload).toMatchObject({ section: 'Topics', headings: ['Guide', 'Topics'], kind: 'content' });
    expectLineRangesMatch(text, chunks);
  });
});

describe('chunk kind', () => {
  it('marks the lists and tables of landing pages (index, README, numbered or not) as overview, their prose and chapters as content', () => {
    expect(isLandingPage('01-ros2/index.md')).toBe(true);
    expect(isLandingPage('00-index.mdx')).toBe(true);
    expect(isLandingPage('guide/README.md')).toBe(true);
    expect(isLandingPage('01-ros2/02-indexing.md')).toBe(false);
    const table = '## Chapters in this module\n\n| Chapter | Topic |\n|---|---|\n| 1 | Architecture |\n| 2 | Nodes and topics |';
    const outcomes = '## What you will learn\n\n- Explain the layered design.\n- Write publishers and subscribers.\n- Choose QoS settings.';
    expect(chunkKind('01-ros2/index.md', table)).toBe('overview');
    expect(chunkKind('01-ros2/index.md', outcomes)).toBe('overview');
    expect(chunkKind('02-sim/index.md', '## What is a digital twin?\n\nA digital twin is a virtual replica of a robot.')).toBe('content');
    expect(chunkKind('01-ros2/02-nodes.md', table)).toBe('content');
    expect(chunkKind('01-ros2/02-nodes.md', 'A topic is a named channel.')).toBe('content');
  });

  it('counts a list item\'s wrapped lines as the list\'s, not as prose', () => {
    const wrapped = [
      'The pages of this chapter:',
      '',
      '- *Nodes* covers what a node is,',
      '  how it starts, how it reads its parameters and how it shuts down cleanly.',
      '- *Topics* explains publishers and subscribers,',
      '  message types, queue sizes and how to choose the quality of service.',
    ].join('\n');
    expect(chunkKind('01-ros2/index.md', wrapped)).toBe('overview');
    // A paragraph after a blank line is prose; right under an item, unindented, it is the item's
    // lazy continuation, as markdown renders it (the highlight joins it to the item too).
    const paragraph = 'When a node starts it reads its parameters, and when it shuts down it\nreleases them; the next chapter shows how to declare parameters and read them back.';
    expect(chunkKind('01-ros2/index.md', `${wrapped}\n\n${paragraph}`)).toBe('content');
    const lazy = ['- *Nodes* covers what a node is,', 'how it starts and how it stops.', '- *Topics* explains publishers,', 'subscribers and message types.'].join('\n');
    expect(chunkKind('01-ros2/index.md', lazy)).toBe('overview');
  });

  it('marks a landing page\'s list as overview when each of its three or more entries links to a chapter, however long the prose around it', () => {
    const before = 'Before there is any water chemistry to worry about there is furniture: a glass box, a stand strong\nenough to hold it, a filter, a heater, a light and something on the bottom. The choices you make here\nare hard to undo once the tank is full, because a full tank cannot be moved.';
    const after = 'If you already own a tank, read the second chapter anyway: an undersized filter or heater is the\nmost common equipment problem in a beginner\'s set-up.';
    const items = ['1. [Choosing a tank](./choosing-a-tank) — size, shape, weight and where to put it.', '2. [Filters and heaters](./filters-and-heaters) — the equipment that runs day and night.', '3. [Plants and decor](./plants-and-decor) — the bottom, live plants, rocks and wood.'];
    const page = (list: string[]) => `# Setting up the tank\n\n${before}\n\nThis part has three chapters:\n\n${list.join('\n')}\n\n${after}`;
    expect(listOrTableShare(page(items))).toMatchObject({ linkedEntries: 3, unlinkedEntries: 0 });
    expect(listOrTableShare(page(items)).share).toBeLessThan(0.4);
    expect(chunkKind('01-setting-up/index.md', page(items))).toBe('overview');
    // One entry that links nowhere: a list of things, not of chapters; the prose carries the page.
    const mixed = [...items.slice(0, 2), '3. Plants and decor — the bottom, live plants, rocks and wood.'];
    expect(chunkKind('01-setting-up/index.md', page(mixed))).toBe('content');
    // A table's header row names columns and is no entry.
    const table = '| Chapter | About |\n|---|---|\n| [Tanks](./tanks) | size |\n| [Filters](./filters) | flow |\n| [Plants](./plants) | light |';
    expect(listOrTableShare(`${before}\n\n${table}`)).toMatchObject({ linkedEntries: 3, unlinkedEntries: 0 });
  });

  it('marks a landing page\'s table of chapter links as overview even with a paragraph before and after it', () => {
    const intro = 'Before we can say anything about memory or emotion, we need two foundations: a way of\ncollecting trustworthy evidence, and a picture of the organ that produces behaviour.';
    const outro = 'By the end of this part you can read a study with a critical eye.';
    const linked = '| Chapter | What you will learn |\n|---|---|\n| [Research methods](research-methods) | Hypotheses, experiments, correlation and ethics |\n| [The brain](brain) | Neurons, neurotransmitters and brain regions |';
    const page = `# Part 1: Foundations\n\n${intro}\n\n${linked}\n\n${outro}`;
    expect(listOrTableShare(page)).toMatchObject({ linkedEntries: 2 });
    expect(listOrTableShare(page).share).toBeLessThan(0.6);
    expect(chunkKind('01-foundations/index.md', page)).toBe('overview');
    // The same table without links is a table of facts, and the prose around it carries more: content.
    const unlinked = linked.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
    expect(chunkKind('01-foundations/index.md', `# Part 1: Foundations\n\n${intro}\n\n${unlinked}\n\n${outro}`)).toBe('content');
    // A chapter page with such a table is still a chapter.
    expect(chunkKind('01-foundations/01-research-methods.md', page)).toBe('content');
    // Prose that teaches, with a short list of two links under it, stays content.
    const teaching = `${paragraphs(1, 3, 'Prose')}\n\n- [Nodes](nodes)\n- [Topics](topics)`;
    expect(chunkKind('01-ros2/index.md', teaching)).toBe('content');
  });

  it('marks a chunk carried by links as overview, not prose that cites a link or two', () => {
    const list = '## Chapters\n\n- [Nodes and topics](./nodes)\n- [Quality of service](./qos)\n- [Launch files](./launch)';
    expect(isLinkDominated(list)).toBe(true);
    expect(chunkKind('01-ros2/09-more.md', list)).toBe('overview');
    const prose = `${paragraphs(1, 4, 'Prose')} See [the QoS chapter](./qos) and [launch](./launch) and [tf2](./tf2).`;
    expect(isLinkDominated(prose)).toBe(false);
  });
});

describe('code inside a longer fence', () => {
  it('keeps a ````md block whole, though it shows a ```js block: comments and braces after the inner fence are code', () => {
    const source = ['Before <!-- a real comment --> after.', '````md', '```js', 'const x = 1;', '```', '<!-- shown, in code -->', '{/* shown, in code */}', '````', '<!-- gone -->Done.'].join('\n');
    expect(cleanChunkText(source).split('\n')).toEqual(['Before after.', '````md', '```js', 'const x = 1;', '```', '<!-- shown, in code -->', '{/* shown, in code */}', '````', 'Done.']);
  });
});

describe('nested admonitions', () => {
  it('reads fences of four or five colons as fences too', () => {
    const source = ['::::warning Outer warning', 'Careful here.', ':::tip[Inner tip]', 'Do this.', ':::', '::::', ':::::danger', 'Stop.', ':::::'].join('\n');
    expect(cleanChunkText(source).split('\n')).toEqual(['Warning: Outer warning.', 'Careful here.', 'Tip: Inner tip.', 'Do this.', 'Danger:', 'Stop.']);
  });
});

describe('spacing', () => {
  it('collapses the spaces a removed comment leaves in prose, but keeps indentation and a table row\'s padding', () => {
    const source = ['Some text <!-- gone --> and more.', '  - an indented item', '| Name     | Size |', '| -------- | ---- |', '| a        | 1    |'].join('\n');
    expect(cleanChunkText(source).split('\n')).toEqual(['Some text and more.', '  - an indented item', '| Name     | Size |', '| -------- | ---- |', '| a        | 1    |']);
  });
});


describe('comments and inline code', () => {
  it('keeps a comment written inside inline code: it is text the reader sees', () => {
    expect(cleanChunkText('- Disable all rules: `<!-- markdownlint-disable -->`\n- And {/* a real one */} here')).toBe('- Disable all rules: `<!-- markdownlint-disable -->`\n- And here');
  });

  it('reads an unclosed <!-- inside a line as text, not as a comment eating the rest of the chunk', () => {
    const source = 'An HTML comment opens with `<!--` and closes with `-->`.\n\n## Next\n\nMore text <!-- a real comment --> after.';
    expect(cleanChunkText(source)).toBe('An HTML comment opens with `<!--` and closes with `-->`.\n\n## Next\n\nMore text after.');
    expect(cleanChunkText('Less than <!-- is not closed here\n\nStill here.')).toBe('Less than <!-- is not closed here\n\nStill here.');
  });

  it('drops an HTML comment block that opens a line and never closes, to the end (CommonMark)', () => {
    expect(cleanChunkText('Kept.\n\n<!-- draft notes\nnever closed')).toBe('Kept.');
  });
});
