import { describe, expect, it } from 'vitest';
import { chunkMarkdownFile } from '../../../../src/core/build-time/ingest/chunk-markdown-file';
import { MAX_CONSTRUCT_STEPS, MAX_EMPHASIS_STEPS, MAX_EXPRESSION_RESCAN, MAX_RESCAN, tangledInline } from '../../../../src/core/build-time/ingest/tangled-inline';

const repeat = (n: number, make: (i: number) => string): string => Array.from({ length: n }, (_, i) => make(i)).join('');

describe('tangledInline: emphasis and strikethrough', () => {
  it('finds emphasis nested past the limit, in one run of markers or run by run', () => {
    expect(tangledInline(`${'*'.repeat(20000)}x${'*'.repeat(20000)}`)).toEqual({ line: 1, construct: 'emphasis', depth: 101 });
    expect(tangledInline(`# Title\n\nIntro.\n\n${repeat(20000, (i) => `*a${i} `)}x${'*'.repeat(20000)}`)).toEqual({ line: 5, construct: 'emphasis', depth: 101 });
    expect(tangledInline(`${repeat(300, (i) => `_a${i} `)}x${repeat(300, (i) => `b${i}_ `)}`)).toMatchObject({ depth: 101 });
  });

  it('lets through nesting up to the limit (100 strong levels) and counts levels as the parser does', () => {
    expect(tangledInline(`${'*'.repeat(200)}x${'*'.repeat(200)}`)).toBeNull();
    expect(tangledInline(`${'*'.repeat(202)}x${'*'.repeat(202)}`)).toEqual({ line: 1, construct: 'emphasis', depth: 101 });
    expect(tangledInline('***a** b*', { limits: { depth: 1 } })).toEqual({ line: 1, construct: 'emphasis', depth: 2 }); // emphasis(strong(a) b)
    expect(tangledInline('***a** b*', { limits: { depth: 2 } })).toBeNull();
  });

  it('finds closers that pair with nothing, each walked back over the whole paragraph', () => {
    const found = tangledInline(`${repeat(5000, (i) => `_a${i} `)}${repeat(5000, (i) => `b${i}* `)}`);
    expect(found).toMatchObject({ line: 1, construct: 'emphasis' });
    expect(found && 'steps' in found && found.steps).toBeGreaterThan(MAX_EMPHASIS_STEPS);
  });

  it('pairs `~` and `~~` as strikethrough, each with a run of its own length (5,000 `~a` then 5,000 `b~` took 9.6 s)', () => {
    expect(tangledInline(`${repeat(5000, (i) => `~a${i} `)}${repeat(5000, (i) => `b${i}~ `)}`)).toEqual({ line: 1, construct: 'emphasis', depth: 101 });
    expect(tangledInline(`${repeat(300, (i) => `~~a${i} `)}x${repeat(300, (i) => `b${i}~~ `)}`)).toMatchObject({ depth: 101 });
    expect(tangledInline(`${repeat(300, (i) => `~a${i} `)}x${repeat(300, (i) => `b${i}~~ `)}`)).toBeNull();
    expect(tangledInline(repeat(2000, (i) => `~~~a${i} `))).toBeNull();
  });

  it('passes ordinary emphasis: pairs, bold list items, snake_case, code, escapes', () => {
    expect(tangledInline(repeat(1000, (i) => `*a${i}* **b${i}** ~~c${i}~~ `))).toBeNull();
    expect(tangledInline(repeat(5000, (i) => `- **item ${i}**: some *text*\n`))).toBeNull();
    expect(tangledInline(repeat(1000, (i) => `snake_case_${i} `))).toBeNull();
    expect(tangledInline(repeat(1000, (i) => `\`*a${i}\` \\*b `))).toBeNull();
    expect(tangledInline(`\`\`\`\n${'*'.repeat(500)}x${'*'.repeat(500)}\n\`\`\`\n`)).toBeNull();
  });

  it('ends a paragraph at a blank line: many short paragraphs of stray markers are cheap', () => {
    expect(tangledInline(repeat(5000, (i) => `a${i}* b*\n\n`))).toBeNull();
    expect(tangledInline(repeat(5000, (i) => `a${i}* b*\n`))).toMatchObject({ line: expect.any(Number) });
  });
});

describe('tangledInline: what the parser reads again', () => {
  it('finds `]` reading back to far `[` (5,000 `[a` then 5,000 `b]` took 1.6 s, 20,000 over 30 s), or to the last bracket', () => {
    const found = tangledInline(`# Links\n\n${repeat(5000, (i) => `[a${i} `)}${repeat(5000, (i) => `b${i}] `)}`);
    expect(found).toMatchObject({ line: 3, construct: 'brackets' });
    expect(found && 'steps' in found && found.steps).toBeGreaterThan(MAX_RESCAN);
    expect(tangledInline(`${'['.repeat(20000)}a${']'.repeat(20000)}`)).toMatchObject({ construct: 'brackets' });
    expect(tangledInline(repeat(20000, (i) => `a${i}] `))).toMatchObject({ construct: 'brackets' });
  });

  it('finds `<!--`, `<?`, `<![CDATA[` and `<!X` with no end, each read to the end of the paragraph', () => {
    for (const open of ['<!--', '<?', '<![CDATA[', '<!A']) {
      expect(tangledInline(repeat(5000, (i) => `a ${open} b${i} `))).toMatchObject({ line: 1, construct: 'html' });
    }
    expect(tangledInline(repeat(1000, (i) => `a <!-- b${i} --> <?c?> <!D> `))).toBeNull();
  });

  it('finds backtick runs with no closing run (and `$` runs, as MDX math)', () => {
    const runs = (marker: string): string => repeat(800, (i) => `e${marker.repeat(i + 1)}`);
    expect(tangledInline(runs('`'))).toMatchObject({ line: 1, construct: 'code' });
    expect(tangledInline(runs('$'), { mdx: true })).toMatchObject({ line: 1, construct: 'math' });
    expect(tangledInline(runs('$'))).toBeNull();
    expect(tangledInline(repeat(5000, (i) => `\`a${i}\` $b${i}$ `), { mdx: true })).toBeNull();
  });

  it('finds a paragraph of tens of thousands of constructs or lines, merged once per construct (20,000 links: 6.5 s)', () => {
    const found = tangledInline(`Intro.\n\n${repeat(20000, (i) => `a [b${i}](c) d `)}`);
    expect(found).toMatchObject({ line: 3, construct: 'constructs' });
    expect(found && 'steps' in found && found.steps).toBeGreaterThan(MAX_CONSTRUCT_STEPS);
    expect(tangledInline(repeat(20000, (i) => `a & b${i}\n`))).toMatchObject({ construct: 'constructs' });
    expect(tangledInline(repeat(2000, (i) => `a [b${i}](c) d `))).toBeNull();
    expect(tangledInline(repeat(20000, (i) => `a [b${i}](c) d\n\n`))).toBeNull();
  });

  it('finds an MDX expression acorn would re-parse at each of thousands of `}`, in .mdx only', () => {
    const wide = `# Data\n\n{[\n${repeat(3000, () => '{},')}\n]}\n`;
    const found = tangledInline(wide, { mdx: true });
    expect(found).toMatchObject({ line: 4, construct: 'expression' });
    expect(found && 'steps' in found && found.steps).toBeGreaterThan(MAX_EXPRESSION_RESCAN);
    expect(tangledInline(`<A b={${'{a:'.repeat(1000)}1${'}'.repeat(1000)}} />\n`, { mdx: true })).toMatchObject({ construct: 'expression' });
    expect(tangledInline(wide)).toBeNull();
    expect(tangledInline(repeat(2000, (i) => `<Tabs value={${i}} style={{ margin: 0 }}>\n\n\`{\` text\n\n</Tabs>\n\n`), { mdx: true })).toBeNull();
  });
});

describe('chunkMarkdownFile: tangled inline content', () => {
  it('skips a page of 20,000 nested `*` with its reason, before the parser (which took ~25 s to overflow)', async () => {
    for (const text of [`${'*'.repeat(20000)}x${'*'.repeat(20000)}`, `# Deep\n\n${repeat(20000, (i) => `*a${i} `)}x${'*'.repeat(20000)}`]) {
      const result = await chunkMarkdownFile({ filePath: 'emphasis.md', text });
      expect(result).toMatchObject({ ok: false, code: 'too_deeply_nested' });
      expect(!result.ok && result.reason).toMatch(/^emphasis \(`\*`\/`_`\/`~`\) nested 101 levels deep at line \d+ \(at most 100 are read\)/);
    }
  });

  it('skips a page whose closers pair with nothing, naming the paragraph', async () => {
    const text = `# Stray\n\n${repeat(5000, (i) => `_a${i} `)}${repeat(5000, (i) => `b${i}* `)}\n`;
    const result = await chunkMarkdownFile({ filePath: 'stray.md', text });
    expect(result).toMatchObject({ ok: false, code: 'too_deeply_nested' });
    expect(!result.ok && result.reason).toMatch(/pair with nothing in the paragraph at line 3/);
  });

  it('skips pages of far-reading brackets, unclosed comments, tens of thousands of links, or a costly MDX expression', async () => {
    const pages: [string, string, RegExp][] = [
      ['links.md', `# Links\n\n${repeat(5000, (i) => `[a${i} `)}${repeat(5000, (i) => `b${i}] `)}\n`, /^brackets \(`\[`\/`\]`\) that each read back .* at line 3:/],
      ['comments.md', `# Comments\n\n${repeat(5000, (i) => `a <!-- b${i} `)}\n`, /^unclosed `<!--`.* at line 3:/],
      ['many.md', `# Many\n\n${repeat(20000, (i) => `a [b${i}](c) d `)}\n`, /^a paragraph of tens of thousands of links, markers or lines at line 3:/],
      ['data.mdx', `# Data\n\n{[\n${repeat(3000, () => '{},')}\n]}\n`, /^an MDX expression re-parsed .* at line 4:/],
    ];
    for (const [filePath, text, reason] of pages) {
      const result = await chunkMarkdownFile({ filePath, text });
      expect(result).toMatchObject({ ok: false, code: 'too_deeply_nested' });
      expect(!result.ok && result.reason).toMatch(reason);
    }
  });

  it('still chunks a page with ordinary emphasis, links, comments and code', async () => {
    const text = '# Fine\n\nSome *emphasis*, **strong**, ***both*** and ~~struck~~ text, a [link](/x), <!-- a note --> and `code`.\n';
    const result = await chunkMarkdownFile({ filePath: 'fine.md', text });
    expect(result.ok && result.chunks[0]!.payload.content).toBe('# Fine\n\nSome *emphasis*, **strong**, ***both*** and ~~struck~~ text, a [link](/x), and `code`.');
  });
});
